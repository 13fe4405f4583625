import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { validationError } from './errors';

export {
  type DataTablesRequest,
  dataTablesRequestSchema,
  dataTablesShape,
} from '../../shared/api/datatables';

import type { DataTablesRequest } from '../../shared/api/datatables';

export interface TablePage {
  draw: number;
  offset: number;
  /** Rows to return; null for All (length -1, only where `allowAll`). */
  limit: number | null;
  search: string;
  /** ORDER BY fragments, already resolved against the area's whitelist. */
  orderBy: SQL[];
  /** The `data` names of the sorted columns, in order (without the tie-breaker). */
  orderNames: string[];
  /** Their directions, in the same order. */
  orderDirs: ('asc' | 'desc')[];
}

/**
 * Resolves a parsed request against an area's sortable columns. `sortable` maps a column's `data`
 * name to its SQL expression; an order on a column that is not sortable answers 422. When the
 * request names no order, `defaultOrder` applies. `tieBreaker` (e.g. the id) keeps pages stable;
 * `thenBy` gives a column its own second order before it.
 */
export function resolveTablePage(
  req: DataTablesRequest,
  opts: {
    sortable: Record<string, SQL>;
    defaultOrder: { column: string; dir: 'asc' | 'desc' };
    defaultLength: number;
    allowAll?: boolean;
    tieBreaker?: SQL;
    /**
     * A column's own second order, before the tie-breaker, when it is the only one sorted (e.g.
     * departure date, then booking date: the order of the (departure_date, created_at, id) index,
     * so a page is read from it instead of sorting every booking of the first day).
     */
    thenBy?: Record<string, SQL>;
  },
): TablePage {
  const length = req.length ?? opts.defaultLength;
  if (length === -1 && !opts.allowAll) throw validationError({ length: ['This table does not offer All.'] });
  if (length === 0) throw validationError({ length: ['length must be -1 (All) or a positive number.'] });
  const requested: { expr: SQL; dir: 'asc' | 'desc' }[] = [];
  const orderNames: string[] = [];
  for (const o of req.order ?? []) {
    const name = req.columns?.[o.column]?.data ?? o.name;
    const expr = name ? opts.sortable[name] : undefined;
    if (!name || !expr) throw validationError({ order: [`Column ${name ?? o.column} cannot be sorted.`] });
    requested.push({ expr, dir: o.dir });
    orderNames.push(name);
  }
  if (requested.length === 0) {
    requested.push({ expr: opts.sortable[opts.defaultOrder.column], dir: opts.defaultOrder.dir });
    orderNames.push(opts.defaultOrder.column);
  }
  // The tie-breaker follows the first column's direction, and no NULLS clause is added, so the
  // planner can walk a matching (column, id) index in either direction.
  const then = orderNames.length === 1 ? opts.thenBy?.[orderNames[0]] : undefined;
  if (then) requested.push({ expr: then, dir: requested[0].dir });
  if (opts.tieBreaker) requested.push({ expr: opts.tieBreaker, dir: requested[0].dir });
  const orderBy = requested.map(({ expr, dir }) => (dir === 'desc' ? sql`${expr} desc` : sql`${expr} asc`));
  return {
    draw: req.draw ?? 0,
    offset: req.start ?? 0,
    limit: length === -1 ? null : length,
    search: (req.search?.value ?? '').trim(),
    orderBy,
    orderNames,
    orderDirs: requested.slice(0, orderNames.length).map((r) => r.dir),
  };
}

/** The protocol's answer. */
export function tablePageAnswer<T>(page: TablePage, total: number, filtered: number, data: T[]) {
  return { draw: page.draw, recordsTotal: total, recordsFiltered: filtered, data };
}

/** Escapes LIKE wildcards in user input. */
export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A whole server-side table in one call, for the simple lists (pickers, reference data):
 * `from` is the FROM clause, `select` the column list, `searchable` the expressions the quick
 * search matches (case-insensitive substring), `where` extra filters. `totals` adds sums over every
 * filtered row (not only the page), one row per `groupBy` value (e.g. per currency), answered as
 * `totals` beside `data`.
 */
export async function runSimpleTable<
  Row extends Record<string, unknown>,
  Total extends Record<string, unknown> = Record<string, unknown>,
>(
  db: Db,
  req: DataTablesRequest,
  opts: {
    from: SQL;
    select: SQL;
    sortable: Record<string, SQL>;
    defaultOrder: { column: string; dir: 'asc' | 'desc' };
    defaultLength: number;
    tieBreaker: SQL;
    searchable: SQL[];
    where?: SQL[];
    allowAll?: boolean;
    totals?: { select: SQL; groupBy: SQL };
  },
) {
  const page = resolveTablePage(req, opts);
  const base = opts.where ?? [];
  const where = [...base];
  if (page.search) {
    const pattern = `%${likeEscape(page.search)}%`;
    where.push(
      sql`(${sql.join(
        opts.searchable.map((e) => sql`${e} ilike ${pattern}`),
        sql` or `,
      )})`,
    );
  }
  const clause = (w: SQL[]) => (w.length ? sql`where ${sql.join(w, sql` and `)}` : sql``);
  const limit = page.limit == null ? sql`` : sql`limit ${page.limit}`;
  const totals = opts.totals;
  const [rows, total, filtered, sums] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select ${opts.select} from ${opts.from} ${clause(where)} order by ${sql.join(page.orderBy, sql`, `)} ${limit} offset ${page.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${opts.from} ${clause(base)}`),
    page.search
      ? queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${opts.from} ${clause(where)}`)
      : Promise.resolve(undefined),
    totals
      ? queryRows<Total>(
          db,
          sql`select ${totals.select} from ${opts.from} ${clause(where)} group by ${totals.groupBy} order by ${totals.groupBy}`,
        )
      : Promise.resolve(undefined),
  ]);
  const totalN = Number(total[0]?.n ?? 0);
  const answer = tablePageAnswer(page, totalN, filtered ? Number(filtered[0]?.n ?? 0) : totalN, rows);
  return sums ? { ...answer, totals: sums } : answer;
}
