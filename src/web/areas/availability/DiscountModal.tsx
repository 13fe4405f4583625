import { Anchor, Button, Group, Modal, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import {
  DISCOUNT_END_MESSAGE,
  DISCOUNT_START_MESSAGE,
  type PriceDiscount,
  type PriceRow,
} from '../../../shared/api/availability';
import { api } from '../../api/client';
import { formatDate } from '../../lib/format';
import { confirmDelete } from '../../ui/confirm';
import { DateField } from '../../ui/DateField';
import { FieldGrid, FormActions, NumberField, SaveButton, useFormSubmit } from '../../ui/form';
import { ListTable } from '../../ui/ListTable';
import { useCan } from '../../ui/permissions';
import { formatPrice } from './format';
import { roomKeys } from './hooks';

interface DiscountValues {
  booking_start_date: string | null;
  booking_end_date: string | null;
  percent_discount: boolean;
  discount_price: string | number;
}

const emptyValues: DiscountValues = {
  booking_start_date: null,
  booking_end_date: null,
  percent_discount: false,
  discount_price: '',
};

/** The discount's amount as shown: '10%' or the price's currency amount. */
export function formatDiscount(d: PriceDiscount, price?: PriceRow) {
  return d.percent_discount ? `${Number(d.discount_price)}%` : formatPrice(d.discount_price, price);
}

/**
 * Price discount modal (spec 3 §2, §5 Price discount form): for one price, its discounts (edit,
 * delete with confirmation) and the add/edit form; for several prices ('Manage Discount'), the form
 * adds the same discount to each. Booking start and end, discount price required (step 0.01), a
 * percent switch; a start after the end, or a window overlapping another discount of the price,
 * shows 'Please prove a valid start date' / 'Please prove a valid end date' on both dates.
 */
export function DiscountModal({
  opened,
  onClose,
  prices,
  onChanged,
}: {
  opened: boolean;
  onClose: () => void;
  /** One price (single) or the selected prices (bulk). */
  prices: PriceRow[];
  onChanged: () => void;
}) {
  const single = prices.length === 1 ? prices[0] : null;
  const title = single
    ? `Discounts for ${formatDate(single.room_availability_date)} (${formatPrice(single.price, single)})`
    : `Manage Discount for ${prices.length} prices`;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      {opened &&
        (single ? (
          <SingleDiscounts price={single} onChanged={onChanged} />
        ) : (
          <BulkDiscount
            prices={prices}
            onDone={() => {
              onChanged();
              onClose();
            }}
          />
        ))}
    </Modal>
  );
}

function SingleDiscounts({ price, onChanged }: { price: PriceRow; onChanged: () => void }) {
  const mayEdit = useCan('prices.discount');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<PriceDiscount | null>(null);
  const query = useQuery({
    queryKey: roomKeys.discounts(price.id),
    queryFn: () =>
      api
        .get<{ data: { discounts: PriceDiscount[] } }>(`/accommodation/room/price-discount/${price.id}`)
        .then((r) => r.data.discounts),
  });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: roomKeys.discounts(price.id) });
    onChanged();
  };
  const remove = useMutation({
    mutationFn: (d: PriceDiscount) =>
      api.post<{ message: string }>(`/accommodation/room/price-discount/${price.id}/delete-discount/${d.id}`),
    onSuccess: (answer, d) => {
      notifications.show({ color: 'green', message: answer.message });
      if (editing?.id === d.id) setEditing(null);
      reload();
    },
    onError: (err) => notifications.show({ color: 'red', title: 'Error', message: err.message }),
  });
  const columns: DataTableColumn<PriceDiscount>[] = [
    {
      accessor: 'booking_start_date',
      title: 'Booking from',
      render: (d) => formatDate(d.booking_start_date),
    },
    { accessor: 'booking_end_date', title: 'Booking to', render: (d) => formatDate(d.booking_end_date) },
    {
      accessor: 'discount_price',
      title: 'Discount',
      textAlign: 'right',
      render: (d) => formatDiscount(d, price),
    },
  ];
  if (mayEdit) {
    columns.push({
      accessor: 'actions',
      title: '',
      width: 120,
      render: (d) => (
        <Group gap="sm" wrap="nowrap">
          <Anchor component="button" type="button" size="sm" onClick={() => setEditing(d)}>
            Edit
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            c="red"
            onClick={async () => {
              if (await confirmDelete('Are you sure you want to delete this discount?')) remove.mutate(d);
            }}
          >
            Delete
          </Anchor>
        </Group>
      ),
    });
  }
  return (
    <Stack gap="md">
      <ListTable<PriceDiscount>
        label="Discounts of this price"
        records={query.data}
        loading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        columns={columns}
        emptyText="No discounts on this price"
      />
      {mayEdit && (
        <DiscountForm
          key={editing?.id ?? 'add'}
          editing={editing}
          existing={query.data ?? []}
          send={(body) =>
            api.post(`/accommodation/room/price-discount/${price.id}/handle`, {
              ...body,
              flag: editing ? 'edit' : 'add',
              id: editing?.id,
            })
          }
          onSaved={() => {
            setEditing(null);
            reload();
          }}
          onCancel={editing ? () => setEditing(null) : undefined}
        />
      )}
    </Stack>
  );
}

