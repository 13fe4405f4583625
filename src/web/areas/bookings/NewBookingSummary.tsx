import { Anchor, Badge, CloseButton, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Customer } from '../../../shared/api/customers';
import { pathTo } from '../../../shared/routes';
import { formatDate, formatMoney } from '../../lib/format';
import type { PartyChoice } from '../../ui/PartyPickerModal';
import { type ChosenTourLine, lineTotal, type newBookingTotals, perGuestPrice } from './new-booking';

// The new-booking screen's summary card and its table of chosen tour lines (spec 1 §2 'New booking').

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </Stack>
  );
}

/** The summary card: who the booking is for, its lines and the tours total (spec 1 §9). */
export function NewBookingSummary({
  customer,
  customerLabel,
  agent,
  affiliate,
  lines,
  totals,
}: {
  customer: Customer | null;
  customerLabel: string | null;
  agent: PartyChoice | null;
  affiliate: PartyChoice | null;
  lines: ChosenTourLine[];
  totals: ReturnType<typeof newBookingTotals>;
}) {
  const departure = lines.map((l) => l.departure_date).sort()[0];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Summary">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
        <Fact label="Customer">
          {customerLabel && (
            <Group gap={6} wrap="wrap">
              {customer ? (
                <Anchor component={Link} to={pathTo('customer-edit', { id: customer.id })} size="sm" fw={500}>
                  {customerLabel}
                </Anchor>
              ) : (
                customerLabel
              )}
              {customer?.is_blacklisted && (
                <Badge color="red" size="sm">
                  (Blacklisted)
                </Badge>
              )}
            </Group>
          )}
        </Fact>
        <Fact label="Agent">{agent ? `${agent.name}${agent.code ? ` (${agent.code})` : ''}` : null}</Fact>
        <Fact label="Affiliate">{affiliate?.name}</Fact>
        <Fact label="Departure">{formatDate(departure)}</Fact>
        <Fact label="Tours">
          {lines.length
            ? `${lines.length} ${lines.length === 1 ? 'line' : 'lines'}, ${totals.guests} ${totals.guests === 1 ? 'guest' : 'guests'}`
            : 'None yet'}
        </Fact>
        <Fact label="Tours total">
          <Text span fw={700} size="lg">
            {formatMoney(totals.tours_total)}
          </Text>
        </Fact>
      </SimpleGrid>
    </Paper>
  );
}

/** The chosen tour lines with their prices; each may be removed before the booking is made. */
export function NewBookingLines({
  items,
  toursTotal,
  onRemove,
}: {
  items: { key: number; line: ChosenTourLine }[];
  toursTotal: string;
  onRemove: (key: number) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table withTableBorder striped fz="sm" aria-label="Tour booking items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tour</Table.Th>
            <Table.Th>Departure</Table.Th>
            <Table.Th>Room</Table.Th>
            <Table.Th ta="right">Guests</Table.Th>
            <Table.Th ta="right">Rooms</Table.Th>
            <Table.Th ta="right">Price per guest</Table.Th>
            <Table.Th ta="right">Line total</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map(({ key, line: l }) => (
            <Table.Tr key={key}>
              <Table.Td>
                {l.tour_name}
                {l.airline_ref && (
                  <Text size="xs" c="dimmed">
                    Airline ref {l.airline_ref}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {formatDate(l.departure_date)}
                {l.instance_title && (
                  <Text size="xs" c="dimmed">
                    {l.instance_title}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {l.accommodation_name} – {l.room_name}
                <Text size="xs" c="dimmed">
                  {[l.board_basis, `sleeps ${l.occupancy}`].filter(Boolean).join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{l.guests}</Table.Td>
              <Table.Td ta="right">{l.rooms}</Table.Td>
              <Table.Td ta="right">{formatMoney(perGuestPrice(l))}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatMoney(lineTotal(l, l.guests))}
              </Table.Td>
              <Table.Td ta="right">
                <CloseButton
                  aria-label={`Remove ${l.tour_name} on ${formatDate(l.departure_date)}`}
                  title="Remove"
                  onClick={() => onRemove(key)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={6} ta="right">
              Tours total
            </Table.Th>
            <Table.Th ta="right">{formatMoney(toursTotal)}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
