import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  ADVERT_MESSAGES,
  type AdvertDetail,
  type AdvertProduct,
  advertProductInput,
  advertsApi,
} from '../../../shared/api/adverts';
import { api } from '../../api/client';
import { tourOptions, useTourList } from '../../api/tours';
import { formatMoney } from '../../lib/format';
import { AuditHistory } from '../../ui/AuditHistory';
import { FormActions, MoneyInput, numberText, SaveButton, useFormSubmit } from '../../ui/form';
import { Modal } from '../../ui/Modal';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { useCan } from '../../ui/permissions';
import { QueryProblem } from '../../ui/QueryProblem';
import { ConfirmDeleteLink } from '../../ui/RowActions';
import { zodValidate } from '../../ui/zod-validate';
import { useAdvertDetail, usePreData, useReloadAdverts } from './advert-data';

type Flag = 'paid_status' | 'is_graphic_created' | 'is_sent';
const FLAGS: { column: Flag; label: string }[] = [
  { column: 'paid_status', label: 'Mark as Paid' },
  { column: 'is_graphic_created', label: 'Created' },
  { column: 'is_sent', label: 'Sent' },
];

/** The three switches (spec 2 §4: each change saves all three, POST update-artwork-status). */
function ArtworkSwitches({ advert, onSaved }: { advert: AdvertDetail; onSaved: () => void }) {
  const mayChange = useCan('adverts.status');
  const current = {
    paid_status: advert.paid_status,
    is_graphic_created: advert.is_graphic_created,
    is_sent: advert.is_sent,
  };
  const [shown, setShown] = useState(current);
  const [seen, setSeen] = useState(current);
  if (JSON.stringify(seen) !== JSON.stringify(current)) {
    setSeen(current);
    setShown(current);
  }
  const mutation = useNoticeMutation(
    (next: Record<Flag, boolean>) =>
      api.call(advertsApi.artworkStatus, {
        body: {
          artwork_id: advert.advertisement_id,
          column_status: FLAGS.map((f) => ({ column: f.column, status: next[f.column] })),
        },
      }),
    { onSuccess: onSaved, onError: () => setShown(current) },
  );
  if (!mayChange) {
    // Read-only: the three flags as Yes/No (a disabled switch reads as off).
    return (
      <Group gap="xl">
        {FLAGS.map((f) => (
          <Group key={f.column} gap={6}>
            <Text size="sm">{f.label}</Text>
            <Badge
              variant="light"
              tt="none"
              color={current[f.column] ? 'teal' : 'gray'}
              aria-label={`${f.label}: ${current[f.column] ? 'Yes' : 'No'}`}
            >
              {current[f.column] ? 'Yes' : 'No'}
            </Badge>
          </Group>
        ))}
      </Group>
    );
  }
  return (
    <Group gap="xl">
      {FLAGS.map((f) => (
        <Switch
          key={f.column}
          label={f.label}
          checked={shown[f.column]}
          disabled={mutation.isPending}
          onChange={(e) => {
            const next = { ...shown, [f.column]: e.currentTarget.checked };
            setShown(next);
            mutation.mutate(next);
          }}
        />
      ))}
    </Group>
  );
}

interface ProductValues {
  tour_id: string | null;
  size_id: string | null;
  amount: string | number;
}
const blankProduct: ProductValues = { tour_id: null, size_id: null, amount: '' };
const productInput = (v: ProductValues, editing: AdvertProduct | null) => ({
  flag: editing ? ('edit' as const) : ('add' as const),
  advertisement_invoice_id: editing ? editing.id : undefined,
  tour_id: v.tour_id ?? '',
  size_id: v.size_id ?? '',
  amount: numberText(v.amount),
});

