import { Divider, MultiSelect, Paper, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { type Extra, type ExtraSaveInput, extraInput } from '../../../shared/api/extras';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { tourOptions, useTourList } from '../../api/tours';
import { DateField } from '../../ui/DateField';
import { EntityLoader } from '../../ui/EntityLoader';
import { FieldGrid, FormActions, MoneyInput, PercentInput, SaveButton, useFormSubmit } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { zodValidate } from '../../ui/zod-validate';

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
const decimal = (v: string | number) => (v === '' ? '' : String(v));

const toInput = (v: ExtraFormValues): ExtraSaveInput => ({
  extra: {
    name: v.name,
    price: decimal(v.price),
    cost: decimal(v.cost),
    commissionable: v.commissionable,
    commission_rate: v.commissionable ? decimal(v.commission_rate) || null : null,
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
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New extra" />
      <ExtraForm
        mode="create"
        send={(input) => api.post<{ data: { id: number } }>('/extras', input)}
        onSaved={(answer) => navigate(pathTo('extra-edit', { id: answer.data.id }))}
      />
    </>
  );
}

/** Edit extra (/extras/edit/{id}); 'Update extra' is role 1 only, others see the form read-only. */
export function ExtraEditPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['extra', id],
    queryFn: () => api.get<{ data: Extra }>(`/extras/${id}`).then((r) => r.data),
  });
  return (
    <EntityLoader query={query} label="extra">
      {(extra) => (
        <>
          <PageHeader title={`Extra: ${extra.name}`} />
          <ExtraForm
            key={extra.id}
            mode="update"
            extra={extra}
            send={(input) => api.post(`/extras/${id}`, input)}
            onSaved={() => queryClient.invalidateQueries({ queryKey: ['extra', id] })}
          />
        </>
      )}
    </EntityLoader>
  );
}

/** The airlines to link (GET airlines); the screen still works, without the list, if it fails. */
function useAirlineList() {
  return useQuery({
    queryKey: ['airlines', 'list'],
    queryFn: () => api.get<{ data: { id: number; name: string }[] }>('/airlines').then((r) => r.data),
    staleTime: 60_000,
    retry: false,
  });
}

/** Options from the loaded list plus what the extra already links, so no link is lost. */
function mergeOptions(options: { value: string; label: string }[], linked: { id: number; name: string }[]) {
  const seen = new Set(options.map((o) => o.value));
  const extra = linked
    .filter((l) => !seen.has(String(l.id)))
    .map((l) => ({ value: String(l.id), label: l.name }));
  return [...options, ...extra];
}

function ExtraForm<A>({
  mode,
  extra,
  send,
  onSaved,
}: {
  mode: 'create' | 'update';
  extra?: Extra;
  send: (input: ExtraSaveInput) => Promise<A>;
  onSaved: (answer: A) => void;
}) {
  const mayCreate = useCan('extras.create');
  const mayUpdate = useCan('extras.update');
  const maySave = mode === 'create' ? mayCreate : mayUpdate;
  const airlines = useAirlineList();
  const tours = useTourList({ withSuppressed: true });
  const form = useForm<ExtraFormValues>({
    initialValues: toValues(extra),
    // The shared contract's rules and messages, as the server applies them.
    validate: zodValidate(extraInput, toInput),
  });
  const { onSubmit, saving } = useFormSubmit(form, (v) => send(toInput(v)), { onSuccess: (a) => onSaved(a) });
  const v = form.values;
  const airlineOptions = mergeOptions(
    (airlines.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
    extra?.airlines ?? [],
  );
  const tourChoices = mergeOptions(tourOptions(tours.data), extra?.tours ?? []);
  const loading = (q: { isPending: boolean; isError: boolean }, what: string) =>
    q.isPending ? 'Loading…' : q.isError ? `The ${what} could not be loaded` : `Choose ${what}`;
  return (
    <Paper withBorder p="lg" radius="md" maw={900}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={!maySave} style={{ border: 0, padding: 0, margin: 0 }}>
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
              <DateField
                label="Travel start date"
                disabled={!maySave}
                {...form.getInputProps('start_date')}
              />
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
        </fieldset>
        {maySave && (
          <FormActions>
            <SaveButton mode={mode} saving={saving}>
              {mode === 'create' ? 'Create extra' : 'Update extra'}
            </SaveButton>
          </FormActions>
        )}
      </form>
    </Paper>
  );
}
