import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BookingDetail } from '../../../../shared/api/booking-edit';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../ui/permissions';
import { AddTourButton } from './AddTourModal';
import { Fact } from './Fact';

/** The fields the old system's tour booking usually carries, in the order shown (spec 1 §2). */
const KNOWN: { key: string; label: string; kind?: 'date' | 'money' }[] = [
  { key: 'tour_name', label: 'Old tour booking' },
  { key: 'room', label: 'Room' },
  { key: 'departure_date', label: 'Departure date', kind: 'date' },
  { key: 'total_revenue', label: 'Total revenue', kind: 'money' },
  { key: 'guests', label: 'Guests' },
  { key: 'price_per_guest', label: 'Price per guest', kind: 'money' },
];

const humanise = (key: string) => {
  const s = key.replace(/_/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/** A stored value as text: dates DD/MM/YYYY, money £, objects by their name-like field. */
function show(value: unknown, kind?: 'date' | 'money' | 'auto'): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const named = o.name ?? o.title ?? o.tour_name ?? o.label;
    return named !== undefined ? String(named) : JSON.stringify(value);
  }
  const text = String(value);
  if (kind === 'date' || (kind === 'auto' && /^\d{4}-\d{2}-\d{2}(T|$)/.test(text)))
    return formatDate(text) || text;
  if (kind === 'money') return formatMoney(text);
  return text;
}

/**
 * The imported old-system block (spec 1 §2): the old tour booking, room, departure date, total
 * revenue and lead passenger as the import kept them (other fields the record holds follow by
 * name). A booking without tour lines offers 'Relink tour' (role 1), the same call as Add tour.
 */
export function OldSystemSection({ booking }: { booking: BookingDetail }) {
  const mayRelink = useCan('bookings.tours');
  const old = (booking.old_tour_booking ?? {}) as Record<string, unknown>;
  const others = Object.keys(old).filter((k) => !KNOWN.some((f) => f.key === k));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm">
        {booking.old_booking_id !== null && (
          <Fact label="Old booking id">{String(booking.old_booking_id)}</Fact>
        )}
        {KNOWN.filter((f) => f.key in old).map((f) => (
          <Fact key={f.key} label={f.label}>
            {show(old[f.key], f.kind)}
          </Fact>
        ))}
        {others.map((k) => (
          <Fact key={k} label={humanise(k)}>
            {show(old[k], 'auto')}
          </Fact>
        ))}
        <Fact label="Lead passenger">{booking.old_lead_passenger}</Fact>
      </SimpleGrid>
      {booking.tour_bookings.length === 0 && (
        <Group gap="sm">
          {mayRelink && <AddTourButton booking={booking} label="Relink tour" />}
          <Text size="xs" c="dimmed">
            This imported booking has no tour linked in this system yet.
          </Text>
        </Group>
      )}
    </Stack>
  );
}
