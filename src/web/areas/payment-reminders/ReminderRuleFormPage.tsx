import { Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { emailTemplatesApi } from '../../../shared/api/email-templates';
import {
  paymentRemindersApi,
  REMINDER_KIND_LABELS,
  type ReminderRule,
  type ReminderRuleInput,
  reminderRuleInput,
} from '../../../shared/api/payment-reminders';
import { REMINDER_KINDS, ruleText } from '../../../shared/payment-reminders';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import {
  EntityCreatePage,
  EntityEditPage,
  EntityFormFrame,
  type EntityFormProps,
  useEntityForm,
} from '../../ui/entity';
import { FieldGrid, NumberField, numberText } from '../../ui/form';

interface RuleFormValues {
  name: string;
  kind: string;
  days: string | number;
  repeat_every_days: string | number;
  max_times: string | number;
  template_id: string | null;
  active: boolean;
}

const toValues = (r?: ReminderRule): RuleFormValues => ({
  name: r?.name ?? '',
  kind: r?.kind ?? 'before',
  days: r?.days ?? 7,
  repeat_every_days: r?.repeat_every_days ?? '',
  max_times: r?.max_times ?? '',
  template_id: r?.template_id ? String(r.template_id) : null,
  active: r?.active ?? true,
});

/** Only an 'after' rule repeats: the repeat fields of another kind are not sent. */
const toInput = (v: RuleFormValues): ReminderRuleInput => {
  const after = v.kind === 'after';
  return {
    name: v.name,
    kind: v.kind as ReminderRuleInput['kind'],
    days: v.kind === 'on' ? 0 : numberText(v.days),
    repeat_every_days: after ? numberText(v.repeat_every_days) : '',
    max_times: after ? numberText(v.max_times) : '',
    template_id: v.template_id ? Number(v.template_id) : '',
    active: v.active,
  };
};

/** New reminder rule (/settings/payment-reminders/create); back to the list afterwards. */
export function ReminderRuleCreatePage() {
  return (
    <EntityCreatePage
      title="New reminder rule"
      create={paymentRemindersApi.createRule}
      invalidate={keys.paymentReminders.all}
      afterCreate={() => pathTo('payment-reminders')}
      form={ReminderRuleForm}
    />
  );
}

/** Edit a reminder rule (/settings/payment-reminders/edit/{id}); saving is role 1's. */
export function ReminderRuleEditPage() {
  return (
    <EntityEditPage
      label="reminder rule"
      load={paymentRemindersApi.getRule}
      select={(answer) => answer.data}
      queryKey={keys.paymentReminders.one}
      invalidate={keys.paymentReminders.all}
      title={(rule) => `Reminder rule: ${rule.name}`}
      update={paymentRemindersApi.updateRule}
      form={ReminderRuleForm}
    />
  );
}

/** The email templates to choose from (up to 500, by title). */
function useTemplateOptions() {
  return useQuery({
    queryKey: keys.emailTemplates.list('options'),
    queryFn: ({ signal }) => api.call(emailTemplatesApi.table, { query: { start: 0, length: 500 }, signal }),
    select: (answer) =>
      answer.data
        .map((t) => ({ value: String(t.id), label: t.template_name }))
        .sort((a, b) => a.label.localeCompare(b.label, 'en-GB')),
  });
}

/**
 * A rule's form (issue #26): its name, when it goes (before / on / after the due date, how many
 * days; an overdue rule may repeat every N days up to M times), the email template it sends and
 * whether it is active. The shared schema's rules give the messages; the line under the fields
 * reads the rule back in words.
 */
function ReminderRuleForm({ mode, record, send, onSaved }: EntityFormProps<ReminderRule, ReminderRuleInput>) {
  const templates = useTemplateOptions();
  const entity = useEntityForm({
    schema: reminderRuleInput,
    toValues,
    toInput,
    permission: { create: 'paymentReminders.manage', update: 'paymentReminders.manage' },
    mode,
    record,
    send,
    onSaved,
  });
  const { form } = entity;
  const v = form.getValues();
  const parsed = reminderRuleInput.safeParse(toInput(v));
  return (
    <EntityFormFrame entity={entity} submitLabel={{ create: 'Create rule', update: 'Update rule' }}>
      <Stack gap="md">
        <FieldGrid>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Select
            label="When"
            required
            allowDeselect={false}
            data={REMINDER_KINDS.map((k) => ({ value: k, label: REMINDER_KIND_LABELS[k] }))}
            {...form.getInputProps('kind')}
          />
          {v.kind !== 'on' && (
            <NumberField
              label={v.kind === 'before' ? 'Days before' : 'Days after'}
              required
              min={0}
              max={365}
              {...form.getInputProps('days')}
            />
          )}
          {v.kind === 'after' && (
            <>
              <NumberField
                label="Then every (days)"
                description="Blank: only once"
                min={1}
                max={365}
                {...form.getInputProps('repeat_every_days')}
              />
              <NumberField
                label="At most (times in all)"
                min={1}
                max={52}
                {...form.getInputProps('max_times')}
              />
            </>
          )}
          <Select
            label="Email template"
            required
            searchable
            placeholder={templates.isPending ? 'Loading…' : 'Choose a template'}
            data={templates.data ?? []}
            nothingFoundMessage="No template matches"
            {...form.getInputProps('template_id')}
          />
        </FieldGrid>
        <Switch label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
        {parsed.success && (
          <Text size="sm" c="dimmed">
            Sends:{' '}
            {ruleText({
              ...parsed.data,
              repeat_every_days: parsed.data.repeat_every_days ?? null,
              max_times: parsed.data.max_times ?? null,
            }).toLowerCase()}{' '}
            (counted from the due date of a deposit, instalment or balance still owed).
          </Text>
        )}
      </Stack>
    </EntityFormFrame>
  );
}
