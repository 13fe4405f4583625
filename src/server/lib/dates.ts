/**
 * Dates in SQL, the server's side of `shared/dates.ts` (the one home of the date helpers and of the
 * business's time zone, London).
 */

import { type SQL, sql } from 'drizzle-orm';
import { LONDON_TZ } from '../../shared/dates';

/**
 * A `timestamp with time zone` column (or expression) as the answers carry times: ISO text in UTC
 * to the millisecond ('2026-11-28T04:24:37.258Z'); null stays null. The drivers give the column as
 * PostgreSQL's own text ('2026-11-28 04:24:37.258+00'), which is not ISO.
 */
export const isoTimestampSql = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * London's zone as an SQL literal, for `at time zone ${londonZoneSql}` (the zone's one name is
 * `LONDON_TZ` in shared/dates.ts). A literal rather than a bound parameter, so each statement's text
 * stays as it was written — the same plans, and the same text as the migrations' triggers and indexes.
 */
export const londonZoneSql = sql.raw(`'${LONDON_TZ}'`);
