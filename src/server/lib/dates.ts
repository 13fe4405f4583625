/**
 * Calendar days as the business reads them (spec 3 §1: dates are `YYYY-MM-DD` on the wire, shown
 * `DD/MM/YYYY`; the business day is the one in London). The one home of these helpers.
 */

import { type SQL, sql } from 'drizzle-orm';

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });

/** Today's calendar date in Europe/London, `YYYY-MM-DD` (at `now`, default the current time). */
export function londonToday(now = new Date()): string {
  return LONDON_DAY.format(now);
}

/** `YYYY-MM-DD` → `DD/MM/YYYY`, for messages, history comments and emails (one home: shared/pricing.ts). */
export { ukDate } from '../../shared/pricing';

const LONDON_MINUTE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** `now` in London as `DD/MM/YYYY HH:mm` (when a document or report was made). */
export function londonDateTime(now = new Date()): string {
  const parts = LONDON_MINUTE.formatToParts(now);
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${p('day')}/${p('month')}/${p('year')} ${p('hour')}:${p('minute')}`;
}

/**
 * A `timestamp with time zone` column (or expression) as the answers carry times: ISO text in UTC
 * to the millisecond ('2026-11-28T04:24:37.258Z'); null stays null. The drivers give the column as
 * PostgreSQL's own text ('2026-11-28 04:24:37.258+00'), which is not ISO.
 */
export const isoTimestampSql = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
