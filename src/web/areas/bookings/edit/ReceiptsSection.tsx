import { Anchor, Badge, Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  type BookingDetail,
  type BookingPayment,
  paymentMethodLabel,
  paymentVoidSchema,
} from '../../../../shared/api/booking-edit';
import { paymentsApi } from '../../../../shared/api/payments';
import { api } from '../../../api/client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useEntityForm } from '../../../ui/entity';
import { Modal } from '../../../ui/Modal';
import { useCan } from '../../../ui/permissions';
import { useReloadBooking } from '../booking-api';
import { isRefund, paymentsTotal, shownPaymentAmount } from './booking-sections';
import { SectionEmpty } from './section-kit';

/**
 * 'Void receipt' (issue #10; role 1 — 'payments.void'): asks for the reason (checked with the shared
 * paymentVoidSchema), then POST payments/{id}/void. The receipt stays listed, struck through with
 * who voided it and why; a reversal row cancels its amount.
 */
function VoidReceipt({ booking, payment }: { booking: BookingDetail; payment: BookingPayment }) {
  const [opened, setOpened] = useState(false);
  const what = `${formatMoney(shownPaymentAmount(payment))} by ${paymentMethodLabel(payment.payment_method)} of ${formatDateTime(payment.created_at)}`;
  return (
    <>
      <Anchor
        component="button"
        type="button"
        size="sm"
        c="red.8"
        onClick={() => setOpened(true)}
        aria-label={`Void receipt ${what}`}
      >
        Void
      </Anchor>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Void receipt" centered>
        {opened && (
          <VoidForm booking={booking} payment={payment} what={what} onClose={() => setOpened(false)} />
        )}
      </Modal>
    </>
  );
}

function VoidForm({
  booking,
  payment,
  what,
  onClose,
}: {
  booking: BookingDetail;
  payment: BookingPayment;
  what: string;
  onClose: () => void;
}) {
  const reload = useReloadBooking(booking.id);
  const entity = useEntityForm({
    schema: paymentVoidSchema,
    toValues: () => ({ reason: '' }),
    toInput: (v: { reason: string }) => ({ reason: v.reason.trim(), version: booking.version }),
    permission: 'payments.void',
    mode: 'update',
    record: payment,
    send: (body) => api.call(paymentsApi.void, { params: { id: payment.id }, body }),
    onSaved: () => {
      void reload();
      onClose();
    },
  });
  const { form, onSubmit, saving } = entity;
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <Text size="sm">
          Void the receipt of {what}? It stays on the booking, struck through, and a reversing entry takes its
          amount off what has been paid. Nothing is deleted.
        </Text>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          maxLength={500}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Keep receipt
          </Button>
          <Button color="red" type="submit" disabled={saving}>
            {saving ? 'Voiding...' : 'Void receipt'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Receipts (spec 1 §2 'receipts', §3 Payment; issue #10): every payment on the booking — date
 * DD/MM/YYYY H:mm, method, transaction ID, amount (refunds negative, in red), who recorded it — and
 * the total paid. A voided receipt is struck through with who voided it and why, beside its
 * reversal; role 1 may void any other receipt.
 */
export function ReceiptsSection({ booking }: { booking: BookingDetail; canEdit: boolean }) {
  const mayVoid = useCan('payments.void');
  const payments = [...booking.payments].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id,
  );
  if (payments.length === 0)
    return <SectionEmpty>No payments have been recorded for this booking.</SectionEmpty>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder fz="sm" aria-label="Receipts" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th>Transaction ID</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Recorded by</Table.Th>
            {mayVoid && <Table.Th w={70} aria-label="Actions" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => {
            const voided = p.voided_at !== null;
            const reversal = p.reverses_payment_id !== null;
            return (
              <Table.Tr key={p.id} data-payment={p.id} data-voided={voided || undefined}>
                <Table.Td>{formatDateTime(p.created_at)}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <span>{paymentMethodLabel(p.payment_method)}</span>
                    {isRefund(p) && !reversal && (
                      <Badge size="xs" color="orange" variant="light">
                        Refund
                      </Badge>
                    )}
                    {reversal && (
                      <Badge size="xs" color="gray" variant="light">
                        Reversal
                      </Badge>
                    )}
                  </Group>
                  {voided && (
                    <Text size="xs" c="red.9">
                      Voided {formatDateTime(p.voided_at)}
                      {p.voided_by ? ` by ${p.voided_by}` : ''}: {p.void_reason}
                    </Text>
                  )}
                  {reversal && (
                    <Text size="xs" c="dimmed">
                      Takes back a voided receipt
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{p.transaction_id}</Table.Td>
                <Table.Td
                  ta="right"
                  c={isRefund(p) ? 'red.8' : undefined}
                  td={voided ? 'line-through' : undefined}
                >
                  {formatMoney(shownPaymentAmount(p))}
                </Table.Td>
                <Table.Td>{p.created_by}</Table.Td>
                {mayVoid && (
                  <Table.Td>{!voided && !reversal && <VoidReceipt booking={booking} payment={p} />}</Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3}>Total paid</Table.Th>
            <Table.Th ta="right">
              <Text span size="sm" fw={700}>
                {formatMoney(paymentsTotal(payments))}
              </Text>
            </Table.Th>
            <Table.Th colSpan={mayVoid ? 2 : 1} />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
