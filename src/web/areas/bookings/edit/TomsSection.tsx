import { Alert, Divider, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { tomsApi } from '../../../../shared/api/toms';
import { api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { formatDate, formatMoney } from '../../../lib/format';

/** A cost taken off: '-£12.34', or '£0.00' when there is none. */
const less = (v: string | number) => (Number(v) > 0 ? `-${formatMoney(v)}` : formatMoney(v));

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" py={3} data-figure={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} ta="right" data-value>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The booking's VAT margin under TOMS (issue #27, HMRC VAT Notice 709/5), read-only: selling
 * price, bought-in costs (airline costs + its share of the invoices linked to its departures, per
 * live passenger), in-house costs taken out, the margin and the VAT on it — zero-rated when the
 * travel is outside the UK. The figures are the server's (`GET toms/bookings/{id}`), the same as the
 * quarter's TOMS working report; reloaded when the booking's version changes.
 */
export function TomsSection({ bookingId, version }: { bookingId: number; version: number }) {
  const query = useQuery({
    queryKey: keys.toms.sub(bookingId, 'margin', version),
    queryFn: ({ signal }) => api.call(tomsApi.booking, { params: { id: bookingId }, signal }),
  });
  if (query.isPending) return <Loader size="sm" aria-label="Loading the VAT margin" />;
  if (query.isError)
    return (
      <Alert color="red" title="The VAT margin could not be loaded">
        {query.error.message}
      </Alert>
    );
  const f = query.data.data;
  const boughtIn = f.outside_uk ? f.bought_in_non_uk : f.bought_in_uk;
  const margin = f.outside_uk ? f.margin_non_uk : f.margin_uk;
  const invoiced = f.groups.some((g) => Number(g.group_bought_in) > 0 || Number(g.group_in_house) > 0);
  return (
    <Stack gap={0} maw={720} aria-label="VAT margin (TOMS)">
      <Text size="sm" mb="xs">
        {f.outside_uk
          ? 'Travel outside the UK: the margin is zero-rated.'
          : `Travel in the UK: VAT at ${f.vat_rate}% is included in the margin (${f.vat_rate}/${100 + Number(f.vat_rate)} of it).`}
      </Text>
      <Line
        label={f.cancelled ? 'Selling price (cancellation charge)' : 'Selling price'}
        value={formatMoney(f.selling_price)}
      />
      <Line label="In-house supplies excluded" value={less(f.in_house)} />
      <Line label="Supplier invoices (share)" value={less(f.supplier_costs)} />
      <Line label="Airline costs" value={less(f.airline_costs)} />
      <Divider my={4} />
      <Line
        label={`Bought-in costs (${f.outside_uk ? 'outside the UK' : 'UK'})`}
        value={formatMoney(boughtIn)}
      />
      <Line label="Margin" value={formatMoney(margin)} strong />
      <Line label="VAT due on the margin" value={formatMoney(f.vat_due)} strong />
      {!invoiced && (
        <Text size="xs" c="dimmed" mt="xs">
          No supplier invoices are linked to its departures yet: their costs count once linked.
        </Text>
      )}
      {invoiced && (
        <Table mt="sm" withTableBorder verticalSpacing={4} fz="sm" aria-label="Departure costs apportioned">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Departure</Table.Th>
              <Table.Th ta="right">Invoiced</Table.Th>
              <Table.Th ta="right">In-house</Table.Th>
              <Table.Th ta="right">Passengers</Table.Th>
              <Table.Th ta="right">Share</Table.Th>
              <Table.Th ta="right">In-house share</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {f.groups.map((g) => (
              <Table.Tr key={g.group_id}>
                <Table.Td>
                  {g.tour} {formatDate(g.start_date)}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(g.group_bought_in)}</Table.Td>
                <Table.Td ta="right">{formatMoney(g.group_in_house)}</Table.Td>
                <Table.Td ta="right">
                  {g.booking_guests} of {g.group_guests}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(g.bought_in_share)}</Table.Td>
                <Table.Td ta="right">{formatMoney(g.in_house_share)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
