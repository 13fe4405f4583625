import { Anchor, Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADVERT_MESSAGES, type AdvertRow, advertsApi } from '../../../shared/api/adverts';
import { affiliatesApi } from '../../../shared/api/affiliates';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDate, formatMoney } from '../../lib/format';
import { type DateRange, DateRangeFilter, emptyRange, rangeParams } from '../../ui/DateRangeFilter';
import { ListFilters } from '../../ui/entity-list';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { useCan } from '../../ui/permissions';
import { ConfirmDeleteLink } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn } from '../../ui/ServerTable';
import { AdvertForm } from './AdvertForm';
import { AdvertProductsModal } from './AdvertProductsModal';
import { useReloadAdverts } from './advert-data';

/** Spec 2 §9: the artwork download auto-check runs 1 second after the tab loads. */
const AUTO_DOWNLOAD_DELAY_MS = 1000;

/** A yes/no cell. */
const yesNo = (v: boolean) => (
  <Badge variant="light" size="sm" tt="none" color={v ? 'teal' : 'gray'}>
    {v ? 'Yes' : 'No'}
  </Badge>
);

/** Downloads an advert's graphic or invoice (POST affiliates/download-artwork/{advertId}); failures show the message. */
function useArtworkDownload() {
  return useMutation({
    mutationFn: ({ id, type }: { id: number; type: 'graphic' | 'invoice' }) =>
      api.call(advertsApi.download, {
        params: { advertId: id },
        body: { download_type: type },
        fallbackName: type === 'invoice' ? 'Artwork-Invoice.pdf' : 'Artwork',
      }),
    // Spec 2 §8: download failures show message or error from the response.
    onError: (err) => notifications.show({ color: 'red', title: 'Error', message: err.message }),
  });
}

/**
 * The Advertisements tab of the affiliate screen (spec 2 §2, its default tab): the advertisement
 * form (role 1; Edit fills it), the filters (size, artwork deadline, placement, expiry and invoice
 * due ranges), the table (5 a page) and the products modal. `?downloadInvoice={advertId}` downloads
 * that advert's invoice 1 s after the tab loads (spec 2 §9).
 */
