import { Table, Text } from '@mantine/core';
import type { BookingDetail, PaymentMethod } from '../../../../shared/api/booking-edit';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { isRefund, paymentsTotal, shownPaymentAmount } from './booking-sections';
import { SectionEmpty } from './section-kit';

const METHOD_TEXT: Record<PaymentMethod, string> = {
  stripe: 'Stripe',
  ecommpay: 'ECOMMPAY',
  travelink: 'Travelink',
  cheque: 'Cheque',
  bacs: 'BACS',
  cash: 'Cash',
  'ecommpay-refund': 'ECOMMPAY refund',
};

/**
 * Receipts (spec 1 §2 'receipts', §3 Payment): every payment on the booking — date DD/MM/YYYY H:mm,
 * method, transaction ID, amount (refunds negative, in red), who recorded it — and the total paid.
 */
export function ReceiptsSection({ booking }: { booking: BookingDetail; canEdit: boolean }) {
  const payments = [...booking.payments].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id,
  );
  if (payments.length === 0)
    return <SectionEmpty>No payments have been recorded for this booking.</SectionEmpty>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder fz="sm" aria-label="Receipts" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th>Transaction ID</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Recorded by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{formatDateTime(p.created_at)}</Table.Td>
              <Table.Td>{METHOD_TEXT[p.payment_method] ?? p.payment_method}</Table.Td>
              <Table.Td>{p.transaction_id}</Table.Td>
              <Table.Td ta="right" c={isRefund(p) ? 'red.7' : undefined}>
                {formatMoney(shownPaymentAmount(p))}
              </Table.Td>
              <Table.Td>{p.created_by}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3}>Total paid</Table.Th>
            <Table.Th ta="right">
              <Text span size="sm" fw={700}>
                {formatMoney(paymentsTotal(payments))}
              </Text>
            </Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
