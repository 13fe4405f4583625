import { Divider, Stack, Text, Title } from '@mantine/core';
import type { PortalBooking } from '../../../shared/api/portal';
import { formatDate } from '../../lib/format';
import { Facts } from '../Facts';
import { PortalCard } from '../PortalCard';
import { flightTime } from '../portal-format';

type Holiday = PortalBooking['holidays'][number];

/**
 * Your holiday (`title`, for an agent 'The holiday'): each tour of the booking — dates, nights,
 * where it leaves from, flights and the stay.
 */
export function HolidayCard({ holidays, title = 'Your holiday' }: { holidays: Holiday[]; title?: string }) {
  return (
    <PortalCard title={title}>
      {holidays.length === 0 && <Text c="dimmed">There is no holiday on this booking yet.</Text>}
      {holidays.map((h, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the booking's tours in the server's order
        <Stack key={i} gap="xs">
          {i > 0 && <Divider />}
          <Title order={3} size="h4">
            {h.tour_name}
          </Title>
          <HolidayFacts holiday={h} />
          {h.flights.length > 0 && <Flights flights={h.flights} />}
        </Stack>
      ))}
    </PortalCard>
  );
}

function HolidayFacts({ holiday: h }: { holiday: Holiday }) {
  const dates = h.return_date
    ? `${formatDate(h.departure_date)} to ${formatDate(h.return_date)}`
    : formatDate(h.departure_date);
  const room = h.room ? `${h.rooms > 1 ? `${h.rooms} × ` : ''}${h.room}` : null;
  return (
    <Facts
      rows={[
        ['Dates', dates],
        ['Nights', h.nights],
        ['Departure airport', h.departure_airport],
        ['Pickup point', h.pickup_point],
        ['Hotel', h.hotel],
        ['Resort', h.resort],
        ['Room', room],
        ['Board basis', h.board_basis],
        ['Travellers', h.guests > 0 ? h.guests : null],
      ]}
    />
  );
}

function Flights({ flights }: { flights: Holiday['flights'] }) {
  return (
    <Stack gap={6}>
      <Title order={4} size="h5">
        Flights
      </Title>
      {flights.map((f) => (
        <Stack key={`${f.flight_number}-${f.departs}`} gap={0}>
          <Text fw={600}>
            {f.flight_number}
            {f.airline ? ` · ${f.airline}` : ''}
          </Text>
          {(f.from || f.to) && (
            <Text size="sm">
              {f.from ?? '?'} → {f.to ?? '?'}
            </Text>
          )}
          <Text size="sm">
            {f.departs && `Departs ${flightTime(f.departs)}`}
            {f.departs && f.arrives && ', '}
            {f.arrives && `arrives ${flightTime(f.arrives)}`}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
