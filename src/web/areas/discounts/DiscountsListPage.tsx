import { Anchor, Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DISCOUNT_NO_TOUR_LABEL, type DiscountRow, discountsApi } from '../../../shared/api/discounts';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { tourOptions, useTourList } from '../../api/tours';
import { formatMoney } from '../../lib/format';
import { PageHeader } from '../../ui/PageHeader';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction, EditLink, RowActions } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';

/** '12.50' → '12.5%', '5.00' → '5%': a percentage shown without trailing zeros (text, no floats). */
export function formatPercent(value: string): string {
  const trimmed = value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
  return `${trimmed}%`;
}

/** The value column: £ amount, or % when the discount is a percentage (penalty_type true). */
export const discountValue = (r: Pick<DiscountRow, 'value' | 'penalty_type'>) =>
  r.penalty_type ? formatPercent(r.value) : formatMoney(r.value);

/** The code filter: applied `delay` ms after the last key, or at once on Enter; starts at `initial`. */
function useCodeFilter(initial: string, delay: number) {
  const [text, setText] = useState(initial);
  const [search, setSearch] = useState(initial);
  useEffect(() => {
    if (text === search) return;
    const t = setTimeout(() => setSearch(text), delay);
    return () => clearTimeout(t);
  }, [text, search, delay]);
  return { text, setText, search, applyNow: () => setSearch(text) };
}

/**
 * Discounts list (/discounts, spec 3 §2): code, description, value, tour name (a legacy label when
 * the discount has no tour); filters by code and by tour (GET discounts/table2 search_by_code,
 * search_by_tour). 'New discount' and delete for role 1 (spec 3 §6). `?code=` pre-fills the code
 * filter (the create screen lands here after making one discount per tour).
 */
export function DiscountsListPage() {
  const table = useRef<ServerTableHandle>(null);
  const mayDelete = useCan('discounts.delete');
  const [params] = useSearchParams();
  const code = useCodeFilter(params.get('code') ?? '', 500);
  const [tourId, setTourId] = useState<string | null>(null);
  const tours = useTourList({ withSuppressed: true });
  const columns: ServerTableColumn<DiscountRow>[] = [
    {
      accessor: 'code',
      title: 'Code',
      sortable: true,
      render: (r) => (
        <Anchor component={Link} to={pathTo('discount-edit', { id: r.id })} size="sm">
          {r.code}
        </Anchor>
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
    {
      accessor: 'actions',
      title: '',
      width: 140,
      render: (r) => (
        <RowActions>
          <EditLink to={pathTo('discount-edit', { id: r.id })} permission="discounts.update" />
          {mayDelete && (
            <DeleteAction
              endpoint={discountsApi.delete}
              params={{ id: r.id }}
              confirmMessage={`Are you sure you want to delete the discount "${r.code}" ?`}
              onDeleted={() => table.current?.reload()}
            />
          )}
        </RowActions>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Discounts"
        actions={
          <Can permission="discounts.create">
            <Button component={Link} to={pathTo('discount-create')}>
              New discount
            </Button>
          </Can>
        }
      />
      <Paper withBorder p="md" radius="md">
        <Group mb="sm" gap="md" align="flex-end" wrap="wrap">
          <TextInput
            label="Code"
            placeholder="Search by code…"
            value={code.text}
            onChange={(e) => code.setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                code.applyNow();
              }
            }}
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
        </Group>
        <ServerTable<DiscountRow>
          ref={table}
          label="Discounts"
          endpoint={discountsApi.table}
          queryKeyPrefix={keys.discounts.all}
          columns={columns}
          filters={{ search_by_code: code.search, search_by_tour: tourId }}
          emptyText="No discounts found"
        />
      </Paper>
    </>
  );
}