export function AdvertisementsTab({ affiliateId }: { affiliateId: number }) {
  const maySave = useCan('adverts.save');
  const mayDelete = useCan('adverts.delete');
  const sizes = useQuery({
    queryKey: keys.adverts.list('sizes', affiliateId),
    queryFn: ({ signal }) =>
      api.call(affiliatesApi.get, { params: { id: affiliateId }, signal }).then((r) => r.data.advertiseSizes),
    staleTime: 60_000,
  });
  const [editing, setEditing] = useState<AdvertRow | undefined>();
  const [productsOf, setProductsOf] = useState<number | null>(null);
  const [size, setSize] = useState<string | null>(null);
  const [deadline, setDeadline] = useState<DateRange>(emptyRange);
  const [placement, setPlacement] = useState<DateRange>(emptyRange);
  const [expiry, setExpiry] = useState<DateRange>(emptyRange);
  const [due, setDue] = useState<DateRange>(emptyRange);
  const reload = useReloadAdverts();
  const download = useArtworkDownload();
  const formTop = useRef<HTMLDivElement>(null);

  const [params, setParams] = useSearchParams();
  const autoDownload = params.get('downloadInvoice');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per requested advert
  useEffect(() => {
    const id = Number(autoDownload);
    if (!autoDownload || !Number.isInteger(id) || id <= 0) return;
    const timer = setTimeout(() => {
      download.mutate({ id, type: 'invoice' });
      const next = new URLSearchParams(params);
      next.delete('downloadInvoice');
      setParams(next, { replace: true });
    }, AUTO_DOWNLOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [autoDownload]);

  const remove = useNoticeMutation(
    (advertId: number) =>
      api.call(advertsApi.delete, { params: { affiliateId }, body: { advertisement_id: advertId } }),
    {
      onSuccess: (_, advertId) => {
        if (editing?.advertisement_id === advertId) setEditing(undefined);
        void reload();
      },
    },
  );

  const columns: ServerTableColumn<AdvertRow>[] = [
    {
      accessor: 'advertisement_size',
      title: 'Size',
      sortable: true,
      render: (r) => r.advertisement_size.size_name,
    },
    {
      accessor: 'submission_deadline_date',
      title: 'Deadline',
      noWrap: true,
      sortable: true,
      render: (r) => formatDate(r.submission_deadline_date),
    },
    // Placement and expiry in one column (sorted on placement), so the row's actions stay in view
    // at 1366 px (issue #22 point 9).
    {
      accessor: 'placemenet_date',
      noWrap: true,
      title: 'Runs',
      sortable: true,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{formatDate(r.placemenet_date)}</Text>
          <Text size="xs" c="dimmed">
            to {formatDate(r.expiry_date)}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'total_cost',
      title: 'Cost',
      sortable: true,
      textAlign: 'right',
      render: (r) => formatMoney(r.total_cost),
    },
    {
      accessor: 'invoice_number',
      title: 'Invoice',
      sortable: true,
      render: (r) =>
        r.invoice_name ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => download.mutate({ id: r.advertisement_id, type: 'invoice' })}
            aria-label={`Download invoice ${r.invoice_number ?? r.invoice_name}`}
          >
            {r.invoice_number ?? r.invoice_name}
          </Anchor>
        ) : (
          (r.invoice_number ?? '-')
        ),
    },
    {
      accessor: 'invoice_amount',
      title: 'Amount',
      sortable: true,
      textAlign: 'right',
      render: (r) => formatMoney(r.invoice_amount),
    },
    {
      accessor: 'invoice_due_date',
      noWrap: true,
      title: 'Due',
      sortable: true,
      render: (r) => formatDate(r.invoice_due_date),
    },
    { accessor: 'paid_status', title: 'Paid', sortable: true, render: (r) => yesNo(r.paid_status) },
    {
      accessor: 'is_graphic_created',
      title: 'Created',
      sortable: true,
      render: (r) => yesNo(r.is_graphic_created),
    },
    { accessor: 'is_sent', title: 'Sent', sortable: true, render: (r) => yesNo(r.is_sent) },
    {
      accessor: 'actions',
      title: '',
      width: 118,
      // Two short lines rather than a table wider than the screen.
      render: (r) => (
        <Group gap={6} wrap="wrap">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setProductsOf(r.advertisement_id)}
          >
            Products
          </Anchor>
          {r.graphic_name && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => download.mutate({ id: r.advertisement_id, type: 'graphic' })}
              aria-label={`Download graphic ${r.graphic_name}`}
            >
              Graphic
            </Anchor>
          )}
          {maySave && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setEditing(r);
                formTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              }}
            >
              Edit
            </Anchor>
          )}
          {mayDelete && (
            <ConfirmDeleteLink
              confirmMessage={ADVERT_MESSAGES.confirmDelete}
              onConfirm={() => remove.mutate(r.advertisement_id)}
              pending={remove.isPending && remove.variables === r.advertisement_id}
              disabled={remove.isPending}
            />
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" ref={formTop}>
      {maySave && (
        <AdvertForm
          key={editing?.advertisement_id ?? 'new'}
          affiliateId={affiliateId}
          sizes={sizes.data ?? []}
          advert={editing}
          onSaved={() => {
            setEditing(undefined);
            void reload();
          }}
          onCancel={() => setEditing(undefined)}
        />
      )}
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h4" mb="sm">
          Advertisements
        </Title>
        <ListFilters>
          <Select
            label="Size"
            placeholder="Any size"
            clearable
            data={(sizes.data ?? []).map((s) => ({ value: String(s.size_id), label: s.size_name }))}
            value={size}
            onChange={setSize}
            w={180}
            comboboxProps={{ withinPortal: true }}
          />
          <DateRangeFilter label="Artwork deadline" value={deadline} onChange={setDeadline} />
          <DateRangeFilter label="Placement" value={placement} onChange={setPlacement} />
          <DateRangeFilter label="Expiry" value={expiry} onChange={setExpiry} />
          <DateRangeFilter label="Invoice due" value={due} onChange={setDue} />
          <Group>
            <Button
              variant="default"
              onClick={() => {
                setSize(null);
                for (const clear of [setDeadline, setPlacement, setExpiry, setDue]) clear(emptyRange);
              }}
            >
              Clear
            </Button>
          </Group>
        </ListFilters>
        <ServerTable<AdvertRow>
          label="Advertisements"
          endpoint={advertsApi.table}
          params={{ id: affiliateId }}
          queryKeyPrefix={keys.adverts.all}
          idAccessor="advertisement_id"
          columns={columns}
          filters={{
            advertisement_size: size ?? undefined,
            ...rangeParams(deadline, 'submission_deadline_date_from', 'submission_deadline_date_to'),
            ...rangeParams(placement, 'placemenet_date_from', 'placemenet_date_to'),
            ...rangeParams(expiry, 'expiry_date_from', 'expiry_date_to'),
            ...rangeParams(due, 'invoice_due_date_from', 'invoice_due_date_to'),
          }}
          pageSizes={[5, 25, 50, 100]}
          emptyText="No advertisements yet"
        />
      </Paper>
      {productsOf !== null && (
        <AdvertProductsModal
          affiliateId={affiliateId}
          advertId={productsOf}
          opened
          onClose={() => setProductsOf(null)}
        />
      )}
    </Stack>
  );
}
