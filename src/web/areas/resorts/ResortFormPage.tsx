import { Paper, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { Resort, ResortInput } from '../../../shared/api/resorts';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { toOptions, useCountries } from '../../api/reference';
import { EntityLoader } from '../../ui/EntityLoader';
import { FieldGrid, FormActions, SaveButton, useFormSubmit } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';

interface ResortFormValues {
  resort_name: string;
  location: string;
  country_id: string | null;
}

const toValues = (r?: Resort): ResortFormValues => ({
  resort_name: r?.resort_name ?? '',
  location: r?.location ?? '',
  country_id: r?.country_id ? String(r.country_id) : null,
});

const toInput = (v: ResortFormValues): ResortInput => ({
  resort_name: v.resort_name,
  location: v.location,
  country_id: v.country_id ? Number(v.country_id) : null,
});

/** Create resort (/resorts/create, 'Create new resort'); goes to the edit screen afterwards. */
export function ResortCreatePage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Create new resort" />
      <ResortForm
        mode="create"
        send={(input) => api.post<{ data: { id: number } }>('/resorts', { resort: input })}
        onSaved={(answer) => navigate(pathTo('resort-edit', { id: answer.data.id }))}
      />
    </>
  );
}

/** Edit resort (/resort/edit/{id}, 'Resort: {name}'); the update button is role 1 only. */
export function ResortEditPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['resort', id],
    queryFn: () => api.get<{ data: Resort[] }>(`/resorts/${id}`).then((r) => r.data[0]),
  });
  return (
    <EntityLoader query={query} label="resort">
      {(resort) => (
        <>
          <PageHeader title={`Resort: ${resort.resort_name}`} />
          <ResortForm
            key={resort.id}
            mode="update"
            resort={resort}
            send={(input) => api.post(`/resorts/${id}`, { resort: input })}
            onSaved={() => queryClient.invalidateQueries({ queryKey: ['resort', id] })}
          />
        </>
      )}
    </EntityLoader>
  );
}

function ResortForm<A>({
  mode,
  resort,
  send,
  onSaved,
}: {
  mode: 'create' | 'update';
  resort?: Resort;
  send: (input: ResortInput) => Promise<A>;
  onSaved: (answer: A) => void;
}) {
  const countries = useCountries();
  const mayCreate = useCan('resorts.create');
  const mayUpdate = useCan('resorts.update');
  const maySave = mode === 'create' ? mayCreate : mayUpdate;
  const form = useForm<ResortFormValues>({
    initialValues: toValues(resort),
    validate: { resort_name: (v) => (v.trim() ? null : 'Resort name is required.') },
  });
  const { onSubmit, saving } = useFormSubmit(form, (v) => send(toInput(v)), { onSuccess: (a) => onSaved(a) });
  return (
    <Paper withBorder p="lg" radius="md" maw={760}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={!maySave} style={{ border: 0, padding: 0, margin: 0 }}>
          <FieldGrid>
            <TextInput label="Resort name" required {...form.getInputProps('resort_name')} />
            <TextInput label="Location" {...form.getInputProps('location')} />
            <Select
              label="Country"
              placeholder={countries.isPending ? 'Loading…' : 'Choose a country'}
              data={toOptions(countries.data, (c) => c.name)}
              searchable
              clearable
              nothingFoundMessage="No country matches"
              {...form.getInputProps('country_id')}
            />
          </FieldGrid>
        </fieldset>
        {maySave && (
          <FormActions>
            <SaveButton mode={mode} saving={saving}>
              {mode === 'create' ? 'Create resort' : 'Update resort'}
            </SaveButton>
          </FormActions>
        )}
      </form>
    </Paper>
  );
}
