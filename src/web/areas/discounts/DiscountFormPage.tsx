import { Divider, MultiSelect, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import {
  DISCOUNT_NO_TOUR_LABEL,
  type Discount,
  type DiscountInput,
  discountCreateInput,
  discountsApi,
  discountUpdateInput,
} from '../../../shared/api/discounts';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { tourOptions, useTourList } from '../../api/tours';
import { DateField } from '../../ui/DateField';
import {
  EntityCreatePage,
  EntityEditPage,
  EntityFormFrame,
  type EntityFormProps,
  useEntityForm,
} from '../../ui/entity';
import { FieldGrid, MoneyInput, numberText, PercentInput } from '../../ui/form';

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
  value: numberText(v.value),
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
  return (
    <EntityCreatePage
      title="New discount"
      create={discountsApi.create}
      invalidate={keys.discounts.all}
      afterCreate={(answer, input: DiscountInput) =>
        answer.data.ids.length > 1
          ? pathTo('discounts', undefined, { code: String(input.code).trim() })
          : pathTo('discount-edit', { id: answer.data.id })
      }
      form={DiscountForm}
    />
  );
}

/** Edit discount (/discounts/edit/{id}): one tour; 'Update discount' is role 1 only. */
export function DiscountEditPage() {
  return (
    <EntityEditPage
      label="discount"
      load={discountsApi.get}
      select={(answer) => answer.data}
      queryKey={keys.discounts.one}
      invalidate={keys.discounts.all}
      title={(discount) => `Discount: ${discount.code}`}
      update={discountsApi.update}
      form={DiscountForm}
    />
  );
}

function DiscountForm({ mode, record: discount, send, onSaved }: EntityFormProps<Discount, DiscountInput>) {
  const tours = useTourList({ withSuppressed: true });
  const entity = useEntityForm({
    // The shared contract's rules and messages, as the server applies them.
    schema: mode === 'create' ? discountCreateInput : discountUpdateInput,
    toValues,
    toInput: (v: DiscountFormValues) => toInput(v, mode),
    permission: { create: 'discounts.create', update: 'discounts.update' },
    mode,
    record: discount,
    // The schema reads any shape (it unwraps `{discount}`); the form sends its own.
    send: (input) => send(input as DiscountInput),
    onSaved,
  });
  const { form, maySave } = entity;
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
    <EntityFormFrame
      entity={entity}
      maw={900}
      submitLabel={{ create: 'Create discount', update: 'Update discount' }}
    >
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
    </EntityFormFrame>
  );
}
