import { Badge, Button, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { type BookingDetail, bookingEditApi } from '../../../../shared/api/booking-edit';
import { api } from '../../../api/client';
import { formatDateTime } from '../../../lib/format';
import { confirmAction } from '../../../ui/confirm';
import { useCan } from '../../../ui/permissions';
import { useBookingChange } from '../booking-api';
import { AcceptChanges } from './AcceptChanges';
import { acceptedSource, isCancelled } from './booking-view';

/** A badge whose tooltip text is also read out (a tooltip alone is hover-only). */
function TipBadge({
  label,
  tip,
  color,
  variant = 'light',
}: {
  label: string;
  tip: string;
  color: string;
  variant?: string;
}) {
  return (
    <Tooltip label={tip} withArrow>
      <Badge color={color} variant={variant} size="lg" radius="sm" tt="none" style={{ cursor: 'help' }}>
        {label}
        <VisuallyHidden>{` (${tip})`}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}

/**
 * The booking's states (spec 1 §3 status, §4): status ('Cancelled' highlighted), changes accepted
 * with where and when, Changes Reviewed, the agent's confirmation with 'Mark Confirmed', and the
 * 'Accept Changes ?' switch while changes are pending.
 */
export function StatusBadges({ booking }: { booking: BookingDetail }) {
  const cancelled = isCancelled(booking);
  const accepted = booking.changes_accepted === 1;
  const acceptedTip = accepted
    ? [
        booking.changes_accepted_at ? `On ${formatDateTime(booking.changes_accepted_at)}` : 'Accepted',
        acceptedSource(booking.changes_accepted_from),
      ]
        .filter(Boolean)
        .join(' ')
    : booking.changes_accepted_at
      ? `Last Accepted at ${formatDateTime(booking.changes_accepted_at)}`
      : 'Never Accepted';
  const reviewed = booking.changes_reviewed === 1;
  return (
    <Group gap="sm" wrap="wrap" align="center">
      {cancelled ? (
        <Badge color="red" variant="filled" size="lg" radius="sm" tt="none">
          Cancelled
        </Badge>
      ) : (
        <Badge
          color={booking.status === 'Pending' ? 'orange' : 'teal'}
          variant="light"
          size="lg"
          radius="sm"
          tt="none"
        >
          Status: {booking.status}
        </Badge>
      )}
      <TipBadge
        label={accepted ? 'Changes Accepted' : 'Changes Not Accepted'}
        tip={acceptedTip}
        color={accepted ? 'green' : 'red'}
      />
      <TipBadge
        label={`Changes Reviewed: ${reviewed ? 'Reviewed' : 'Pending'}`}
        tip={
          reviewed && booking.changes_reviewed_at
            ? `On ${formatDateTime(booking.changes_reviewed_at)}`
            : reviewed
              ? 'Reviewed'
              : 'Not reviewed yet'
        }
        color={reviewed ? 'green' : 'orange'}
      />
      {booking.agent_id !== null && <AgentConfirmation booking={booking} />}
      {!accepted && <AcceptChanges booking={booking} />}
    </Group>
  );
}

/** Spec 1 §4 'Agent confirmation': No → Yes through 'Mark Confirmed' after a dialog. */
function AgentConfirmation({ booking }: { booking: BookingDetail }) {
  const mayConfirm = useCan('bookings.agentConfirm');
  const confirm = useBookingChange(booking, (_: undefined, b) =>
    api.call(bookingEditApi.agentConfirm, { params: { id: b.id } }),
  );
  const ask = async () => {
    const ok = await confirmAction(
      'Mark this booking as confirmed by the agent? The booking will count as confirmed even with no payment recorded.',
      { title: 'Mark Confirmed', confirmLabel: 'Mark Confirmed' },
    );
    if (ok) confirm.mutate(undefined);
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Badge
        color={booking.agent_confirmed ? 'green' : 'gray'}
        variant="light"
        size="lg"
        radius="sm"
        tt="none"
      >
        Agent confirmed: {booking.agent_confirmed ? 'Yes' : 'No'}
      </Badge>
      {!booking.agent_confirmed &&
        (mayConfirm ? (
          <Button size="compact-sm" variant="light" onClick={ask} disabled={confirm.isPending}>
            {confirm.isPending ? 'Updating...' : 'Mark Confirmed'}
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            awaiting the agent
          </Text>
        ))}
    </Group>
  );
}
