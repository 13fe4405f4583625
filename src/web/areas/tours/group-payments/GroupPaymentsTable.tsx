import { Anchor, Table, Text } from '@mantine/core';
import {
  GROUP_PAYMENT_MESSAGES,
  type GroupPayment,
  type GroupRevenue,
  groupPaymentsApi,
} from '../../../../shared/api/group-payments';
import { api } from '../../../api/client';
import { formatDate, formatMoney } from '../../../lib/format';
import { ConfirmDeleteLink, RowActions } from '../../../ui/RowActions';
import { inCurrency } from './in-currency';

/**
 * The internal payments of a tour group (spec 3 §2): party, service, accommodation, estimated cost
 * (per person × passengers), invoice, amount assigned and the cost in pounds, with the
 * Payment-Invoice.pdf download and, for role 1 (`mayEdit`), Edit and Delete.
 */
export function GroupPaymentsTable({
  revenue: r,
  mayEdit,
  onEdit,
  onDelete,
  deleting,
}: {
  /** The group's revenue answer (undefined while loading). */
  revenue: GroupRevenue | undefined;
  mayEdit: boolean;
  onEdit: (p: GroupPayment) => void;
  onDelete: (p: GroupPayment) => void;
  /** The payment being deleted (its link shows busy; the others wait), or null. */
  deleting: { id: number | undefined } | null;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="Internal payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Payment for</Table.Th>
            <Table.Th>Service</Table.Th>
            <Table.Th>Accommodation</Table.Th>
            <Table.Th ta="right">Estimated cost</Table.Th>
            <Table.Th>Invoice</Table.Th>
            <Table.Th ta="right">Assigned</Table.Th>
            <Table.Th ta="right">Cost (£)</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {r && r.internal_payments.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={8}>
                <Text size="sm" c="dimmed">
                  No payments yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {r?.internal_payments.map((p) => (
            <Table.Tr key={p.tour_group_payment_id}>
              <Table.Td>
                <Text size="sm">{p.party_name}</Text>
                <Text size="xs" c="dimmed">
                  {p.payment_for === 2 ? 'Tour manager' : 'Supplier'}
                </Text>
              </Table.Td>
              <Table.Td>{p.service_name ?? '—'}</Table.Td>
              <Table.Td>{p.accommodation_name ? `${p.accommodation_name} — ${p.room_name}` : '—'}</Table.Td>
              <Table.Td ta="right">
                {p.estimated_cost ? (
                  <>
                    {inCurrency(p.estimated_cost, p.currency_type)}
                    {p.per_person_basis && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        pp × {r.passengers}
                      </Text>
                    )}
                  </>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                {p.supplier_invoice ? (
                  <>
                    <Text size="sm">{p.supplier_invoice.invoice_number}</Text>
                    <Text size="xs" c="dimmed">
                      due {formatDate(p.supplier_invoice.payment_due_date)}
                    </Text>
                  </>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td ta="right">
                {p.invoice_asigned_amount
                  ? inCurrency(p.invoice_asigned_amount, p.supplier_invoice?.currency_type)
                  : '—'}
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatMoney(p.supplier_cost)}
              </Table.Td>
              <Table.Td>
                <RowActions>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() =>
                      void api
                        .call(groupPaymentsApi.download, {
                          params: { id: p.tour_group_payment_id },
                          fallbackName: 'Payment-Invoice.pdf',
                        })
                        .catch(() => undefined)
                    }
                  >
                    Invoice
                  </Anchor>
                  {mayEdit && (
                    <Anchor component="button" type="button" size="sm" onClick={() => onEdit(p)}>
                      Edit
                    </Anchor>
                  )}
                  {mayEdit && (
                    <ConfirmDeleteLink
                      confirmMessage={GROUP_PAYMENT_MESSAGES.confirmDelete}
                      onConfirm={() => onDelete(p)}
                      pending={deleting?.id === p.tour_group_payment_id}
                      disabled={deleting !== null}
                      ariaLabel={`Delete payment of ${p.party_name}`}
                    />
                  )}
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
