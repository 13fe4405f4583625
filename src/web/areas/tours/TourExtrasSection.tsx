import { Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { END_AFTER_START_MESSAGE } from '../../../shared/api/common';
import type { TourDetail, TourExtraRow } from '../../../shared/api/tour-catalogue';
import { api } from '../../api/client';
import { formatDate, formatMoney } from '../../lib/format';
import { DateField } from '../../ui/DateField';
import { MoneyInput, PercentInput, useFormSubmit } from '../../ui/form';
import { ListTable } from '../../ui/ListTable';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction } from '../../ui/RowActions';
import { Section } from '../../ui/Section';
import { decimalText, tourKey } from './api';

interface ExtraFormValues {
  name: string;
  price: string | number;
  cost: string | number;
  commissionable: boolean;
  commission_rate: string | number;
  start_date: string | null;
  end_date: string | null;
}

const moneyRule = (label: string) => (v: string | number) =>
  v === '' ? `${label} is required.` : Number(v) < 0 ? `${label} must be at least 0.` : null;

/**
 * The Tour Extras section (spec 3 §2; §5 Tour extra: price and cost minimum 0, step 0.01; start and
 * end date required): the add form (POST extras, flat shape) and the table with Delete, both role 1.
 */
export function TourExtrasSection({ tour, defaultOpen }: { tour: TourDetail; defaultOpen: boolean }) {
  const queryClient = useQueryClient();
  const mayDelete = useCan('extras.delete');
  const reload = () => queryClient.invalidateQueries({ queryKey: tourKey(tour.id) });
  const form = useForm<ExtraFormValues>({
    initialValues: {
      name: '',
      price: '',
      cost: '',
      commissionable: false,
      commission_rate: '',
      start_date: null,
      end_date: null,
    },
    validate: {
      name: (v) => (v.trim() ? null : 'Name is required.'),
      price: moneyRule('Price'),
      cost: moneyRule('Cost'),
      start_date: (v) => (v ? null : 'Start date is required.'),
      end_date: (v, values) =>
        !v
          ? 'End date is required.'
          : values.start_date && v < values.start_date
            ? END_AFTER_START_MESSAGE
            : null,
    },
  });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) =>
      api.post('/extras', {
        tour_id: tour.id,
        name: v.name,
        price: decimalText(v.price),
        cost: decimalText(v.cost),
        commissionable: v.commissionable,
        commission_rate: v.commissionable ? decimalText(v.commission_rate) : '',
        start_date: v.start_date,
        end_date: v.end_date,
      }),
    {
      onSuccess: () => {
        form.reset();
        void reload();
      },
    },
  );
  return (
    <Section title="Tour Extras" defaultOpen={defaultOpen}>
      <Stack gap="md">
        <Can permission="extras.create">
          <form onSubmit={onSubmit} noValidate aria-label="Add tour extra">
            <Text fw={600} size="sm" mb={4}>
              Add tour extra
            </Text>
            <Stack gap="xs">
              <Group align="flex-start" gap="md" wrap="wrap">
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
              </Group>
              <Group align="flex-start" gap="md" wrap="wrap">
                <DateField label="Start date" required w={170} {...form.getInputProps('start_date')} />
                <DateField label="End date" required w={170} {...form.getInputProps('end_date')} />
                <Button type="submit" mt={25} disabled={saving}>
                  {saving ? 'Adding...' : 'Add extra'}
                </Button>
              </Group>
            </Stack>
          </form>
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
                    endpoint={`/tours/extras/${r.id}/delete/`}
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
