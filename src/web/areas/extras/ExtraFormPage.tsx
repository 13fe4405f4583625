import { Divider, MultiSelect, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { type Extra, type ExtraSaveInput, extraInput, extrasApi } from '../../../shared/api/extras';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { useAirlines } from '../../api/reference';
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

interface ExtraFormValues {
  name: string;
  price: string | number;
  cost: string | number;
  commissionable: boolean;
  commission_rate: string | number;
  booking_start_date: string | null;
  booking_end_date: string | null;
  start_date: string | null;
  end_date: string | null;
  short_description: string;
  for_admin: boolean;
  for_per_person: boolean;
  airlines: string[];
  tours: string[];
}

const toValues = (e?: Extra): ExtraFormValues => ({
  name: e?.name ?? '',
  price: e?.price ?? '',
  cost: e?.cost ?? '',
  commissionable: e?.commissionable ?? false,
  commission_rate: e?.commission_rate ?? '',
  booking_start_date: e?.booking_start_date ?? null,
  booking_end_date: e?.booking_end_date ?? null,
  start_date: e?.start_date ?? null,
  end_date: e?.end_date ?? null,
  short_description: e?.short_description ?? '',
  for_admin: e?.for_admin ?? false,
  for_per_person: e?.for_per_person ?? false,
  airlines: (e?.airlines ?? []).map((a) => String(a.id)),
  tours: (e?.tours ?? []).map((t) => String(t.id)),
});

/** Money and rates go out as decimal strings, never floats. */
const toInput = (v: ExtraFormValues): ExtraSaveInput => ({
  extra: {
    name: v.name,
    price: numberText(v.price),
    cost: numberText(v.cost),
    commissionable: v.commissionable,
    commission_rate: v.commissionable ? numberText(v.commission_rate) || null : null,
    booking_start_date: v.booking_start_date,
    booking_end_date: v.booking_end_date,
    start_date: v.start_date,
    end_date: v.end_date,
    short_description: v.short_description,
    for_admin: v.for_admin,
    for_per_person: v.for_per_person,
  },
  airlines: v.airlines.map(Number),
  tours: v.tours.map(Number),
});

/** Create extra (/extras/create); goes to the new extra's edit screen afterwards (spec 3 §4). */
export function ExtraCreatePage() {
  return (
    <EntityCreatePage
      title="New extra"
      create={extrasApi.create}
      invalidate={keys.extras.all}
      afterCreate={(answer) => pathTo('extra-edit', { id: answer.data.id })}
      form={ExtraForm}
    />
  );
}

/** Edit extra (/extras/edit/{id}); 'Update extra' is role 1 only, others see the form read-only. */
export function ExtraEditPage() {
  return (
    <EntityEditPage
      label="extra"
      load={extrasApi.get}
      select={(answer) => answer.data}
      queryKey={keys.extras.one}
      invalidate={keys.extras.all}
      title={(extra) => `Extra: ${extra.name}`}
      update={extrasApi.update}
      form={ExtraForm}
    />
  );
}

/** Options from the loaded list plus what the extra already links, so no link is lost. */
function mergeOptions(options: { value: string; label: string }[], linked: { id: number; name: string }[]) {
  const seen = new Set(options.map((o) => o.value));
  const extra = linked
    .filter((l) => !seen.has(String(l.id)))
    .map((l) => ({ value: String(l.id), label: l.name }));
  return [...options, ...extra];
}

function ExtraForm({ mode, record, send, onSaved }: EntityFormProps<Extra, ExtraSaveInput>) {
  const airlines = useAirlines();
  const tours = useTourList({ withSuppressed: true });
  const entity = useEntityForm({
    schema: extraInput,
    toValues,
    toInput,
    permission: { create: 'extras.create', update: 'extras.update' },
    mode,
    record,
    // The schema reads any shape (it flattens `{extra}`); the form sends the catalogue shape.
    send: (input) => send(input as ExtraSaveInput),
    onSaved,
  });
  const { form, maySave } = entity;
  const v = form.values;
  const airlineOptions = mergeOptions(
    (airlines.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
    record?.airlines ?? [],
  );
  const tourChoices = mergeOptions(tourOptions(tours.data), record?.tours ?? []);
  const loading = (q: { isPending: boolean; isError: boolean }, what: string) =>
    q.isPending ? 'Loading…' : q.isError ? `The ${what} could not be loaded` : `Choose ${what}`;
  return (
    <EntityFormFrame
      entity={entity}
      maw={900}
      submitLabel={{ create: 'Create extra', update: 'Update extra' }}
    >
      <Stack gap="md">
        <FieldGrid>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <FieldGrid>
            <MoneyInput label="Price" required {...form.getInputProps('price')} />
            <MoneyInput label="Cost" required {...form.getInputProps('cost')} />
          </FieldGrid>
          <Switch
            mt="xl"
            label="Commissionable"
            {...form.getInputProps('commissionable', { type: 'checkbox' })}
          />
          <PercentInput
            label="Commission rate"
            description="0 to 100, for commissionable extras"
            disabled={!v.commissionable || !maySave}
            {...form.getInputProps('commission_rate')}
          />
          <DateField
            label="Booking start date"
            disabled={!maySave}
            {...form.getInputProps('booking_start_date')}
          />
          <DateField
            label="Booking end date"
            disabled={!maySave}
            {...form.getInputProps('booking_end_date')}
          />
          <DateField label="Travel start date" disabled={!maySave} {...form.getInputProps('start_date')} />
          <DateField label="Travel end date" disabled={!maySave} {...form.getInputProps('end_date')} />
        </FieldGrid>
        <Textarea
          label="Short description"
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('short_description')}
        />
        <FieldGrid>
          <Switch label="For admin only" {...form.getInputProps('for_admin', { type: 'checkbox' })} />
          <Switch label="Per person" {...form.getInputProps('for_per_person', { type: 'checkbox' })} />
        </FieldGrid>
        <Divider label="Available with" labelPosition="left" />
        <MultiSelect
          label="Linked airlines"
          placeholder={v.airlines.length ? undefined : loading(airlines, 'airlines')}
          data={airlineOptions}
          searchable
          clearable
          hidePickedOptions
          disabled={!maySave}
          nothingFoundMessage="No airline matches"
          {...form.getInputProps('airlines')}
        />
        <MultiSelect
          label="Linked tours"
          placeholder={v.tours.length ? undefined : loading(tours, 'tours')}
          data={tourChoices}
          searchable
          clearable
          hidePickedOptions
          disabled={!maySave}
          nothingFoundMessage="No tour matches"
          {...form.getInputProps('tours')}
        />
      </Stack>
    </EntityFormFrame>
  );
}
