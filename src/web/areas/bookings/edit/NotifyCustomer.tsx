import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type BookingDetail, bookingEditApi, bookingUpdateSchema } from '../../../../shared/api/booking-edit';
import { api } from '../../../api/client';
import { useEntityForm } from '../../../ui/entity';
import { Modal } from '../../../ui/Modal';
import { useCan } from '../../../ui/permissions';
import { useReloadBooking } from '../booking-api';

/**
 * 'Notify Customer of Change' (spec 1 §4 'Emailing the customer', §6 role 1): choose the reasons
 * for the change and email them to the customer (else the agent) → POST bookings/{id} with
 * intimate_customer 'yes' and intimate_customer_reasons. Refused by the server with a message when
 * the booking has no email address to send to.
 */
export function NotifyCustomerButton({ booking, reasons }: { booking: BookingDetail; reasons: string[] }) {
  const mayNotify = useCan('bookings.update');
  const [opened, setOpened] = useState(false);
  if (!mayNotify) return null;
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        Notify Customer of Change
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Notify Customer of Change" centered>
        {opened && <NotifyForm booking={booking} reasons={reasons} onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function NotifyForm({
  booking,
  reasons,
  onClose,
}: {
  booking: BookingDetail;
  reasons: string[];
  onClose: () => void;
}) {
  const reload = useReloadBooking(booking.id);
  const entity = useEntityForm({
    schema: bookingUpdateSchema,
    toValues: () => ({ reasons: [] as string[] }),
    toInput: (v: { reasons: string[] }) => ({
      intimate_customer: 'yes' as const,
      intimate_customer_reasons: v.reasons,
      version: booking.version,
    }),
    extraValidate: (v): Record<string, string> =>
      v.reasons.length === 0 ? { reasons: 'Choose at least one reason for the change.' } : {},
    permission: 'bookings.update',
    mode: 'update',
    record: booking,
    send: (body) => api.call(bookingEditApi.update, { params: { id: booking.id }, body }),
    onSaved: () => {
      void reload();
      onClose();
    },
  });
  const { form, onSubmit, saving } = entity;
  const to = booking.customer?.email ?? booking.agent?.email ?? null;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {to
            ? `An email listing the reasons goes to ${to}.`
            : 'This booking has no customer or agent email address to send to.'}
        </Text>
        <Checkbox.Group label="Reasons for the change" {...form.getInputProps('reasons')}>
          <Stack gap={6} mt={6}>
            {reasons.map((r) => (
              <Checkbox key={r} value={r} label={r} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving || !to}>
            {saving ? 'Sending...' : 'Send email'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
