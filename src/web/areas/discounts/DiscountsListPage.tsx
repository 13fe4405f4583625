import { Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DISCOUNT_NO_TOUR_LABEL, type DiscountRow, discountsApi } from '../../../shared/api/discounts';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { tourOptions, useTourList } from '../../api/tours';
import { formatMoney } from '../../lib/format';
import { EntityListPage, ListFilters } from '../../ui/entity-list';
import { DelayedSearchInput, useDelayedSearch } from '../../ui/QuickSearch';
import { RouterAnchor } from '../../ui/RouterAnchor';

/** '12.50' → '12.5%', '5.00' → '5%': a percentage shown without trailing zeros (text, no floats). */
export function formatPercent(value: string): string {
  const trimmed = value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
  return `${trimmed}%`;
}

/** The value column: £ amount, or % when the discount is a percentage (penalty_type true). */
export const discountValue = (r: Pick<DiscountRow, 'value' | 'penalty_type'>) =>
  r.penalty_type ? formatPercent(r.value) : formatMoney(r.value);

/**
 * Discounts list (/discounts, spec 3 §2): code, description, value, tour name (a legacy label when
 * the discount has no tour); filters by code and by tour (GET discounts/table2 search_by_code,
 * search_by_tour). 'New discount' and delete for role 1 (spec 3 §6). `?code=` pre-fills the code
 * filter (the create screen lands here after making one discount per tour).
 */
export function DiscountsListPage() {
  const [params] = useSearchParams();
  const code = useDelayedSearch(500, params.get('code') ?? '');
  const [tourId, setTourId] = useState<string | null>(null);
  const tours = useTourList({ withSuppressed: true });
  return (
    <EntityListPage<DiscountRow>
      title="Discounts"
      create={{ label: 'New discount', route: 'discount-create', permission: 'discounts.create' }}
      endpoint={discountsApi.table}
      queryKey={keys.discounts.all}
      columns={[
        {
          accessor: 'code',
          title: 'Code',
          sortable: true,
          render: (r) => (
            <RouterAnchor to={pathTo('discount-edit', { id: r.id })} size="sm">
              {r.code}
            </RouterAnchor>
          ),
        },
        { accessor: 'description', title: 'Description', sortable: true, render: (r) => r.description ?? '' },
        {
          accessor: 'value',
          title: 'Value',
          sortable: true,
          textAlign: 'right',
          width: 120,
          render: discountValue,
        },
        {
          accessor: 'tour_name',
          title: 'Tour',
          sortable: true,
          render: (r) =>
            r.tour_name ?? (
              <Text span size="sm" c="dimmed" fs="italic">
                {DISCOUNT_NO_TOUR_LABEL}
              </Text>
            ),
        },
      ]}
      actions={{
        width: 140,
        edit: { route: 'discount-edit', permission: 'discounts.update' },
        delete: {
          endpoint: discountsApi.delete,
          permission: 'discounts.delete',
          confirm: (r) => `Are you sure you want to delete the discount "${r.code}" ?`,
        },
      }}
      filters={{ search_by_code: code.search, search_by_tour: tourId }}
      filterBar={
        <ListFilters>
          <DelayedSearchInput
            box={code}
            label="Code"
            placeholder="Search by code…"
            w={{ base: '100%', xs: 240 }}
          />
          <Select
            label="Tour"
            placeholder={tours.isPending ? 'Loading…' : 'All tours'}
            data={tourOptions(tours.data)}
            value={tourId}
            onChange={setTourId}
            searchable
            clearable
            nothingFoundMessage="No tour matches"
            w={{ base: '100%', xs: 320 }}
          />
        </ListFilters>
      }
      emptyText="No discounts found"
    />
  );
}
