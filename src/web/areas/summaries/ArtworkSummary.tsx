import { Anchor, Group, Paper, Select, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { type ArtworkRow, summariesApi } from '../../../shared/api/summaries';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { formatDate, formatMoney } from '../../lib/format';
import { type DateRange, DateRangeFilter, emptyRange, rangeParams } from '../../ui/DateRangeFilter';
import { ListFilters } from '../../ui/entity-list';
import { RouterAnchor } from '../../ui/RouterAnchor';
import { ServerTable, type ServerTableColumn } from '../../ui/ServerTable';
import { AdvertProductsModal, usePreData } from '../affiliates';
import { SearchButtons, SUMMARY_DEFAULT_PAGE, SUMMARY_PAGE_SIZES, YesNoBadge } from './summary-kit';

/**
 * The Artwork summary (spec 2 §2): filters affiliate, artwork deadline range, placement range,
 * Created and Sent (on: only those; off: all), applied with Search, reset with Clear. Columns:
 * affiliate (link), size, products (tour names), deadline, placement, total (the advert's cost),
 * Paid? / Created? / Sent? badges, and Product (the products modal, which has Close).
 */
export function ArtworkSummary() {
  const preData = usePreData();
  const [affiliateId, setAffiliateId] = useState<string | null>(null);
  const [deadline, setDeadline] = useState<DateRange>(emptyRange);
  const [placement, setPlacement] = useState<DateRange>(emptyRange);
  const [created, setCreated] = useState(false);
  const [sent, setSent] = useState(false);
  const [applied, setApplied] = useState<Record<string, string>>({});
  const [productsOf, setProductsOf] = useState<ArtworkRow | null>(null);

  const search = () =>
    setApplied({
      ...(affiliateId ? { affiliate_id: affiliateId } : {}),
      ...rangeParams(deadline, 'due_date_start', 'due_date_end'),
      ...rangeParams(placement, 'placement_start', 'placement_end'),
      ...(created ? { is_created: 'yes' } : {}),
      ...(sent ? { is_sent: 'yes' } : {}),
    });
  const clear = () => {
    setAffiliateId(null);
    setDeadline(emptyRange);
    setPlacement(emptyRange);
    setCreated(false);
    setSent(false);
    setApplied({});
  };

  const columns: ServerTableColumn<ArtworkRow>[] = [
    {
      accessor: 'affiliate',
      title: 'Affiliate',
      sortable: true,
      render: (r) => (
        <RouterAnchor to={pathTo('affiliate-edit', { id: r.affiliate_id })}>{r.affiliate.name}</RouterAnchor>
      ),
    },
    { accessor: 'advertise_size', title: 'Size', sortable: true, render: (r) => r.advertise_size.size_name },
    {
      accessor: 'products',
      title: 'Products',
      render: (r) =>
        r.products.length === 0 ? (
          <Text size="sm" c="dimmed">
            -
          </Text>
        ) : (
          <Text size="sm">{r.products.map((p) => p.tour.name).join(', ')}</Text>
        ),
    },
    {
      accessor: 'submission_deadline_date',
      title: 'Deadline',
      sortable: true,
      render: (r) => formatDate(r.submission_deadline_date),
    },
    {
      accessor: 'placemenet_date',
      title: 'Placement',
      sortable: true,
      render: (r) => formatDate(r.placemenet_date),
    },
    {
      accessor: 'total_cost',
      title: 'Total',
      sortable: true,
      textAlign: 'right',
      render: (r) => formatMoney(r.total_cost),
    },
    {
      accessor: 'paid_status',
      title: 'Paid?',
      sortable: true,
      render: (r) => <YesNoBadge value={r.paid_status} label="Paid" />,
    },
    {
      accessor: 'is_graphic_created',
      title: 'Created?',
      sortable: true,
      render: (r) => <YesNoBadge value={r.is_graphic_created} label="Created" />,
    },
    {
      accessor: 'is_sent',
      title: 'Sent?',
      sortable: true,
      render: (r) => <YesNoBadge value={r.is_sent} label="Sent" />,
    },
    {
      accessor: 'actions',
      title: '',
      render: (r) => (
        <Anchor component="button" type="button" size="sm" onClick={() => setProductsOf(r)}>
          Product
        </Anchor>
      ),
    },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <ListFilters>
        <Select
          label="Affiliate"
          placeholder="All"
          searchable
          clearable
          data={(preData.data?.affiliates ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
          value={affiliateId}
          onChange={setAffiliateId}
          w={220}
          comboboxProps={{ withinPortal: true }}
        />
        <DateRangeFilter label="Artwork deadline" value={deadline} onChange={setDeadline} />
        <DateRangeFilter label="Placement date" value={placement} onChange={setPlacement} />
        <Group gap="md" pb={6}>
          <Switch label="Created" checked={created} onChange={(e) => setCreated(e.currentTarget.checked)} />
          <Switch label="Sent" checked={sent} onChange={(e) => setSent(e.currentTarget.checked)} />
        </Group>
        <SearchButtons onSearch={search} onClear={clear} />
      </ListFilters>
      <ServerTable<ArtworkRow>
        label="Artwork summary"
        endpoint={summariesApi.artwork}
        queryKeyPrefix={keys.summaries.all}
        idAccessor="advertisement_id"
        columns={columns}
        filters={applied}
        pageSizes={SUMMARY_PAGE_SIZES}
        defaultPageSize={SUMMARY_DEFAULT_PAGE}
        emptyText="No artwork found"
      />
      {productsOf && (
        <AdvertProductsModal
          affiliateId={productsOf.affiliate_id}
          advertId={productsOf.advertisement_id}
          opened
          onClose={() => setProductsOf(null)}
        />
      )}
    </Paper>
  );
}
