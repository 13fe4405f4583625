import { Badge } from '@mantine/core';
import { paymentRemindersApi, type ReminderRule } from '../../../shared/api/payment-reminders';
import { keys } from '../../api/query-keys';
import { EntityListPage } from '../../ui/entity-list';
import { DueRemindersPanel } from './DueRemindersPanel';

/**
 * Payment reminders (/settings/payment-reminders, issue #26): the rules in their order — when each
 * goes, the template it sends, active or not, how many it has sent — with New/Edit/Delete for role 1
 * (a rule that has sent reminders is made inactive instead), and below, a preview of today's run.
 */
export function PaymentRemindersPage() {
  return (
    <EntityListPage<ReminderRule>
      title="Payment reminders"
      create={{
        label: 'New reminder rule',
        route: 'payment-reminder-create',
        permission: 'paymentReminders.manage',
      }}
      endpoint={paymentRemindersApi.rulesTable}
      queryKey={keys.paymentReminders.all}
      columns={[
        { accessor: 'name', title: 'Name', sortable: true },
        { accessor: 'when', title: 'When' },
        { accessor: 'template_name', title: 'Email template' },
        {
          accessor: 'active',
          title: 'Active',
          width: 90,
          render: (r) => (
            <Badge color={r.active ? 'green' : 'gray'} variant="light" radius="sm">
              {r.active ? 'Active' : 'Off'}
            </Badge>
          ),
        },
        {
          accessor: 'sent_count',
          title: 'Sent',
          width: 80,
          render: (r) => r.sent_count.toLocaleString('en-GB'),
        },
      ]}
      actions={{
        width: 130,
        edit: { route: 'payment-reminder-edit', permission: 'paymentReminders.manage' },
        delete: {
          endpoint: paymentRemindersApi.deleteRule,
          permission: 'paymentReminders.manage',
          confirm: (r) => `Are you sure you want to delete the reminder rule "${r.name}" ?`,
        },
      }}
      pageSizes={[25, 50, -1]}
      emptyText="No reminder rules: no payment reminders are sent."
      below={<DueRemindersPanel title="Preview: reminders due today" />}
    />
  );
}
