import { Anchor, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import {
  availabilityApi,
  type DiscountInput,
  discountInput,
  type MultipleDiscountInput,
  multipleDiscountInput,
  type PriceDiscount,
  type PriceRow,
} from '../../../shared/api/availability';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDate } from '../../lib/format';
import { confirmDelete } from '../../ui/confirm';
import { DateField } from '../../ui/DateField';
import { type EntityForm, EntityFormFrame, useEntityForm } from '../../ui/entity';
import { FieldGrid, NumberField } from '../../ui/form';
import { ListTable } from '../../ui/ListTable';
import { Modal } from '../../ui/Modal';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { useCan } from '../../ui/permissions';
import { formatPrice } from './format';

interface DiscountValues {
  booking_start_date: string | null;
  booking_end_date: string | null;
  percent_discount: boolean;
  discount_price: string | number;
}

const toValues = (d?: PriceDiscount | null): DiscountValues => ({
  booking_start_date: d?.booking_start_date ?? null,
  booking_end_date: d?.booking_end_date ?? null,
  percent_discount: d?.percent_discount ?? false,
  discount_price: d?.discount_price ?? '',
});

/** The discount's own fields as both calls take them. */
const fields = (v: DiscountValues) => ({
  booking_start_date: v.booking_start_date,
  booking_end_date: v.booking_end_date,
  percent_discount: v.percent_discount,
  discount_price: v.discount_price === '' ? '' : String(v.discount_price),
});

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
    queryKey: keys.availability.list('discounts', price.id),
    queryFn: ({ signal }) =>
      api
        .call(availabilityApi.discounts, { params: { priceId: price.id }, signal })
        .then((r) => r.data.discounts),
  });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: keys.availability.list('discounts', price.id) });
    onChanged();
  };
  const remove = useNoticeMutation(
    (d: PriceDiscount) =>
      api.call(availabilityApi.deleteDiscount, { params: { priceId: price.id, discountId: d.id } }),
    {
      onSuccess: (_answer, d) => {
        if (editing?.id === d.id) setEditing(null);
        reload();
      },
    },
  );
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
        <SingleDiscountForm
          key={editing?.id ?? 'add'}
          priceId={price.id}
          editing={editing}
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
      <BulkDiscountForm priceIds={prices.map((p) => p.id)} onSaved={onDone} />
    </Stack>
  );
}

/**
 * Add or edit one discount of a price (POST price-discount/{priceId}/handle, flag add or edit),
 * checked with the shared `discountInput`; an overlap with another discount is refused by the
 * server with the spec's messages on both dates.
 */
function SingleDiscountForm({
  priceId,
  editing,
  onSaved,
  onCancel,
}: {
  priceId: number;
  editing: PriceDiscount | null;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const entity = useEntityForm({
    schema: discountInput,
    toValues,
    toInput: (v: DiscountValues): DiscountInput => ({
      ...fields(v),
      flag: editing ? 'edit' : 'add',
      id: editing?.id,
    }),
    permission: 'prices.discount',
    mode: editing ? 'update' : 'create',
    record: editing,
    send: (body) => api.call(availabilityApi.saveDiscount, { params: { priceId }, body }),
    onSaved,
    resetAfterCreate: true,
  });
  return <DiscountFormFrame entity={entity} editing={!!editing} onCancel={onCancel} />;
}

/** The same new discount on each selected price (POST handle-multiple-prices-discount), all or nothing. */
function BulkDiscountForm({ priceIds, onSaved }: { priceIds: number[]; onSaved: () => void }) {
  const entity = useEntityForm({
    schema: multipleDiscountInput,
    toValues,
    toInput: (v: DiscountValues): MultipleDiscountInput => ({
      ...fields(v),
      flag: 'add',
      multiple_price_ids: priceIds,
    }),
    permission: 'prices.discount',
    mode: 'create',
    send: (body) => api.call(availabilityApi.addMultipleDiscounts, { body }),
    onSaved,
    resetAfterCreate: true,
  });
  return <DiscountFormFrame entity={entity} editing={false} />;
}

/** The discount form's fields (spec 3 §5 Price discount form) in its frame. */
function DiscountFormFrame({
  entity,
  editing,
  onCancel,
}: {
  entity: EntityForm<DiscountValues>;
  editing: boolean;
  onCancel?: () => void;
}) {
  const { form } = entity;
  return (
    <Paper withBorder p="sm" radius="sm">
      <Title order={3} size="h5" mb="xs">
        {editing ? 'Edit discount' : 'Add discount'}
      </Title>
      <EntityFormFrame
        entity={entity}
        submitLabel={editing ? 'Update discount' : 'Add discount'}
        bare
        actions={
          onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel edit
            </Button>
          )
        }
      >
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
      </EntityFormFrame>
    </Paper>
  );
}
