import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { BookingDetail } from '../../../../shared/api/booking-edit';
import { api } from '../../../api/client';
import { useCan } from '../../../ui/permissions';
import { useBookingChange } from '../booking-api';

/**
 * 'Notify Customer of Change' (spec 1 §4 'Emailing the customer', §6 role 1): choose the reasons
 * for the change and email them to the customer (else the agent) → POST bookings/{id} with
 * intimate_customer 'yes' and intimate_customer_reasons. Refused by the server with a message when
 * the booking has no email address to send to.
 */
export function NotifyCustomerButton({ booking, reasons }: { booking: BookingDetail; reasons: string[] }) {
  const mayNotify = useCan('bookings.update');
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const notify = useBookingChange(
    booking,
    (list: string[], b) =>
      api.post<{ message: string }>(`/bookings/${b.id}`, {
        intimate_customer: 'yes',
        intimate_customer_reasons: list,
        version: b.version,
      }),
    { onSuccess: () => setOpened(false) },
  );
  if (!mayNotify) return null;
  const to = booking.customer?.email ?? booking.agent?.email ?? null;
  const send = () => {
    if (chosen.length === 0) {
      setError('Choose at least one reason for the change.');
      return;
    }
    notify.mutate(chosen);
  };
  return (
    <>
      <Button
        variant="light"
        onClick={() => {
          setChosen([]);
          setError(null);
          setOpened(true);
        }}
      >
        Notify Customer of Change
      </Button>
      <Modal
        opened={opened}
        onClose={() => !notify.isPending && setOpened(false)}
        title="Notify Customer of Change"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {to
              ? `An email listing the reasons goes to ${to}.`
              : 'This booking has no customer or agent email address to send to.'}
          </Text>
          <Checkbox.Group label="Reasons for the change" value={chosen} onChange={setChosen} error={error}>
            <Stack gap={6} mt={6}>
              {reasons.map((r) => (
                <Checkbox key={r} value={r} label={r} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)} disabled={notify.isPending}>
              Cancel
            </Button>
            <Button onClick={send} disabled={notify.isPending || !to}>
              {notify.isPending ? 'Sending...' : 'Send email'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
