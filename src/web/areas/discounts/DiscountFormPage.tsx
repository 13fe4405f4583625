import { Divider, MultiSelect, Paper, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import {
  DISCOUNT_NO_TOUR_LABEL,
  type Discount,
  type DiscountInput,
  discountCreateInput,
  discountUpdateInput,
} from '../../../shared/api/discounts';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { tourOptions, useTourList } from '../../api/tours';
import { DateField } from '../../ui/DateField';
import { EntityLoader } from '../../ui/EntityLoader';
import { FieldGrid, FormActions, MoneyInput, PercentInput, SaveButton, useFormSubmit } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { zodValidate } from '../../ui/zod-validate';

interface DiscountFormValues {
  code: string;
  description: string;
  value: string | number;
  penalty_type: boolean;
  per_person: boolean;
  on_base_price: boolean;
  is_suppressed: boolean;
  is_manual: boolean;
  start_date: string | null;
  end_date: string | null;
  valid_from_date: string | null;
  valid_to_date: string | null;
  /** Create: several tours. */
  tour_ids: string[];
  /** Edit: one tour or none. */
  tour_id: string | null;
}

const toValues = (d?: Discount): DiscountFormValues => ({
  code: d?.code ?? '',
  description: d?.description ?? '',
  value: d?.value ?? '',
  penalty_type: d?.penalty_type ?? false,
  per_person: d?.per_person ?? false,
  on_base_price: d?.on_base_price ?? false,
  is_suppressed: d?.is_suppressed ?? false,
  is_manual: d?.is_manual ?? false,
  start_date: d?.start_date ?? null,
  end_date: d?.end_date ?? null,
  valid_from_date: d?.valid_from_date ?? null,
  valid_to_date: d?.valid_to_date ?? null,
  tour_ids: [],
  tour_id: d?.tour_id ? String(d.tour_id) : null,
});

const toInput = (v: DiscountFormValues, mode: 'create' | 'update'): DiscountInput => ({
  code: v.code,
  description: v.description,
  // A decimal string, never a float.
  value: v.value === '' ? '' : String(v.value),
  penalty_type: v.penalty_type,
  per_person: v.per_person,
  on_base_price: v.on_base_price,
  is_suppressed: v.is_suppressed,
  is_manual: v.is_manual,
  start_date: v.start_date,
  end_date: v.end_date,
  valid_from_date: v.valid_from_date,
  valid_to_date: v.valid_to_date,
  tour_id: mode === 'create' ? v.tour_ids.map(Number) : v.tour_id ? Number(v.tour_id) : null,
});

/**
 * Create discount (/discounts/create). One discount row is made per chosen tour: with one row the
 * user goes to its edit screen (spec 3 §4); with several, to the list filtered by the new code.
 */
export function DiscountCreatePage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New discount" />
      <DiscountForm
        mode="create"
        send={(input) => api.post<{ data: { id: number; ids: number[] } }>('/discounts', input)}
        onSaved={(answer, input) =>
          navigate(
            answer.data.ids.length > 1
              ? pathTo('discounts', undefined, { code: input.code.trim() })
              : pathTo('discount-edit', { id: answer.data.id }),
          )
        }
      />
    </>
  );
}

/** Edit discount (/discounts/edit/{id}): one tour; 'Update discount' is role 1 only. */
export function DiscountEditPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['discount', id],
    queryFn: () => api.get<{ data: Discount }>(`/discounts/${id}`).then((r) => r.data),
  });
  return (
    <EntityLoader query={query} label="discount">
      {(discount) => (
        <>
          <PageHeader title={`Discount: ${discount.code}`} />
          <DiscountForm
            key={discount.id}
            mode="update"
            discount={discount}
            send={(input) => api.post(`/discounts/${id}`, input)}
            onSaved={() => queryClient.invalidateQueries({ queryKey: ['discount', id] })}
          />
        </>
      )}
    </EntityLoader>
  );
}

