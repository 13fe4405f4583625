import { type SQL, sql } from 'drizzle-orm';
import { ukDate } from '../../../shared/dates';
import { type Db, queryRows } from '../../db/client';
import { londonZoneSql } from '../../lib/dates';

/**
 * Small helpers the report definitions share: the filters line of the title and SQL conditions
 * for optional date ranges.
 */

/** 'Label: 01/11/2026 to 30/11/2026' (or 'from …' / 'to …' with one end), or null without either. */
export function rangeText(label: string, from?: string, to?: string): string | null {
  if (from && to) return `${label}: ${ukDate(from)} to ${ukDate(to)}`;
  if (from) return `${label}: from ${ukDate(from)}`;
  if (to) return `${label}: to ${ukDate(to)}`;
  return null;
}

/** The non-null entries of a filters list. */
export const filterLines = (...lines: Array<string | null | undefined | false>): string[] =>
  lines.filter((l): l is string => typeof l === 'string' && l.length > 0);

/** `column between from and to` with either end optional (a `date` column, ends 'YYYY-MM-DD'), or null. */
export function dateBetween(column: SQL, from?: string, to?: string): SQL | null {
  if (from && to) return sql`${column} between ${from}::date and ${to}::date`;
  if (from) return sql`${column} >= ${from}::date`;
  if (to) return sql`${column} <= ${to}::date`;
  return null;
}

/**
 * A timestamptz column within London calendar days from..to (booking dates, payment times): the
 * half-open range [from 00:00, to + 1 day 00:00) in London, so an index on the column serves it.
 */
export function londonDaysBetween(column: SQL, from?: string, to?: string): SQL | null {
  const lo = from ? sql`${column} >= (${from}::date::timestamp at time zone ${londonZoneSql})` : null;
  const hi = to ? sql`${column} < ((${to}::date + 1)::timestamp at time zone ${londonZoneSql})` : null;
  if (lo && hi) return sql`${lo} and ${hi}`;
  return lo ?? hi;
}

/** `column in (ids…)`, or null for an empty list (a multi-select left empty means all). */
export function inIds(column: SQL, ids: readonly number[]): SQL | null {
  if (ids.length === 0) return null;
  return sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The conditions joined with `and` (nulls left out); `true` when none. */
export function allOf(...conds: Array<SQL | null | undefined | false>): SQL {
  const list = conds.filter((c): c is SQL => !!c);
  return list.length ? sql.join(list, sql` and `) : sql`true`;
}

/**
 * The names chosen in a multi-select for the filters line: 'A, B, C', or the first `shown` and
 * 'and N more'; `none` (e.g. 'all') when nothing was chosen.
 */
export function namesText(names: string[], none = 'all', shown = 10): string {
  if (names.length === 0) return none;
  if (names.length <= shown) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

/** 'Yes' / 'No'. */
export const yesNo = (v: boolean | undefined) => (v ? 'Yes' : 'No');

/**
 * Who a booking is for, as the money reports name it: the agent's name + ' (agent)' on an agent
 * booking, else the customer's 'Title First Last', else ''. `agent` and `customer` are the SQL
 * aliases of the joined agents and customers rows.
 */
export function partyNameSql(agent: string, customer: string): SQL {
  const a = sql.raw(agent);
  const c = sql.raw(customer);
  return sql`coalesce(${a}.name || ' (agent)', nullif(trim(coalesce(${c}.title || ' ', '') || ${c}.first_name || ' ' || ${c}.last_name), ''), '')`;
}

/** The name column of each table whose rows a filters line names. */
const NAME_COLUMN = {
  accommodations: sql`accommodation_name`,
  affiliates: sql`name`,
  airlines: sql`name`,
  bonding_types: sql`name`,
  resorts: sql`resort_name`,
  suppliers: sql`supplier_name`,
  tour_managers: sql`trim(firstname || ' ' || lastname)`,
  tours: sql`name`,
} as const;

/** The names of rows `ids` of `table`, by name, for the filters line; [] for no ids. */
export async function namesOf(
  db: Db,
  table: keyof typeof NAME_COLUMN,
  ids: readonly number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const name = NAME_COLUMN[table];
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select ${name} as name from ${sql.identifier(table)} where ${inIds(sql`id`, ids)} order by lower(${name}), id`,
  );
  return rows.map((r) => r.name);
}

/** The name of row `id` of `table` for the filters line; '#id' when there is no such row. */
export async function nameOf(db: Db, table: keyof typeof NAME_COLUMN, id: number): Promise<string> {
  return (await namesOf(db, table, [id]))[0] ?? `#${id}`;
}
