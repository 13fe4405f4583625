import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type BookingDetail, MESSAGES } from '../../../../shared/api/booking-edit';
import { ApiError, api } from '../../../api/client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { MoneyInput } from '../../../ui/form';
import { useCan } from '../../../ui/permissions';
import { useBookingChange } from '../booking-api';
import { amountText, isCancelled } from './booking-view';
import { Fact } from './Fact';

/**
 * 'Cancel booking' (spec 1 §4 Cancelled; role 1, not when already cancelled): a confirmation with
 * 'Click OK to confirm cancellation.' and the cancellation charge, prefilled with what the
 * cancellation policy proposes today → POST bookings/{id}/cancel.
 */
export function CancelBookingButton({ booking }: { booking: BookingDetail }) {
  const mayCancel = useCan('bookings.cancel');
  const [opened, setOpened] = useState(false);
  const [charge, setCharge] = useState<string | number>(booking.proposed_cancellation_charge);
  const [error, setError] = useState<string | null>(null);
  const cancel = useBookingChange(
    booking,
    (cancellation_charge: string, b) =>
      api.post<{ message: string }>(`/bookings/${b.id}/cancel`, { cancellation_charge, version: b.version }),
    { onSuccess: () => setOpened(false) },
  );
  if (!mayCancel || isCancelled(booking)) return null;
  const open = () => {
    setCharge(booking.proposed_cancellation_charge);
    setError(null);
    setOpened(true);
  };
  const ok = () => {
    const text = amountText(charge);
    if (text === '') {
      setError('Enter the cancellation charge (0.00 for none).');
      return;
    }
    cancel.mutate(text, {
      onError: (err) =>
        setError(err instanceof ApiError ? (err.fieldErrors.cancellation_charge ?? null) : null),
    });
  };
  return (
    <>
      <Button color="red" variant="light" onClick={open}>
        Cancel booking
      </Button>
      <Modal
        opened={opened}
        onClose={() => !cancel.isPending && setOpened(false)}
        title="Cancel booking"
        centered
      >
        <Stack gap="md">
          <Text size="sm" fw={500}>
            {MESSAGES.cancelConfirm}
          </Text>
          <MoneyInput
            label="Cancellation charge"
            description={`Proposed from the booking's cancellation policy: ${formatMoney(
              booking.proposed_cancellation_charge,
            )} of ${formatMoney(booking.totals.total_due)}. Change it if another charge was agreed; 0.00 waives it.`}
            value={charge}
            onChange={setCharge}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)} disabled={cancel.isPending}>
              Keep booking
            </Button>
            <Button color="red" onClick={ok} disabled={cancel.isPending}>
              {cancel.isPending ? 'Updating...' : 'OK'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * A cancelled booking (spec 1 §4): when it was cancelled, the cancellation charge (role 1 may change
 * it: POST bookings/{id} cancellation_charge) beside the invoice value struck through. The balance
 * outstanding (charge, or total due when the charge is 0.00, minus paid) heads the summary.
 */
export function CancellationDetails({ booking }: { booking: BookingDetail }) {
  const mayEdit = useCan('bookings.update');
  const [charge, setCharge] = useState<string | number>(booking.cancellation_charge ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useBookingChange(booking, (cancellation_charge: string, b) =>
    api.post<{ message: string }>(`/bookings/${b.id}`, { cancellation_charge, version: b.version }),
  );
  const changed = amountText(charge) !== booking.cancellation_charge && amountText(charge) !== '';
  const invoice = booking.totals.total_due || '0.00';
  return (
    <Paper withBorder p="sm" radius="sm" bg="red.0" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Fact label="Cancelled at">{formatDateTime(booking.cancelled_at)}</Fact>
        <div>
          <Group gap="sm" align="flex-end" wrap="nowrap">
            {mayEdit ? (
              <MoneyInput
                label="Cancellation charge"
                placeholder="Not set"
                description={
                  booking.cancellation_charge === null ? 'Not set: the total due counts' : '0.00 waives it'
                }
                value={charge}
                onChange={(v) => {
                  setCharge(v);
                  setError(null);
                }}
                error={error}
                w={160}
              />
            ) : (
              <Fact label="Cancellation charge">
                {booking.cancellation_charge === null
                  ? 'Not set (the total due counts)'
                  : formatMoney(booking.cancellation_charge)}
              </Fact>
            )}
            <Text
              size="sm"
              c="dimmed"
              td="line-through"
              pb={error ? 26 : 8}
              title="Invoice value (total due) before cancellation"
              aria-label={`Invoice value ${formatMoney(invoice)}`}
            >
              {formatMoney(invoice)}
            </Text>
          </Group>
          {mayEdit && changed && (
            <Button
              size="compact-sm"
              mt={6}
              disabled={save.isPending}
              onClick={() =>
                save.mutate(amountText(charge), {
                  onError: (err) =>
                    setError(err instanceof ApiError ? (err.fieldErrors.cancellation_charge ?? null) : null),
                })
              }
            >
              {save.isPending ? 'Updating...' : 'Update charge'}
            </Button>
          )}
        </div>
      </SimpleGrid>
    </Paper>
  );
}
