import { Alert, Anchor, Badge, Button, Collapse, Group, Paper, Select, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import type { RoomDetails } from '../../../shared/api/accommodation';
import {
  availabilityApi,
  PRICE_BY,
  type PriceRow,
  type PriceUpdateInput,
  priceUpdateInput,
} from '../../../shared/api/availability';
import { exchangeRateText } from '../../../shared/money-text';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatMoney } from '../../lib/format';
import { confirmDelete } from '../../ui/confirm';
import { NumberField } from '../../ui/form';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { useCan } from '../../ui/permissions';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { zodValidate } from '../../ui/zod-validate';
import { CloneModal } from './CloneModal';
import { DiscountModal } from './DiscountModal';
import { formatPrice } from './format';
import { currencyOptions, currencyPayload, currencyValue, useCurrentRates } from './hooks';

const priceByLabel = (v: string) => PRICE_BY.find((p) => p.value === v)?.label ?? v;

interface EditValues {
  selected_currency: string | null;
  exchange_rate: string | number;
  price_by: string | null;
  price: string | number;
}

/** The inline edit's payload (POST update-availability/{id}/prices). */
/** A price row's values as the inline edit starts them. */
const editValuesOf = (p: PriceRow): EditValues => ({
  selected_currency: currencyValue(p.currency_id),
  exchange_rate: Number(p.exchange_rate),
  price_by: p.price_type,
  price: p.price,
});

const toPayload = (e: { id: number; values: EditValues }): PriceUpdateInput => ({
  price_id: e.id,
  selected_currency: currencyPayload(e.values.selected_currency),
  exchange_rate: String(e.values.exchange_rate),
  price_by: e.values.price_by as PriceUpdateInput['price_by'],
  price: String(e.values.price),
});

/** The shared schema's first message for the inline edit, or null when it may be sent. */
const editProblem = (e: { id: number; values: EditValues }) =>
  Object.values(zodValidate(priceUpdateInput, toPayload)(e))[0] ?? null;

/**
 * Accommodation Prices table of a room (spec 3 §2): the prices of each night in the chosen range,
 * collapsible; Select All; per row inline Edit (Save / Clear), Delete (with confirmation) and
 * Discount; with more than one price selected, bulk 'Manage Discount' and 'Clone Price'.
 */
