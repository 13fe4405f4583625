import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type GroupPayment, groupPaymentsApi } from '../../../shared/api/group-payments';
import { groupsApi } from '../../../shared/api/groups';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatMoney } from '../../lib/format';
import { AuditHistory } from '../../ui/AuditHistory';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { useCan } from '../../ui/permissions';
import { QueryProblem } from '../../ui/QueryProblem';
import { Section } from '../../ui/Section';
import { GroupPaymentForm } from './group-payments/GroupPaymentForm';
import { GroupPaymentsTable } from './group-payments/GroupPaymentsTable';
import { RevenueFigure } from './group-payments/RevenueFigure';
import { useGroupPaymentForm } from './group-payments/use-group-payment-form';

/**
 * Suppliers, Services & Payments of the tour group screen (spec 3 §2, §3 Internal payment, §4, §5,
 * §9): gross revenue, cancellation revenue, supplier costs and the tour profit (floored at 0; the
 * shared formula of src/shared/money-owed.ts, worked out by the server); the internal payment form
 * (GroupPaymentForm, role 1); the payments table with the Payment-Invoice.pdf download
 * (GroupPaymentsTable); and the group's History.
 */
export function GroupPaymentsSection({
  groupId,
  defaultOpen = false,
}: {
  groupId: number;
  defaultOpen?: boolean;
}) {
  const mayEdit = useCan('groupPayments.save');
  const queryClient = useQueryClient();
  const group = useQuery({
    queryKey: keys.groups.one(groupId),
    queryFn: ({ signal }) => api.call(groupsApi.get, { params: { id: groupId }, signal }).then((r) => r.data),
  });
  const revenueKey = keys.groups.sub(groupId, 'revenue');
  const revenue = useQuery({
    queryKey: revenueKey,
    queryFn: ({ signal }) =>
      api.call(groupPaymentsApi.revenue, { params: { id: groupId }, signal }).then((r) => r.data),
  });
  const [editing, setEditing] = useState<GroupPayment | null>(null);

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: revenueKey });
    void queryClient.invalidateQueries({ queryKey: keys.invoices.all });
    void queryClient.invalidateQueries({ queryKey: keys.audit.all });
  };
  const paymentForm = useGroupPaymentForm({
    groupId,
    editing,
    onSaved: () => {
      setEditing(null);
      reload();
    },
  });
  const resetForm = () => {
    setEditing(null);
    paymentForm.reset();
  };

  const remove = useNoticeMutation(
    (p: GroupPayment) =>
      api.call(groupPaymentsApi.delete, { params: { id: groupId, paymentId: p.tour_group_payment_id } }),
    {
      onSuccess: (_a, p) => {
        if (editing?.tour_group_payment_id === p.tour_group_payment_id) resetForm();
        reload();
      },
    },
  );

  const edit = (p: GroupPayment) => {
    setEditing(p);
    paymentForm.edit(p);
  };

  const r = revenue.data;
  const lists = group.data;
  return (
    <Section
      title="Suppliers, Services & Payments"
      defaultOpen={defaultOpen}
      meta={
        r ? (
          <Text size="sm" c="dimmed">
            Tour profit {formatMoney(r.tour_profit)}
          </Text>
        ) : undefined
      }
    >
      <Stack gap="md">
        {revenue.isError && <QueryProblem query={revenue} what="revenue" />}
        {r && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <RevenueFigure label="Gross revenue" value={formatMoney(r.gross_revenue)} />
            <RevenueFigure label="Cancellation revenue" value={formatMoney(r.cancellation_revenue)} />
            <RevenueFigure label="Supplier costs" value={formatMoney(r.supplier_costs)} />
            <RevenueFigure label="Tour profit" value={formatMoney(r.tour_profit)} strong />
          </SimpleGrid>
        )}
        {mayEdit && lists && (
          <GroupPaymentForm lists={lists} state={paymentForm} editing={editing} onCancelEdit={resetForm} />
        )}
        <GroupPaymentsTable
          revenue={r}
          mayEdit={mayEdit}
          onEdit={edit}
          onDelete={(p) => remove.mutate(p)}
          deleting={remove.isPending ? { id: remove.variables?.tour_group_payment_id } : null}
        />
        <AuditHistory scope="tour_group" id={groupId} title="Payments history" />
      </Stack>
    </Section>
  );
}
