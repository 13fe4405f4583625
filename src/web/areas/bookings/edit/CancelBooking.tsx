import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  type BookingDetail,
  bookingEditApi,
  bookingUpdateSchema,
  cancelSchema,
  MESSAGES,
} from '../../../../shared/api/booking-edit';
import { api } from '../../../api/client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useEntityForm } from '../../../ui/entity';
import { MoneyInput } from '../../../ui/form';
import { Modal } from '../../../ui/Modal';
import { useCan } from '../../../ui/permissions';
import { useReloadBooking } from '../booking-api';
import { amountText, isCancelled } from './booking-view';
import { Fact } from './Fact';

interface ChargeValues {
  cancellation_charge: string | number;
}

/**
 * 'Cancel booking' (spec 1 §4 Cancelled; role 1, not when already cancelled): a confirmation with
 * 'Click OK to confirm cancellation.' and the cancellation charge, prefilled with what the
 * cancellation policy proposes today → POST bookings/{id}/cancel (checked with the shared
 * cancelSchema; the charge must be entered, 0.00 for none).
 */
export function CancelBookingButton({ booking }: { booking: BookingDetail }) {
  const mayCancel = useCan('bookings.cancel');
  const [opened, setOpened] = useState(false);
  if (!mayCancel || isCancelled(booking)) return null;
  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpened(true)}>
        Cancel booking
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Cancel booking" centered>
        {opened && <CancelForm booking={booking} onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function CancelForm({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const reload = useReloadBooking(booking.id);
  const entity = useEntityForm({
    schema: cancelSchema,
    toValues: (b?: BookingDetail): ChargeValues => ({
      cancellation_charge: b?.proposed_cancellation_charge ?? '',
    }),
    toInput: (v: ChargeValues) => ({
      cancellation_charge: amountText(v.cancellation_charge),
      version: booking.version,
    }),
    extraValidate: (v): Record<string, string> =>
      amountText(v.cancellation_charge) === ''
        ? { cancellation_charge: 'Enter the cancellation charge (0.00 for none).' }
        : {},
    permission: 'bookings.cancel',
    mode: 'update',
    record: booking,
    send: (body) => api.call(bookingEditApi.cancel, { params: { id: booking.id }, body }),
    onSaved: () => {
      void reload();
      onClose();
    },
  });
  const { form, onSubmit, saving } = entity;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" fw={500}>
          {MESSAGES.cancelConfirm}
        </Text>
        <MoneyInput
          label="Cancellation charge"
          description={`Proposed from the booking's cancellation policy: ${formatMoney(
            booking.proposed_cancellation_charge,
          )} of ${formatMoney(booking.totals.total_due)}. Change it if another charge was agreed; 0.00 waives it.`}
          data-autofocus
          {...form.getInputProps('cancellation_charge')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Keep booking
          </Button>
          <Button color="red" type="submit" disabled={saving}>
            {saving ? 'Updating...' : 'OK'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A cancelled booking (spec 1 §4): when it was cancelled, the cancellation charge (role 1 may change
 * it: POST bookings/{id} cancellation_charge, checked with the shared bookingUpdateSchema) beside
 * the invoice value struck through. The balance outstanding (charge, or total due when the charge is
 * 0.00, minus paid) heads the summary.
 */
export function CancellationDetails({ booking }: { booking: BookingDetail }) {
  const reload = useReloadBooking(booking.id);
  const entity = useEntityForm({
    schema: bookingUpdateSchema,
    toValues: (b?: BookingDetail): ChargeValues => ({ cancellation_charge: b?.cancellation_charge ?? '' }),
    toInput: (v: ChargeValues) => ({
      cancellation_charge: amountText(v.cancellation_charge),
      version: booking.version,
    }),
    permission: 'bookings.update',
    mode: 'update',
    record: booking,
    send: (body) => api.call(bookingEditApi.update, { params: { id: booking.id }, body }),
    onSaved: () => void reload(),
  });
  const { form, onSubmit, saving, maySave } = entity;
  const charge = amountText(form.getValues().cancellation_charge);
  const changed = charge !== booking.cancellation_charge && charge !== '';
  const error = form.errors.cancellation_charge;
  const invoice = booking.totals.total_due || '0.00';
  return (
    <Paper withBorder p="sm" radius="sm" bg="red.0" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Fact label="Cancelled at">{formatDateTime(booking.cancelled_at)}</Fact>
        <form onSubmit={onSubmit} noValidate>
          <Group gap="sm" align="flex-end" wrap="nowrap">
            {maySave ? (
              <MoneyInput
                label="Cancellation charge"
                placeholder="Not set"
                description={
                  booking.cancellation_charge === null ? 'Not set: the total due counts' : '0.00 waives it'
                }
                w={160}
                {...form.getInputProps('cancellation_charge')}
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
          {maySave && changed && (
            <Button type="submit" size="compact-sm" mt={6} disabled={saving}>
              {saving ? 'Updating...' : 'Update charge'}
            </Button>
          )}
        </form>
      </SimpleGrid>
    </Paper>
  );
}
