import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import type { BookingDetail, BookingTourLine } from '../../../../shared/api/booking-edit';
import { bookingFilesApi } from '../../../../shared/api/booking-files';
import { pathTo } from '../../../../shared/routes';
import { api } from '../../../api/client';
import { formatDate, formatMoney } from '../../../lib/format';
import { RouterAnchor } from '../../../ui/RouterAnchor';
import { formatFlightTime } from '../../flights';
import { lineTotal, passengerName } from './booking-view';
import { Fact } from './Fact';

/** POST update-booking/download-supplement-costing-doc: an airline cost's invoice PDF. */
export async function downloadAirlineInvoice(cost: { id: number; airline_invoice: string | null }) {
  try {
    await api.call(bookingFilesApi.costingDocument, {
      body: { airline_id: cost.id },
      fallbackName: cost.airline_invoice ?? `airline-invoice-${cost.id}.pdf`,
    });
  } catch (err) {
    notifications.show({ color: 'red', title: 'Error', message: (err as Error).message });
  }
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.4}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * One tour line of the booking (spec 1 §2 'Tour line', §3 Tour booking): the tour, its instance
 * (departure, group, flights, pick-up point), the room, price per guest, guests, rooms, line total,
 * airline reference and flight costs with their invoices, passengers allocated and special
 * requests. `actions` are role 1's buttons.
 */
export function TourLineCard({
  line,
  booking,
  actions,
}: {
  line: BookingTourLine;
  booking: BookingDetail;
  actions?: ReactNode;
}) {
  const { instance, room } = line;
  const names = line.passengers
    .map((id) => booking.passengers.find((p) => p.id === id))
    .filter((p) => p !== undefined)
    .map(passengerName);
  const salePrice = line.sale_price && line.sale_price !== '0.00' ? line.sale_price : null;
  return (
    <Paper withBorder radius="sm" p="md" aria-label={`Tour line: ${line.tour.name}`} component="article">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="sm">
        <Group gap="sm" wrap="wrap">
          <RouterAnchor to={pathTo('tour-edit', { id: line.tour.id })} fw={700}>
            {line.tour.name}
          </RouterAnchor>
          <Badge variant="light" color="gray" radius="sm" size="sm">
            {line.tour.tour_type}
          </Badge>
          <Text size="sm" c="dimmed">
            departs {formatDate(instance.departure_date)}
          </Text>
        </Group>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" verticalSpacing="md">
        <Block title="Instance">
          <Fact label="Departure date">
            <RouterAnchor to={pathTo('tour-instance', { id: instance.id })} size="sm">
              {formatDate(instance.departure_date)}
              {instance.instance_title ? ` — ${instance.instance_title}` : ''}
            </RouterAnchor>
          </Fact>
          <Fact label="Group">
            <RouterAnchor to={pathTo('tour-group', { id: instance.group.id })} size="sm">
              Group of {formatDate(instance.group.start_date)}
            </RouterAnchor>
          </Fact>
          {instance.airport && (
            <Fact label="Departure airport">{`${instance.airport.name} (${instance.airport.iata_code})`}</Fact>
          )}
          {instance.pick_up_point && <Fact label="Pick-up point">{instance.pick_up_point.name}</Fact>}
        </Block>
        <Block title="Room">
          {room ? (
            <>
              <Fact label="Room">
                {room.name}
                {room.board_basis ? ` · ${room.board_basis}` : ''}
              </Fact>
              <Fact label="Occupancy">{`${room.occupancy} per room`}</Fact>
              <Fact label="Accommodation">{room.accommodation.accommodation_name}</Fact>
              {line.check_in_date && (
                <Fact label="Stay">{`${formatDate(line.check_in_date)} – ${formatDate(line.check_out_date)}`}</Fact>
              )}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              No room chosen
            </Text>
          )}
        </Block>
        <Block title="Price">
          <SimpleGrid cols={2} spacing="xs">
            <Fact label="Price per guest">
              {formatMoney(line.price)}
              {salePrice && (
                <Text span size="xs" c="teal.8">
                  {' '}
                  sale {formatMoney(salePrice)}
                </Text>
              )}
            </Fact>
            <Fact label="Guests">{line.guests}</Fact>
            <Fact label="Rooms">{line.rooms}</Fact>
            <Fact label="Line total">
              <Text span fw={700} size="sm" data-testid={`line-total-${line.id}`}>
                {formatMoney(lineTotal(line))}
              </Text>
            </Fact>
            {line.cost && <Fact label="Cost">{formatMoney(line.cost)}</Fact>}
          </SimpleGrid>
        </Block>
        <Block title="Airline">
          <Fact label="Airline reference">{line.airline_ref}</Fact>
          <Fact label="Airline flight cost">{formatMoney(line.airline_flight_cost)}</Fact>
        </Block>
      </SimpleGrid>
      {instance.flights.length > 0 && (
        <Stack gap={4} mt="md">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.4}>
            Flights
          </Text>
          {instance.flights.map((f) => (
            <Text size="sm" key={f.id}>
              <Text span fw={600}>
                {[f.airline?.name, f.flight_number].filter(Boolean).join(' ')}
              </Text>{' '}
              {f.departure_airport ?? '?'} {formatFlightTime(f.departure_time)} → {f.arrival_airport ?? '?'}{' '}
              {formatFlightTime(f.arrival_time)}
            </Text>
          ))}
        </Stack>
      )}
      {line.airline_cost.length > 0 && (
        <Table mt="md" withTableBorder fz="sm" verticalSpacing={4} aria-label="Airline costs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Airline ref</Table.Th>
              <Table.Th>Flight cost</Table.Th>
              <Table.Th>Booked date</Table.Th>
              <Table.Th>Invoice</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {line.airline_cost.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.airline_ref ?? '—'}</Table.Td>
                <Table.Td>{formatMoney(c.flight_cost)}</Table.Td>
                <Table.Td>{formatDate(c.booked_date) || '—'}</Table.Td>
                <Table.Td>
                  {c.airline_invoice ? (
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => downloadAirlineInvoice(c)}
                    >
                      Download invoice
                    </Anchor>
                  ) : (
                    <Text span size="sm" c="dimmed">
                      none
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mt="md">
        <Fact label="Passengers allocated">{names.length ? names.join(', ') : 'None allocated'}</Fact>
        <Fact label="Special requests">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} component="span">
            {line.special_requests || 'None'}
          </Text>
        </Fact>
      </SimpleGrid>
    </Paper>
  );
}
