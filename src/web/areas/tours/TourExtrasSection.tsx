import { Stack, Switch, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { extraInput, extrasApi } from '../../../shared/api/extras';
import type { TourDetail, TourExtraRow } from '../../../shared/api/tour-catalogue';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDate, formatMoney } from '../../lib/format';
import { DateField } from '../../ui/DateField';
import { useEntityForm } from '../../ui/entity';
import { MoneyInput, numberText, PercentInput } from '../../ui/form';
import { ListTable } from '../../ui/ListTable';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction } from '../../ui/RowActions';
import { Section } from '../../ui/Section';
import { InlineAddForm, LineBreak } from './InlineAddForm';

interface ExtraFormValues {
  name: string;
  price: string | number;
  cost: string | number;
  commissionable: boolean;
  commission_rate: string | number;
  start_date: string | null;
  end_date: string | null;
}

const blankExtra = (): ExtraFormValues => ({
  name: '',
  price: '',
  cost: '',
  commissionable: false,
  commission_rate: '',
  start_date: null,
  end_date: null,
});

/**
 * The Tour Extras section (spec 3 §2; §5 Tour extra: price and cost minimum 0, step 0.01; start and
 * end date required): the add form (POST extras, flat shape, checked with the extras' shared
 * schema) and the table with Delete, both role 1.
 */
export function TourExtrasSection({ tour, defaultOpen }: { tour: TourDetail; defaultOpen: boolean }) {
  const queryClient = useQueryClient();
  const mayDelete = useCan('extras.delete');
  const reload = () => queryClient.invalidateQueries({ queryKey: keys.tours.all });
  const entity = useEntityForm({
    schema: extraInput,
    toValues: blankExtra,
    toInput: (v: ExtraFormValues) => ({
      tour_id: tour.id,
      name: v.name,
      price: numberText(v.price),
      cost: numberText(v.cost),
      commissionable: v.commissionable,
      commission_rate: v.commissionable ? numberText(v.commission_rate) : '',
      start_date: v.start_date,
      end_date: v.end_date,
    }),
    permission: 'extras.create',
    mode: 'create',
    send: (body) => api.call(extrasApi.create, { body }),
    resetAfterCreate: true,
    onSaved: () => void reload(),
  });
  const { form } = entity;
  return (
    <Section title="Tour Extras" defaultOpen={defaultOpen}>
      <Stack gap="md">
        <Can permission="extras.create">
          <InlineAddForm entity={entity} label="Add tour extra" submitLabel="Add extra">
            <TextInput label="Name" required w={260} {...form.getInputProps('name')} />
            <MoneyInput label="Price" required w={130} {...form.getInputProps('price')} />
            <MoneyInput label="Cost" required w={130} {...form.getInputProps('cost')} />
            <Switch
              label="Commissionable"
              mt={32}
              {...form.getInputProps('commissionable', { type: 'checkbox' })}
            />
            <PercentInput
              label="Commission rate"
              w={140}
              disabled={!form.values.commissionable}
              {...form.getInputProps('commission_rate')}
            />
            <LineBreak />
            <DateField label="Start date" required w={170} {...form.getInputProps('start_date')} />
            <DateField label="End date" required w={170} {...form.getInputProps('end_date')} />
          </InlineAddForm>
        </Can>
        <ListTable<TourExtraRow>
          label="Tour extras"
          records={tour.extras}
          emptyText="No extras on this tour"
          columns={[
            { accessor: 'name', title: 'Name' },
            { accessor: 'price', title: 'Price', textAlign: 'right', render: (r) => formatMoney(r.price) },
            { accessor: 'cost', title: 'Cost', textAlign: 'right', render: (r) => formatMoney(r.cost) },
            {
              accessor: 'commissionable',
              title: 'Commission',
              render: (r) =>
                r.commissionable ? (r.commission_rate ? `${r.commission_rate} %` : 'Yes') : 'No',
            },
            { accessor: 'start_date', title: 'Start date', render: (r) => formatDate(r.start_date) },
            { accessor: 'end_date', title: 'End date', render: (r) => formatDate(r.end_date) },
            {
              accessor: 'actions',
              title: '',
              render: (r) =>
                mayDelete ? (
                  <DeleteAction
                    endpoint={extrasApi.deleteTourExtra}
                    params={{ id: r.id }}
                    confirmMessage={`Are you sure you want to delete the extra "${r.name}" ?`}
                    onDeleted={reload}
                  />
                ) : null,
            },
          ]}
        />
      </Stack>
    </Section>
  );
}
