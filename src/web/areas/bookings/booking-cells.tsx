import { Badge, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { BookingRow } from '../../../shared/api/bookings';
import { pathTo } from '../../../shared/routes';
import { RouterAnchor } from '../../ui/RouterAnchor';

/**
 * Cells of the bookings list (spec 1 §2). Where the current customer, agent or affiliate is empty
 * the row falls back to the record of the earlier system, shown without a link.
 */

/** Booking ref (old booking id when none): struck through when cancelled, orange while changes are pending. */
export function BookingRefCell({ row }: { row: BookingRow }) {
  const label = row.booking_ref ?? (row.old_booking_id != null ? String(row.old_booking_id) : `#${row.id}`);
  const cancelled = row.cancelled_at !== null;
  const pending = row.changes_accepted === 0;
  const notes = [cancelled && 'cancelled', pending && 'changes not accepted'].filter(Boolean).join(', ');
  return (
    <RouterAnchor
      to={pathTo('booking-edit', { id: row.id })}
      size="sm"
      fw={600}
      c={pending ? 'orange.7' : undefined}
      td={cancelled ? 'line-through' : undefined}
      title={notes ? `Booking ${label}: ${notes}` : undefined}
    >
      {label}
      {notes && <VisuallyHidden>{` (${notes})`}</VisuallyHidden>}
    </RouterAnchor>
  );
}

function OldSystem({ name }: { name: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{name || '—'}</Text>
      <Tooltip label="Record imported from the old system">
        <Badge size="xs" variant="outline" color="gray" radius="sm" style={{ flexShrink: 0 }}>
          old system
        </Badge>
      </Tooltip>
    </Group>
  );
}

const fullName = (p: { first_name: string | null; last_name: string | null }) =>
  [p.first_name, p.last_name].filter(Boolean).join(' ');

export function CustomerCell({ row }: { row: BookingRow }) {
  const c = row.customer;
  if (c) {
    return (
      <Group gap={6} wrap="wrap">
        <RouterAnchor to={pathTo('customer-edit', { id: c.id })} size="sm">
          {c.full_name || fullName(c)}
        </RouterAnchor>
        {c.is_blacklisted && (
          <Text span size="sm" fw={700} c="red.7">
            (Blacklisted)
          </Text>
        )}
      </Group>
    );
  }
  if (row.old_customer) return <OldSystem name={fullName(row.old_customer)} />;
  return <Text c="dimmed">—</Text>;
}

export function PartyCell({ row, kind }: { row: BookingRow; kind: 'agent' | 'affiliate' }) {
  const party = row[kind];
  if (party) {
    const to = pathTo(kind === 'agent' ? 'agent-edit' : 'affiliate-edit', { id: party.id });
    return (
      <RouterAnchor to={to} size="sm">
        {party.name}
      </RouterAnchor>
    );
  }
  const old = kind === 'agent' ? row.old_agent : row.old_affiliate;
  if (old) return <OldSystem name={old.name} />;
  return <Text c="dimmed">—</Text>;
}
