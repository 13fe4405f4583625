import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

/**
 * Calendar days and times as the business reads them (spec 3 §1: dates are `YYYY-MM-DD` on the wire,
 * shown `DD/MM/YYYY`; the business day is the one in London). The one home of these helpers, on the
 * server and the web, and the one place that names the time zone: SQL reads it through
 * `londonZoneSql` (server/lib/dates.ts), the job queue's cron through `LONDON_TZ`.
 */

dayjs.extend(utc);
dayjs.extend(timezone);

/** The business runs on UK time: every date-time is shown in it and every "today" is its day. */
export const LONDON_TZ = 'Europe/London';

// dayjs' `.tz()` builds a new Intl formatter on every call (~150 µs here: 3 s for a 20,000-row
// export), so the day of an instant, asked once per row, reads one formatter made once.
const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: LONDON_TZ });

/** The London calendar day of an instant (a Date, ISO text or epoch milliseconds), `YYYY-MM-DD`. */
export function londonDay(instant: Date | string | number): string {
  return LONDON_DAY.format(instant instanceof Date ? instant : new Date(instant));
}

/** Today's calendar date in Europe/London, `YYYY-MM-DD` (at `now`, default the current time). */
export function londonToday(now = new Date()): string {
  return londonDay(now);
}

/**
 * An instant (a Date, ISO text, epoch milliseconds) in London time, in a dayjs `format`
 * ('DD/MM/YYYY HH:mm', 'YYYYMMDD-HHmmss' …); '' when it is empty or not a time.
 */
export function londonText(instant: Date | string | number | null | undefined, format: string): string {
  if (instant === null || instant === undefined || instant === '') return '';
  const d = dayjs(instant);
  return d.isValid() ? d.tz(LONDON_TZ).format(format) : '';
}

/** `now` in London as `DD/MM/YYYY HH:mm` (when a document or report was made). */
export function londonDateTime(now = new Date()): string {
  return londonText(now, 'DD/MM/YYYY HH:mm');
}

/**
 * 'YYYY-MM-DD HH:mm[:ss]' (or with a 'T') read as London wall-clock time → the instant; an invalid
 * Date for other text. The offset is London's at the moment the same wall-clock time is in UTC, so a
 * time in the spring-forward gap (01:30 on the last Sunday of March) reads as GMT (00:30 UTC) and a
 * time in the repeated autumn hour reads as the second, GMT one — whatever today's offset is.
 */
export function londonInstant(local: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(local);
  if (!m) return new Date(Number.NaN);
  const asUtc = dayjs.utc(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0)));
  return asUtc.subtract(asUtc.tz(LONDON_TZ).utcOffset(), 'minute').toDate();
}

/** 'YYYY-MM-DD' plus `days` (may be negative), as 'YYYY-MM-DD', on the calendar (no time zone). */
export function addDays(ymd: string, days: number): string {
  return dayjs.utc(ymd).add(days, 'day').format('YYYY-MM-DD');
}

/**
 * 'YYYY-MM-DD' plus `months` (may be negative), on the calendar: the same day of the month, or the
 * month's last day when it has no such day (31/03 − 1 month = 28/02 or 29/02).
 */
export function addMonths(ymd: string, months: number): string {
  return dayjs.utc(ymd).add(months, 'month').format('YYYY-MM-DD');
}

/** Calendar days from `from` to `to` (both 'YYYY-MM-DD'; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayjs.utc(to).diff(dayjs.utc(from), 'day');
}

/** `YYYY-MM-DD` → `DD/MM/YYYY` (spec 3 §1: how every date is shown: screens, documents, emails). */
export function ukDate(ymd: string): string {
  return `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;
}