function BulkDiscount({ prices, onDone }: { prices: PriceRow[]; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        The discount is added to each of the {prices.length} selected prices (
        {prices.map((p) => formatDate(p.room_availability_date)).join(', ')}). If any of them already has a
        discount overlapping these booking dates, nothing is saved.
      </Text>
      <DiscountForm
        existing={[]}
        send={(body) =>
          api.post('/accommodation/room/handle-multiple-prices-discount', {
            ...body,
            flag: 'add',
            multiple_price_ids: prices.map((p) => p.id),
          })
        }
        onSaved={onDone}
      />
    </Stack>
  );
}

function DiscountForm({
  editing = null,
  existing,
  send,
  onSaved,
  onCancel,
}: {
  editing?: PriceDiscount | null;
  existing: PriceDiscount[];
  send: (body: object) => Promise<unknown>;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const form = useForm<DiscountValues>({
    initialValues: editing
      ? {
          booking_start_date: editing.booking_start_date,
          booking_end_date: editing.booking_end_date,
          percent_discount: editing.percent_discount,
          discount_price: editing.discount_price,
        }
      : emptyValues,
    validate: (v) => {
      const errors: Record<string, string> = {};
      if (!v.booking_start_date) errors.booking_start_date = 'Booking start date is required.';
      if (!v.booking_end_date) errors.booking_end_date = 'Booking end date is required.';
      if (v.discount_price === '') errors.discount_price = 'Discount price is required.';
      else if (Number(v.discount_price) < 0.01)
        errors.discount_price = 'Discount price must be at least 0.01.';
      else if (v.percent_discount && Number(v.discount_price) > 100) {
        errors.discount_price = 'A percentage discount may be at most 100.';
      }
      const start = v.booking_start_date;
      const end = v.booking_end_date;
      if (start && end) {
        const overlaps = existing.some(
          (d) => d.id !== editing?.id && d.booking_start_date <= end && start <= d.booking_end_date,
        );
        if (start > end || overlaps) {
          errors.booking_start_date = DISCOUNT_START_MESSAGE;
          errors.booking_end_date = DISCOUNT_END_MESSAGE;
        }
      }
      return errors;
    },
  });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) =>
      send({
        booking_start_date: v.booking_start_date,
        booking_end_date: v.booking_end_date,
        percent_discount: v.percent_discount,
        discount_price: String(v.discount_price),
      }),
    {
      onSuccess: () => {
        form.setValues(emptyValues);
        onSaved();
      },
    },
  );
  return (
    <Paper withBorder p="sm" radius="sm">
      <Title order={3} size="h5" mb="xs">
        {editing ? 'Edit discount' : 'Add discount'}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <FieldGrid>
          <DateField label="Booking start date" required {...form.getInputProps('booking_start_date')} />
          <DateField label="Booking end date" required {...form.getInputProps('booking_end_date')} />
          <NumberField
            label="Discount price"
            required
            suffix={form.values.percent_discount ? ' %' : undefined}
            step={0.01}
            min={0.01}
            {...form.getInputProps('discount_price')}
          />
          <Switch
            label="Percentage discount"
            mt={30}
            {...form.getInputProps('percent_discount', { type: 'checkbox' })}
          />
        </FieldGrid>
        <FormActions>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel edit
            </Button>
          )}
          <SaveButton mode={editing ? 'update' : 'create'} saving={saving} busyLabel="Saving...">
            {editing ? 'Update discount' : 'Add discount'}
          </SaveButton>
        </FormActions>
      </form>
    </Paper>
  );
}
