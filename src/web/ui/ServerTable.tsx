import { Group, Select } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import {
  type CSSProperties,
  type ReactNode,
  type Ref,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import type { Endpoint } from '../../shared/api/contract';
import { callEndpoint } from '../api/client';
import {
  buildTableQuery,
  cleanFilters,
  nestBracketKeys,
  recordsText,
  type SortDir,
  type TableFilters,
  type TablePage,
} from './datatables';
import { QueryProblem } from './QueryProblem';
import { QuickSearch, useDelayedSearch } from './QuickSearch';

export interface ServerTableColumn<T> {
  /** The DataTables `columns[i][data]` name; the server sorts by it. */
  accessor: string;
  title: ReactNode;
  sortable?: boolean;
  render?: (row: T, index: number) => ReactNode;
  width?: number | string;
  textAlign?: 'left' | 'center' | 'right';
  noWrap?: boolean;
}

export interface ServerTableHandle {
  /** Fetches the current page again. */
  reload: () => void;
}

export interface ServerTableProps<T> {
  /**
   * The table's endpoint of the contract (e.g. `resortsApi.table`); its method decides whether the
   * request goes as a query (GET) or a JSON body with brackets nested (POST).
   */
  endpoint: Endpoint;
  /** Path parameters of the endpoint (e.g. `{ id }` of a booking's history). */
  params?: Record<string, string | number>;
  /** Puts the table's query under an area's key (e.g. a booking's history) so invalidating it reloads. */
  queryKeyPrefix?: readonly unknown[];
  columns: ServerTableColumn<T>[];
  /** Extra query parameters; a change goes back to page 1 and reloads. Blank values are not sent. */
  filters?: TableFilters;
  pageSizes?: number[];
  defaultPageSize?: number;
  /** Initial sort: a column index into `columns`. Without it the server's default order applies. */
  defaultOrder?: { column: number; dir: SortDir };
  /** Shows the quick-search box (DataTables `search[value]`). */
  quickSearch?: boolean;
  /** Pause after typing before the quick search runs (ms). Enter searches at once. */
  searchDelay?: number;
  /** What the quick search starts with (e.g. a link's `?q=`; issue #22). */
  initialSearch?: string;
  searchPlaceholder?: string;
  /** Change it to fetch again (e.g. after a 'Search' button). */
  reloadKey?: string | number;
  rowStyle?: (row: T, index: number) => CSSProperties | undefined;
  emptyText?: string;
  /** Accessible name of the table. */
  label: string;
  idAccessor?: string;
  ref?: Ref<ServerTableHandle>;
  /**
   * Shown under the table with the current answer (e.g. the totals per currency a summary answers
   * beside its rows); nothing until the first answer arrives.
   */
  footer?: (answer: TablePage<T> & Record<string, unknown>) => ReactNode;
  /** Rows picked with a checkbox column (multi-select lists, e.g. brochure requests); none when omitted. */
  selection?: { selected: T[]; onChange: (rows: T[]) => void; rowLabel: (row: T) => string };
}

/**
 * The one server-side table of the app (DESIGN.md §3): mantine-datatable driven by the DataTables
 * protocol. The previous page stays on screen, under the loader, while the next one is fetched.
 */
export function ServerTable<T extends object>({
  endpoint,
  params,
  queryKeyPrefix,
  columns,
  filters,
  pageSizes = [25, 50, 100, 500],
  defaultPageSize,
  defaultOrder,
  quickSearch = false,
  searchDelay = 1500,
  initialSearch = '',
  searchPlaceholder = 'Search…',
  reloadKey,
  rowStyle,
  emptyText = 'No records found',
  label,
  idAccessor = 'id',
  ref,
  selection,
  footer,
}: ServerTableProps<T>) {
  const [pageSize, setPageSize] = useState(defaultPageSize ?? pageSizes[0]);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ column: number; dir: SortDir } | null>(defaultOrder ?? null);
  const searchBox = useDelayedSearch(searchDelay, initialSearch);
  const search = searchBox.search;
  const draw = useRef(0);

  // A change of filters or search starts again from page 1 (reset during render, not in an effect,
  // so no request goes out for the old page with the new filters).
  const resetKey = JSON.stringify([cleanFilters(filters), search]);
  const [seenResetKey, setSeenResetKey] = useState(resetKey);
  if (seenResetKey !== resetKey) {
    setSeenResetKey(resetKey);
    setPage(1);
  }

  const columnsKey = columns.map((c) => `${c.accessor}:${c.sortable ? 1 : 0}`).join(',');
  const query = useQuery({
    queryKey: [
      ...(queryKeyPrefix ?? []),
      'table',
      endpoint.path,
      params,
      { page, pageSize, sort, search, filters: cleanFilters(filters), columnsKey, reloadKey },
    ],
    queryFn: ({ signal }) => {
      draw.current += 1;
      const q = buildTableQuery({
        draw: draw.current,
        page,
        pageSize,
        search,
        orderColumn: sort?.column ?? null,
        orderDir: sort?.dir ?? 'asc',
        columns,
        filters,
      });
      const call = callEndpoint<TablePage<T>>;
      return endpoint.method === 'POST'
        ? call(endpoint, { params, body: nestBracketKeys(q), signal })
        : call(endpoint, { params, query: q, signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const { refetch } = query;
  useImperativeHandle(ref, () => ({ reload: () => void refetch() }), [refetch]);

  const result = query.data;
  const records = result?.data ?? [];
  const filtered = result?.recordsFiltered ?? 0;
  const total = result?.recordsTotal ?? 0;

  // A reload that leaves fewer pages than the one shown goes back to the last page.
  const lastPage = Math.max(1, Math.ceil(filtered / pageSize));
  useEffect(() => {
    if (!query.isPlaceholderData && result && page > lastPage) setPage(lastPage);
  }, [query.isPlaceholderData, result, page, lastPage]);

  const sortStatus: DataTableSortStatus<T> = {
    columnAccessor: sort ? (columns[sort.column]?.accessor ?? '') : '',
    direction: sort?.dir ?? 'asc',
  };

  const dtColumns: DataTableColumn<T>[] = columns.map((c) => ({
    accessor: c.accessor,
    title: c.title,
    sortable: c.sortable,
    width: c.width,
    textAlign: c.textAlign,
    noWrap: c.noWrap,
    render: c.render ? (row: T, index: number) => c.render?.(row, index) : undefined,
  }));

  // 'All' (-1, where the spec offers it) is not a number mantine-datatable can show, so such
  // tables get their own 'Rows per page' select above the table and one page holds everything.
  const offersAll = pageSizes.includes(-1);
  const shownPageSize = pageSize === -1 ? Math.max(filtered, 1) : pageSize;
  const pageSizeProps =
    pageSizes.length > 1 && !offersAll
      ? {
          recordsPerPageOptions: pageSizes,
          recordsPerPageLabel: 'Rows per page',
          onRecordsPerPageChange: (n: number) => {
            setPageSize(n);
            setPage(1);
          },
        }
      : {};

  return (
    <div>
      {quickSearch && (
        <QuickSearch box={searchBox} placeholder={searchPlaceholder} count={result ? filtered : undefined} />
      )}
      {offersAll && (
        <Group justify="flex-end" mb="xs">
          <Select
            label="Rows per page"
            size="xs"
            w={130}
            allowDeselect={false}
            data={pageSizes.map((n) => ({ value: String(n), label: n === -1 ? 'All' : String(n) }))}
            value={String(pageSize)}
            onChange={(v) => {
              if (v) {
                setPageSize(Number(v));
                setPage(1);
              }
            }}
          />
        </Group>
      )}
      {query.isError && <QueryProblem query={query} what="list" mb="sm" />}
      <DataTable<T>
        aria-label={label}
        withTableBorder
        borderRadius="sm"
        striped
        highlightOnHover
        verticalAlign="center"
        minHeight={records.length ? undefined : 180}
        idAccessor={idAccessor}
        columns={dtColumns}
        records={records}
        fetching={query.isFetching}
        loaderType="dots"
        noRecordsText={query.isFetching && !result ? 'Loading…' : emptyText}
        rowStyle={rowStyle}
        sortStatus={sortStatus}
        onSortStatusChange={(s) => {
          const index = columns.findIndex((c) => c.accessor === s.columnAccessor);
          // A newly chosen column starts ascending (as jQuery DataTables does); the same one flips.
          const dir = sort && index === sort.column ? s.direction : 'asc';
          setSort(index >= 0 ? { column: index, dir } : null);
          setPage(1);
        }}
        page={page}
        onPageChange={setPage}
        totalRecords={filtered}
        recordsPerPage={shownPageSize}
        paginationText={({ from, to }) => recordsText(from, to, filtered, total)}
        {...(selection
          ? {
              selectedRecords: selection.selected,
              onSelectedRecordsChange: selection.onChange,
              allRecordsSelectionCheckboxProps: { 'aria-label': 'Select every row of this page' },
              getRecordSelectionCheckboxProps: (row: T) => ({
                'aria-label': `Select ${selection.rowLabel(row)}`,
              }),
            }
          : {})}
        getPaginationControlProps={(control) => ({ 'aria-label': `${control} page` })}
        {...pageSizeProps}
      />
      {footer && result && footer(result as TablePage<T> & Record<string, unknown>)}
    </div>
  );
}
