import type { Query } from '../api/client';

/**
 * The DataTables server-side protocol as our tables speak it (DESIGN.md §4): what goes out
 * (`draw, start, length, search[value], order[0][column|dir], columns[i][data|orderable]` plus the
 * screen's filters) and what comes back.
 */
export interface TablePage<T> {
  draw: number;
  recordsTotal: number;
  recordsFiltered: number;
  data: T[];
}

export type SortDir = 'asc' | 'desc';
export type TableFilters = Record<string, string | number | boolean | null | undefined>;

export interface TableQueryInput {
  draw: number;
  /** 1-based page. */
  page: number;
  pageSize: number;
  search: string;
  /** Index into `columns`, or null for the server's default order. */
  orderColumn: number | null;
  orderDir: SortDir;
  columns: readonly { accessor: string; sortable?: boolean }[];
  filters?: TableFilters;
}

/** Drops empty filter values ('' / null / undefined) so the server sees only what was given. */
export function cleanFilters(filters: TableFilters | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(filters ?? {})) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'string' && v.trim() === '') continue;
    out[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** The flat query of one table request (bracketed keys, as jQuery DataTables sends them). */
export function buildTableQuery(input: TableQueryInput): Query {
  const q: Query = {
    draw: input.draw,
    start: input.pageSize === -1 ? 0 : (input.page - 1) * input.pageSize,
    length: input.pageSize,
    'search[value]': input.search.trim(),
  };
  if (input.orderColumn !== null) {
    q['order[0][column]'] = input.orderColumn;
    q['order[0][dir]'] = input.orderDir;
  }
  input.columns.forEach((c, i) => {
    q[`columns[${i}][data]`] = c.accessor;
    q[`columns[${i}][orderable]`] = c.sortable ? 'true' : 'false';
  });
  return { ...q, ...cleanFilters(input.filters) };
}

/** 'Showing 1 to 25 of 1,234 records (filtered from 9,999)'. */
export function recordsText(from: number, to: number, filtered: number, total: number): string {
  const n = (x: number) => x.toLocaleString('en-GB');
  const base =
    filtered === 0
      ? 'No records'
      : `Showing ${n(from)} to ${n(to)} of ${n(filtered)} record${filtered === 1 ? '' : 's'}`;
  return filtered !== total ? `${base} (filtered from ${n(total)})` : base;
}

/**
 * A flat table query as a JSON body, brackets nested the way qs reads them on the server:
 * `columns[0][data]` → `{columns: [{data}]}`, `search[value]` → `{search: {value}}`. For tables
 * served by POST (e.g. a booking's history).
 */
export function nestBracketKeys(q: Query): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(q)) {
    if (value === undefined || value === null) continue;
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[slot] = value;
        return;
      }
      if (container[slot] === undefined) container[slot] = /^\d+$/.test(parts[i + 1]) ? [] : {};
      node = container[slot] as Record<string, unknown> | unknown[];
    });
  }
  return out;
}
