/**
 * Calendar days as the business reads them (spec 3 §1: dates are `YYYY-MM-DD` on the wire, shown
 * `DD/MM/YYYY`; the business day is the one in London). The one home of these two helpers.
 */

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });

/** Today's calendar date in Europe/London, `YYYY-MM-DD` (at `now`, default the current time). */
export function londonToday(now = new Date()): string {
  return LONDON_DAY.format(now);
}

/** `YYYY-MM-DD` → `DD/MM/YYYY`, for messages, history comments and emails. */
export function ukDate(ymd: string): string {
  return `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;
}
