import { Select, TextInput } from '@mantine/core';
import { type Resort, type ResortInput, resortInput, resortsApi } from '../../../shared/api/resorts';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { toOptions, useCountries } from '../../api/reference';
import {
  EntityCreatePage,
  EntityEditPage,
  EntityFormFrame,
  type EntityFormProps,
  useEntityForm,
} from '../../ui/entity';
import { FieldGrid } from '../../ui/form';

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
  return (
    <EntityCreatePage
      title="Create new resort"
      create={resortsApi.create}
      toBody={(resort: ResortInput) => ({ resort })}
      invalidate={keys.resorts.all}
      afterCreate={(answer) => pathTo('resort-edit', { id: answer.data.id })}
      form={ResortForm}
    />
  );
}

/** Edit resort (/resort/edit/{id}, 'Resort: {name}'); the update button is role 1 only. */
export function ResortEditPage() {
  return (
    <EntityEditPage
      label="resort"
      load={resortsApi.get}
      select={(answer) => answer.data[0]}
      queryKey={keys.resorts.one}
      invalidate={keys.resorts.all}
      title={(resort) => `Resort: ${resort.resort_name}`}
      update={resortsApi.update}
      toBody={(resort: ResortInput) => ({ resort })}
      form={ResortForm}
    />
  );
}

function ResortForm({ mode, record, send, onSaved }: EntityFormProps<Resort, ResortInput>) {
  const countries = useCountries();
  const entity = useEntityForm({
    schema: resortInput,
    toValues,
    toInput,
    permission: { create: 'resorts.create', update: 'resorts.update' },
    mode,
    record,
    send,
    onSaved,
  });
  const { form } = entity;
  return (
    <EntityFormFrame entity={entity} submitLabel={{ create: 'Create resort', update: 'Update resort' }}>
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
    </EntityFormFrame>
  );
}
