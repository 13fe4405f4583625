import { Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import {
  CANCELLATION_MAX_DAYS,
  CANCELLATION_MESSAGES,
  CANCELLATION_PERCENT_CAP,
  CANCELLATION_TOUR_TYPE_LABELS,
  CANCELLATION_TOUR_TYPES,
  type CancellationPolicy,
  type CancellationPolicyInput,
  cancellationPolicyInput,
  cancellationsApi,
} from '../../../shared/api/cancellations';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import {
  EntityCreatePage,
  EntityEditPage,
  EntityFormFrame,
  type EntityFormProps,
  useEntityForm,
} from '../../ui/entity';
import { FieldGrid, NumberField, numberText } from '../../ui/form';

interface PolicyFormValues {
  days_before_start: number | string;
  days_before_end: number | string;
  percentage: boolean;
  penalty_charge: number | string;
  tour_type: string;
}

const toValues = (p?: CancellationPolicy): PolicyFormValues => ({
  days_before_start: p?.days_before_start ?? '',
  days_before_end: p?.days_before_end ?? '',
  percentage: p ? p.penalty_type === 1 : true,
  penalty_charge: p ? Number(p.penalty_charge) : '',
  tour_type: p?.tour_type ?? '',
});

/** The policy as sent (spec 3 §7 POST cancellations/penalties): handle_tag add, or edit with the id. */
const toPolicy = (v: PolicyFormValues, id?: number): CancellationPolicyInput => ({
  handle_tag: id ? 'edit' : 'add',
  id,
  days_before_start: v.days_before_start,
  days_before_end: v.days_before_end,
  penalty_type: v.percentage ? 1 : 0,
  penalty_charge: numberText(v.penalty_charge),
  tour_type: v.tour_type as CancellationPolicyInput['tour_type'],
});

/** The spec wraps the policy: `{policy: {...}}`. */
const toBody = (policy: CancellationPolicyInput) => ({ policy });

/** New cancellation policy (route create-cancellation); back to the list after saving. */
export function CancellationCreatePage() {
  return (
    <EntityCreatePage
      title="New cancellation policy"
      create={cancellationsApi.save}
      toBody={toBody}
      invalidate={keys.cancellations.all}
      afterCreate={() => pathTo('cancellation-index')}
      form={CancellationForm}
    />
  );
}

/** Edit cancellation policy (route cancellation-edit); the submit is for role 1 only (spec 3 §2). */
export function CancellationEditPage() {
  return (
    <EntityEditPage
      label="cancellation policy"
      load={cancellationsApi.get}
      select={(answer) => answer.data}
      queryKey={keys.cancellations.one}
      invalidate={keys.cancellations.all}
      title={() => 'Edit cancellation policy'}
      update={cancellationsApi.save}
      toBody={toBody}
      form={CancellationForm}
    />
  );
}

const isBlank = (v: number | string) => v === '' || v === null || v === undefined;

function CancellationForm({
  mode,
  record: policy,
  send,
  onSaved,
}: EntityFormProps<CancellationPolicy, CancellationPolicyInput>) {
  const entity = useEntityForm({
    schema: cancellationPolicyInput,
    toValues,
    toInput: (v: PolicyFormValues) => toPolicy(v, policy?.id),
    permission: 'cancellations.save',
    mode,
    record: policy,
    send,
    onSaved,
  });
  const { form } = entity;
  /** Spec 3 §5: with the percentage box ticked an amount over 100 becomes 100, with the spec's words. */
  const capPercent = (amount: number | string, percentage: boolean) => {
    if (percentage && !isBlank(amount) && Number(amount) > CANCELLATION_PERCENT_CAP) {
      form.setFieldValue('penalty_charge', CANCELLATION_PERCENT_CAP);
      form.setFieldError('penalty_charge', CANCELLATION_MESSAGES.percentCap);
    }
  };
  const percentage = form.values.percentage;
  return (
    <EntityFormFrame entity={entity} submitLabel={policy ? 'Edit Policy' : 'Add Policy'}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The penalty applies to bookings cancelled between Policy Day Start and Policy Day End days before
          departure (both included).
        </Text>
        <FieldGrid>
          <NumberField
            label="Policy Day Start"
            description="Days before departure (the larger number)"
            required
            min={0}
            max={CANCELLATION_MAX_DAYS}
            {...form.getInputProps('days_before_start')}
          />
          <NumberField
            label="Policy Day End"
            description="Days before departure (the smaller number)"
            required
            min={0}
            max={CANCELLATION_MAX_DAYS}
            {...form.getInputProps('days_before_end')}
          />
        </FieldGrid>
        <Checkbox
          label="Percentage (%) of the booking"
          {...form.getInputProps('percentage', { type: 'checkbox' })}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            form.setFieldValue('percentage', checked);
            capPercent(form.values.penalty_charge, checked);
          }}
        />
        <FieldGrid>
          <NumberField
            label="Cancellation Amount"
            required
            min={0}
            step={percentage ? 1 : 0.01}
            thousandSeparator={percentage ? undefined : ','}
            prefix={percentage ? undefined : '£'}
            suffix={percentage ? '%' : undefined}
            {...form.getInputProps('penalty_charge')}
            onChange={(v) => {
              form.setFieldValue('penalty_charge', v);
              capPercent(v, form.values.percentage);
            }}
          />
          <Radio.Group label="Tour Type" required {...form.getInputProps('tour_type')}>
            <Group gap="lg" mt={8}>
              {CANCELLATION_TOUR_TYPES.map((t) => (
                <Radio key={t} value={t} label={CANCELLATION_TOUR_TYPE_LABELS[t]} />
              ))}
            </Group>
          </Radio.Group>
        </FieldGrid>
      </Stack>
    </EntityFormFrame>
  );
}
