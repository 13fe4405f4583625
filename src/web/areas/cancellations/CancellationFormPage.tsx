import { Checkbox, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import {
  CANCELLATION_MAX_DAYS,
  CANCELLATION_MESSAGES,
  CANCELLATION_PERCENT_CAP,
  CANCELLATION_TOUR_TYPE_LABELS,
  CANCELLATION_TOUR_TYPES,
  type CancellationPolicy,
  type CancellationPolicyInput,
} from '../../../shared/api/cancellations';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { EntityLoader } from '../../ui/EntityLoader';
import { FieldGrid, FormActions, NumberField, SaveButton, useFormSubmit } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';

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

const toPolicy = (v: PolicyFormValues, id?: number): CancellationPolicyInput => ({
  handle_tag: id ? 'edit' : 'add',
  id,
  days_before_start: v.days_before_start,
  days_before_end: v.days_before_end,
  penalty_type: v.percentage ? 1 : 0,
  penalty_charge: v.penalty_charge === '' ? '' : String(v.penalty_charge),
  tour_type: v.tour_type as CancellationPolicyInput['tour_type'],
});

/** New cancellation policy (route create-cancellation); back to the list after saving. */
export function CancellationCreatePage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New cancellation policy" />
      <CancellationForm
        send={(v) => api.post('/cancellations/penalties', { policy: toPolicy(v) })}
        onSaved={() => navigate(pathTo('cancellation-index'))}
      />
    </>
  );
}

/** Edit cancellation policy (route cancellation-edit); the submit is for role 1 only (spec 3 §2). */
export function CancellationEditPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['cancellation-policy', id],
    queryFn: () =>
      api.post<{ data: CancellationPolicy }>(`/cancellations/${id}/get-policy`).then((r) => r.data),
  });
  return (
    <EntityLoader query={query} label="cancellation policy">
      {(policy) => (
        <>
          <PageHeader title="Edit cancellation policy" />
          <CancellationForm
            key={policy.id}
            policy={policy}
            send={(v) => api.post('/cancellations/penalties', { policy: toPolicy(v, id) })}
            onSaved={() => queryClient.invalidateQueries({ queryKey: ['cancellation-policy', id] })}
          />
        </>
      )}
    </EntityLoader>
  );
}

const isBlank = (v: number | string) => v === '' || v === null || v === undefined;

function CancellationForm({
  policy,
  send,
  onSaved,
}: {
  policy?: CancellationPolicy;
  send: (values: PolicyFormValues) => Promise<unknown>;
  onSaved: () => void;
}) {
  const maySave = useCan('cancellations.save');
  const mode = policy ? 'update' : 'create';
  const form = useForm<PolicyFormValues>({
    initialValues: toValues(policy),
    validate: {
      days_before_start: (v, values) => {
        if (isBlank(v)) return 'Policy Day Start is required.';
        if (!isBlank(values.days_before_end) && Number(values.days_before_end) >= Number(v)) {
          return CANCELLATION_MESSAGES.daysStart;
        }
        return null;
      },
      days_before_end: (v, values) => {
        if (isBlank(v)) return 'Policy Day End is required.';
        if (!isBlank(values.days_before_start) && Number(v) >= Number(values.days_before_start)) {
          return CANCELLATION_MESSAGES.daysEnd;
        }
        return null;
      },
      penalty_charge: (v) => (isBlank(v) ? 'Cancellation Amount is required.' : null),
      tour_type: (v) => (v ? null : 'Choose the tour type: air or coach.'),
    },
  });
  /** Spec 3 §5: with the percentage box ticked an amount over 100 becomes 100, with the spec's words. */
  const capPercent = (amount: number | string, percentage: boolean) => {
    if (percentage && !isBlank(amount) && Number(amount) > CANCELLATION_PERCENT_CAP) {
      form.setFieldValue('penalty_charge', CANCELLATION_PERCENT_CAP);
      form.setFieldError('penalty_charge', CANCELLATION_MESSAGES.percentCap);
    }
  };
  const { onSubmit, saving } = useFormSubmit(form, send, { onSuccess: () => onSaved() });
  const percentage = form.values.percentage;
  return (
    <Paper withBorder p="lg" radius="md" maw={760}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={!maySave} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              The penalty applies to bookings cancelled between Policy Day Start and Policy Day End days
              before departure (both included).
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
        </fieldset>
        {maySave && (
          <FormActions>
            <SaveButton mode={mode} saving={saving}>
              {policy ? 'Edit Policy' : 'Add Policy'}
            </SaveButton>
          </FormActions>
        )}
      </form>
    </Paper>
  );
}