export function PricesTable({ room, range }: { room: RoomDetails; range: [string, string] | null }) {
  const mayEdit = useCan('prices.update');
  const mayDelete = useCan('prices.delete');
  const mayDiscount = useCan('prices.discount');
  const mayClone = useCan('prices.clone');
  const [open, setOpen] = useState(true);
  const [selected, setSelected] = useState<PriceRow[]>([]);
  const [editing, setEditing] = useState<{ id: number; values: EditValues } | null>(null);
  const [discountFor, setDiscountFor] = useState<PriceRow[] | null>(null);
  const [cloneOpen, setCloneOpen] = useState(false);
  const rates = useCurrentRates();
  const queryClient = useQueryClient();

  const query = useQuery({
    queryKey: keys.availability.list('prices', room.id, range),
    queryFn: ({ signal }) =>
      api
        .call(availabilityApi.prices, {
          params: { id: room.id },
          body: { start_date: range?.[0], end_date: range?.[1] },
          signal,
        })
        .then((r) => r.data),
    enabled: range !== null,
  });
  const rows = query.data ?? [];
  /** Prices, their discounts and the availability table of the area reload. */
  const reload = () => void queryClient.invalidateQueries({ queryKey: keys.availability.all });
  // Keep only selections that are still listed.
  const selectedNow = selected.filter((s) => rows.some((r) => r.id === s.id));

  const save = useNoticeMutation(
    (e: { id: number; values: EditValues }) =>
      api.call(availabilityApi.updatePrice, { params: { id: room.id }, body: toPayload(e) }),
    {
      onSuccess: () => {
        setEditing(null);
        reload();
      },
    },
  );
  const remove = useNoticeMutation(
    (p: PriceRow) =>
      api.call(availabilityApi.deletePrice, { params: { id: room.id }, body: { price_id: p.id } }),
    { onSuccess: reload },
  );

  // A price row being edited with a changed value asks before the page is left (issue #22 point 5).
  useUnsavedChanges({
    dirty: () => {
      if (!editing || save.isPending) return false;
      const row = rows.find((r) => r.id === editing.id);
      return !!row && JSON.stringify(editing.values) !== JSON.stringify(editValuesOf(row));
    },
  });
  const setEdit = (patch: Partial<EditValues>) =>
    setEditing((e) => (e ? { ...e, values: { ...e.values, ...patch } } : e));
  const isEditing = (p: PriceRow) => editing?.id === p.id;
  const dateLabel = (p: PriceRow) => dayjs(p.room_availability_date).format('ddd DD/MM/YYYY');

  const columns: DataTableColumn<PriceRow>[] = [
    { accessor: 'room_availability_date', title: 'Date', noWrap: true, render: dateLabel },
    {
      accessor: 'currency',
      title: 'Currency',
      render: (p) =>
        isEditing(p) && editing ? (
          <Select
            aria-label={`Currency for ${dateLabel(p)}`}
            size="xs"
            w={170}
            data={currencyOptions(rates.data)}
            allowDeselect={false}
            value={editing.values.selected_currency}
            comboboxProps={{ withinPortal: true }}
            onChange={(v) => {
              const rate = rates.data?.find((r) => currencyValue(r.currency_id) === v);
              setEdit({ selected_currency: v, exchange_rate: rate ? Number(rate.exchange_rate) : 1 });
            }}
          />
        ) : (
          p.currency.short_name
        ),
    },
    {
      accessor: 'exchange_rate',
      title: 'Rate',
      textAlign: 'right',
      render: (p) =>
        isEditing(p) && editing ? (
          <NumberField
            aria-label={`Exchange rate for ${dateLabel(p)}`}
            size="xs"
            w={100}
            min={0}
            disabled={editing.values.selected_currency === 'GBP'}
            value={editing.values.exchange_rate}
            onChange={(v) => setEdit({ exchange_rate: v })}
          />
        ) : p.currency.short_name === 'GBP' ? (
          '1'
        ) : (
          exchangeRateText(p.currency.symbol || `${p.currency.short_name} `, p.exchange_rate)
        ),
    },
    {
      accessor: 'price_type',
      title: 'Price by',
      render: (p) =>
        isEditing(p) && editing ? (
          <Select
            aria-label={`Price by for ${dateLabel(p)}`}
            size="xs"
            w={130}
            data={PRICE_BY.map((o) => ({ value: o.value, label: o.label }))}
            allowDeselect={false}
            value={editing.values.price_by}
            comboboxProps={{ withinPortal: true }}
            onChange={(v) => setEdit({ price_by: v })}
          />
        ) : (
          priceByLabel(p.price_type)
        ),
    },
    {
      accessor: 'price',
      title: 'Price',
      textAlign: 'right',
      render: (p) =>
        isEditing(p) && editing ? (
          <NumberField
            aria-label={`Price for ${dateLabel(p)}`}
            size="xs"
            w={110}
            min={0}
            step={0.01}
            value={editing.values.price}
            onChange={(v) => setEdit({ price: v })}
          />
        ) : (
          formatPrice(p.price, p)
        ),
    },
    {
      accessor: 'price_gbp',
      title: 'In pounds',
      textAlign: 'right',
      render: (p) => (p.currency.short_name === 'GBP' ? '' : formatMoney(p.price_gbp)),
    },
    {
      accessor: 'discounts_count',
      title: 'Discounts',
      textAlign: 'center',
      render: (p) => (p.discounts_count ? <Badge variant="light">{p.discounts_count}</Badge> : ''),
    },
    {
      accessor: 'actions',
      title: '',
      width: 200,
      render: (p) =>
        isEditing(p) && editing ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="compact-xs"
              onClick={() => {
                const problem = editProblem(editing);
                if (problem) notifications.show({ color: 'red', message: problem });
                else save.mutate(editing);
              }}
              disabled={save.isPending}
            >
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button size="compact-xs" variant="default" onClick={() => setEditing(null)}>
              Clear
            </Button>
          </Group>
        ) : (
          <Group gap="sm" wrap="nowrap">
            {mayEdit && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                aria-label={`Edit price of ${dateLabel(p)}`}
                onClick={() => setEditing({ id: p.id, values: editValuesOf(p) })}
              >
                Edit
              </Anchor>
            )}
            {mayDelete && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                // red.8: the row may be selected (indigo-1 background), where red.7 reads 4.4:1.
                c="red.8"
                aria-label={`Delete price of ${dateLabel(p)}`}
                onClick={async () => {
                  if (await confirmDelete(`Are you sure you want to delete the price of ${dateLabel(p)}?`)) {
                    remove.mutate(p);
                  }
                }}
              >
                Delete
              </Anchor>
            )}
            <Anchor
              component="button"
              type="button"
              size="sm"
              aria-label={`Discounts of ${dateLabel(p)}`}
              onClick={() => setDiscountFor([p])}
            >
              Discount
            </Anchor>
          </Group>
        ),
    },
  ];

  const selectable = mayDiscount || mayClone;
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb={open ? 'sm' : 0}>
        <Group gap="xs">
          <Title order={2} size="h4">
            Accommodation Prices
          </Title>
          {query.data && (
            <Text size="sm" c="dimmed">
              {rows.length} night{rows.length === 1 ? '' : 's'}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          {selectedNow.length > 1 && mayDiscount && (
            <Button size="xs" variant="light" onClick={() => setDiscountFor(selectedNow)}>
              Manage Discount
            </Button>
          )}
          {selectedNow.length > 1 && mayClone && (
            <Button size="xs" variant="light" onClick={() => setCloneOpen(true)}>
              Clone Price
            </Button>
          )}
          <Button size="xs" variant="subtle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide prices' : 'Show prices'}
          </Button>
        </Group>
      </Group>
      <Collapse expanded={open}>
        {query.isError && (
          <Alert color="red" title="The prices could not be loaded" mb="sm">
            {query.error.message}
          </Alert>
        )}
        <DataTable<PriceRow>
          aria-label="Accommodation Prices"
          withTableBorder
          borderRadius="sm"
          striped
          highlightOnHover
          verticalAlign="center"
          minHeight={rows.length ? undefined : 150}
          maxHeight={520}
          records={rows}
          columns={columns}
          fetching={query.isFetching}
          loaderType="dots"
          noRecordsText={query.isPending ? 'Loading…' : 'No prices in this date range'}
          {...(selectable
            ? {
                selectedRecords: selectedNow,
                onSelectedRecordsChange: setSelected,
                allRecordsSelectionCheckboxProps: { 'aria-label': 'Select All' },
                selectionCheckboxProps: {},
                getRecordSelectionCheckboxProps: (p: PriceRow) => ({
                  'aria-label': `Select ${dateLabel(p)}`,
                }),
              }
            : {})}
        />
        {selectable && rows.length > 1 && (
          <Text size="xs" c="dimmed" mt="xs">
            Select more than one price (or Select All) for 'Manage Discount' and 'Clone Price'.
          </Text>
        )}
      </Collapse>
      <DiscountModal
        opened={discountFor !== null}
        onClose={() => setDiscountFor(null)}
        prices={discountFor ?? []}
        onChanged={reload}
      />
      <CloneModal
        opened={cloneOpen}
        onClose={() => setCloneOpen(false)}
        room={room}
        prices={selectedNow}
        onDone={() => {
          setSelected([]);
          reload();
        }}
      />
    </Paper>
  );
}
