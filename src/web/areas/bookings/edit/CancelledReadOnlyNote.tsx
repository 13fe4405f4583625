import { Text } from '@mantine/core';
import { type BookingDetail, MESSAGES } from '../../../../shared/api/booking-edit';

/**
 * One line on the sections a cancelled booking no longer changes (issue #10: tours, passengers,
 * extras and discounts), saying why their buttons are gone. Nothing for a live booking.
 */
export function CancelledReadOnlyNote({ booking }: { booking: Pick<BookingDetail, 'cancelled_at'> }) {
  if (!booking.cancelled_at) return null;
  return (
    <Text size="sm" c="dimmed" fs="italic" mb="xs" role="note">
      {MESSAGES.cancelledReadOnly}
    </Text>
  );
}
