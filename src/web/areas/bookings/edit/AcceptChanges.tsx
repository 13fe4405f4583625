import { Button, Group, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { type BookingDetail, bookingEditApi, MESSAGES } from '../../../../shared/api/booking-edit';
import { api } from '../../../api/client';
import { Modal } from '../../../ui/Modal';
import { useCan } from '../../../ui/permissions';
import { useBookingChange } from '../booking-api';

/**
 * Spec 1 §4 'Changes accepted': the 'Accept Changes ?' switch shown while changes are pending. It
 * asks 'Do you wish to sent email to customer ?' — Yes accepts and emails, No accepts without an
 * email, Cancel leaves the booking as it is.
 */
export function AcceptChanges({ booking }: { booking: BookingDetail }) {
  const mayAccept = useCan('bookings.acceptChange');
  const [asking, setAsking] = useState(false);
  const accept = useBookingChange(
    booking,
    (send_email: 'yes' | 'no', b) =>
      api.call(bookingEditApi.acceptChange, { params: { id: b.id }, body: { send_email } }),
    { onSuccess: () => setAsking(false) },
  );
  if (!mayAccept) return null;
  return (
    <>
      <Switch
        label="Accept Changes ?"
        checked={asking || accept.isPending}
        onChange={(e) => e.currentTarget.checked && setAsking(true)}
        disabled={accept.isPending}
        color="green"
      />
      <Modal
        opened={asking}
        onClose={() => !accept.isPending && setAsking(false)}
        title="Accept Changes"
        centered
        size="sm"
      >
        <Text size="sm">{MESSAGES.acceptEmailQuestion}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setAsking(false)} disabled={accept.isPending}>
            Cancel
          </Button>
          <Button variant="light" onClick={() => accept.mutate('no')} disabled={accept.isPending}>
            {accept.isPending && accept.variables === 'no' ? 'Updating...' : 'No'}
          </Button>
          <Button onClick={() => accept.mutate('yes')} disabled={accept.isPending}>
            {accept.isPending && accept.variables === 'yes' ? 'Updating...' : 'Yes'}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