/** The product form (spec 2 §2: tour required, size, cost; 'Add Product' / 'Edit Product'). */
function ProductForm({
  advert,
  editing,
  onDone,
}: {
  advert: AdvertDetail;
  editing: AdvertProduct | null;
  onDone: () => void;
}) {
  const tours = useTourList();
  const preData = usePreData();
  const form = useForm<ProductValues>({
    initialValues: editing
      ? {
          tour_id: String(editing.tour_id),
          size_id: editing.size_id ? String(editing.size_id) : null,
          amount: editing.amount,
        }
      : blankProduct,
    validate: zodValidate(advertProductInput, (v: ProductValues) => productInput(v, editing)),
  });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v: ProductValues) =>
      api.call(advertsApi.productSubmit, {
        params: { id: advert.advertisement_id },
        body: productInput(v, editing),
      }),
    {
      onSuccess: () => {
        form.setValues(blankProduct);
        onDone();
      },
    },
  );
  return (
    <Paper withBorder p="sm" radius="md">
      <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit product' : 'Add product'}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Tour"
            required
            searchable
            placeholder="Choose a tour"
            data={tourOptions(tours.data)}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('tour_id')}
          />
          <Select
            label="Size"
            clearable
            placeholder="Choose a size"
            data={(preData.data?.advertise_sizes ?? []).map((s) => ({
              value: String(s.size_id),
              label: s.size_name,
            }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('size_id')}
          />
          <MoneyInput label="Cost" {...form.getInputProps('amount')} />
        </SimpleGrid>
        <FormActions>
          {editing && (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
          <SaveButton mode={editing ? 'update' : 'create'} saving={saving}>
            {editing ? 'Edit Product' : 'Add Product'}
          </SaveButton>
        </FormActions>
      </form>
    </Paper>
  );
}

/** The products table: tour, size, cost, edit and delete (role 1); 'No data available.' when empty. */
function ProductsTable({
  advert,
  onEdit,
  onChanged,
}: {
  advert: AdvertDetail;
  onEdit: (p: AdvertProduct) => void;
  onChanged: () => void;
}) {
  const mayChange = useCan('adverts.products');
  const remove = useNoticeMutation(
    (productId: number) =>
      api.call(advertsApi.productDelete, {
        params: { advertId: advert.advertisement_id },
        body: { advertisement_invoice_id: productId },
      }),
    { onSuccess: onChanged },
  );
  return (
    <Table striped withTableBorder aria-label="Products">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tour</Table.Th>
          <Table.Th>Size</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Cost</Table.Th>
          {mayChange && <Table.Th>Actions</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {advert.products.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={mayChange ? 4 : 3}>
              <Text size="sm" c="dimmed" ta="center">
                {ADVERT_MESSAGES.noData}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          advert.products.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{p.tour}</Table.Td>
              <Table.Td>{p.size ?? '-'}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatMoney(p.amount)}</Table.Td>
              {mayChange && (
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Anchor component="button" type="button" size="sm" onClick={() => onEdit(p)}>
                      Edit
                    </Anchor>
                    <ConfirmDeleteLink
                      confirmMessage={ADVERT_MESSAGES.confirmDeleteProduct}
                      onConfirm={() => remove.mutate(p.id)}
                      pending={remove.isPending && remove.variables === p.id}
                      disabled={remove.isPending}
                      ariaLabel={`Delete product ${p.tour}`}
                    />
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}

/** Total, Paid and Left of the products modal. */
function Totals({ totals }: { totals: AdvertDetail['totals'] }) {
  return (
    <Group gap="xl" aria-label="Totals">
      {(
        [
          ['Total', totals.total],
          ['Paid', totals.paid],
          ['Left', totals.left],
        ] as const
      ).map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} data-testid={`advert-${label.toLowerCase()}`}>
            {formatMoney(value)}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}

/**
 * The products modal (spec 2 §2 'Products modal'; the summaries' 'advertisement invoices modal'):
 * title 'affiliate / size'; switches Mark as Paid, Created and Sent; Total, Paid and Left; the
 * product form (role 1) and the products table. Every save reloads the adverts and the summaries.
 */
export function AdvertProductsModal({
  affiliateId,
  advertId,
  opened,
  onClose,
}: {
  affiliateId: number;
  advertId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const detail = useAdvertDetail(affiliateId, advertId, opened);
  const reload = useReloadAdverts();
  const mayChange = useCan('adverts.products');
  const [editing, setEditing] = useState<AdvertProduct | null>(null);
  const advert = detail.data;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={advert ? `${advert.affiliate.name} / ${advert.advertisement_size.size_name}` : 'Products'}
    >
      {detail.isPending ? (
        <Loader size="sm" aria-label="Loading the advertisement" />
      ) : detail.error || !advert ? (
        <QueryProblem query={detail} what="advertisement" />
      ) : (
        <Stack gap="md">
          <ArtworkSwitches advert={advert} onSaved={() => void reload()} />
          <Totals totals={advert.totals} />
          {mayChange && (
            <ProductForm
              key={editing?.id ?? 'new'}
              advert={advert}
              editing={editing}
              onDone={() => {
                setEditing(null);
                void reload();
              }}
            />
          )}
          <ProductsTable advert={advert} onEdit={setEditing} onChanged={() => void reload()} />
          <AuditHistory entity="advertisement" id={advert.advertisement_id} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