function DiscountForm<A>({
  mode,
  discount,
  send,
  onSaved,
}: {
  mode: 'create' | 'update';
  discount?: Discount;
  send: (input: DiscountInput) => Promise<A>;
  onSaved: (answer: A, input: DiscountInput) => void;
}) {
  const mayCreate = useCan('discounts.create');
  const mayUpdate = useCan('discounts.update');
  const maySave = mode === 'create' ? mayCreate : mayUpdate;
  const tours = useTourList({ withSuppressed: true });
  const form = useForm<DiscountFormValues>({
    initialValues: toValues(discount),
    // The shared contract's rules and messages, as the server applies them.
    validate: zodValidate(
      mode === 'create' ? discountCreateInput : discountUpdateInput,
      (v: DiscountFormValues) => toInput(v, mode),
    ),
  });
  const { onSubmit, saving } = useFormSubmit(form, (v) => send(toInput(v, mode)), {
    onSuccess: (a, v) => onSaved(a, toInput(v, mode)),
  });
  const v = form.values;
  // Server errors on tour_id belong to the create screen's multi-select.
  const tourError = form.errors.tour_id;
  const options = tourOptions(tours.data);
  if (discount?.tour_id && !options.some((o) => o.value === String(discount.tour_id))) {
    options.push({
      value: String(discount.tour_id),
      label: discount.tour_name ?? `Tour ${discount.tour_id}`,
    });
  }
  const tourPlaceholder = tours.isPending
    ? 'Loading…'
    : tours.isError
      ? 'The tours could not be loaded'
      : mode === 'create'
        ? 'Choose one or more tours'
        : DISCOUNT_NO_TOUR_LABEL;
  return (
    <Paper withBorder p="lg" radius="md" maw={900}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={!maySave} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="md">
            <FieldGrid>
              <TextInput label="Code" required {...form.getInputProps('code')} />
              {v.penalty_type ? (
                <PercentInput key="percent" label="Value" required {...form.getInputProps('value')} />
              ) : (
                <MoneyInput key="money" label="Value" required {...form.getInputProps('value')} />
              )}
            </FieldGrid>
            <TextInput label="Description" required {...form.getInputProps('description')} />
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="md">
              <Switch label="Percentage" {...form.getInputProps('penalty_type', { type: 'checkbox' })} />
              <Switch label="Per person" {...form.getInputProps('per_person', { type: 'checkbox' })} />
              <Switch label="On base price" {...form.getInputProps('on_base_price', { type: 'checkbox' })} />
              <Switch label="Suppressed" {...form.getInputProps('is_suppressed', { type: 'checkbox' })} />
              <Switch label="Manual" {...form.getInputProps('is_manual', { type: 'checkbox' })} />
            </SimpleGrid>
            <Divider label="Tour departure" labelPosition="left" />
            <FieldGrid>
              <DateField
                label="Departure start date"
                required
                disabled={!maySave}
                {...form.getInputProps('start_date')}
              />
              <DateField
                label="Departure end date"
                required
                disabled={!maySave}
                {...form.getInputProps('end_date')}
              />
            </FieldGrid>
            <Divider label="Booking window" labelPosition="left" />
            <FieldGrid>
              <DateField
                label="Valid from date"
                required
                disabled={!maySave}
                {...form.getInputProps('valid_from_date')}
              />
              <DateField
                label="Valid to date"
                required
                disabled={!maySave}
                {...form.getInputProps('valid_to_date')}
              />
            </FieldGrid>
            {mode === 'create' ? (
              <MultiSelect
                label="Tours"
                description="One discount is created for each tour chosen; none makes one for all tours (legacy)."
                placeholder={v.tour_ids.length ? undefined : tourPlaceholder}
                data={options}
                searchable
                clearable
                hidePickedOptions
                disabled={!maySave}
                nothingFoundMessage="No tour matches"
                {...form.getInputProps('tour_ids')}
                error={form.errors.tour_ids ?? tourError}
              />
            ) : (
              <Select
                label="Tour"
                placeholder={tourPlaceholder}
                data={options}
                searchable
                clearable
                disabled={!maySave}
                nothingFoundMessage="No tour matches"
                {...form.getInputProps('tour_id')}
              />
            )}
          </Stack>
        </fieldset>
        {maySave && (
          <FormActions>
            <SaveButton mode={mode} saving={saving}>
              {mode === 'create' ? 'Create discount' : 'Update discount'}
            </SaveButton>
          </FormActions>
        )}
      </form>
    </Paper>
  );
}
