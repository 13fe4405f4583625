import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/**
 * Reading what staff type into a date field (issue #22 point 6): one rule, used by the web app's
 * DateField for every typed date. Dates are typed day first (spec 1 §9: shown DD/MM/YYYY).
 */

/** What a date field says when what was typed is not shaped like a date. */
export const DATE_SHAPE_MESSAGE = 'Enter a date as DD/MM/YYYY';

/** What a date field says when the shape is right but the day does not exist ('31/02/2027'). */
export const notADateMessage = (typed: string) => `${typed.trim()} is not a date`;

/**
 * How a two-digit year is read:
 * - 'past' (a date of birth): the most recent date in the past with those digits — on 27/11/2026
 *   '2/11/59' is 02/11/1959, '2/11/26' is 02/11/2026 and '30/11/26' is 30/11/1926;
 * - 'pivot' (every other date): dayjs's and POSIX's fixed pivot — 00–68 are 2000–2068 and 69–99
 *   are 1969–1999 ('2/11/27' is 02/11/2027, '2/11/75' is 02/11/1975).
 */
export type TwoDigitYear = 'past' | 'pivot';

/** The reading of a typed date: nothing, a date ('YYYY-MM-DD') or why it cannot be read. */
export type TypedDate =
  | { kind: 'blank' }
  | { kind: 'date'; ymd: string }
  | { kind: 'unreadable'; message: string };

// Day, month and year with '/', '.', '-' or a space between (D/M/YY … DD/MM/YYYY).
const DAY_FIRST = /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{2}|\d{4})$/;
// Day, month and year run together: DDMMYY or DDMMYYYY.
const RUN_TOGETHER = /^(\d{2})(\d{2})(\d{2}|\d{4})$/;
// The ISO form the API uses, accepted when pasted.
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

const pad = (s: string) => s.padStart(2, '0');

/** The four-digit year of a two-digit `yy` by `rule`, for the given day and month, as of `today`. */
function fullYear(yy: number, month: string, day: string, rule: TwoDigitYear, today: string): number {
  if (rule === 'pivot') return yy + (yy > 68 ? 1900 : 2000);
  const thisYear = Number(today.slice(0, 4));
  const year = thisYear - ((thisYear - yy + 100) % 100);
  // Later this year than today is not in the past: the century before.
  return `${year}-${month}-${day}` > today ? year - 100 : year;
}

/**
 * Reads `text` as typed into a date field: blank, a real date as 'YYYY-MM-DD', or unreadable
 * with the message the field shows — `DATE_SHAPE_MESSAGE` when it is not shaped like a date
 * ('abc', '2026-1', '1/2/026'), `notADateMessage(text)` when the day does not exist
 * ('31/02/2027', '32/13/2026'). Accepts D/M/YY to DD/MM/YYYY (separators / . - or space),
 * DDMMYY, DDMMYYYY and YYYY-MM-DD. `today` ('YYYY-MM-DD', default: the local day) anchors the
 * 'past' reading of a two-digit year (see `TwoDigitYear`).
 */
export function readTypedDate(
  text: string,
  {
    twoDigitYear = 'pivot',
    today = dayjs().format('YYYY-MM-DD'),
  }: { twoDigitYear?: TwoDigitYear; today?: string } = {},
): TypedDate {
  const s = text.trim();
  if (s === '') return { kind: 'blank' };
  const dm = DAY_FIRST.exec(s) ?? RUN_TOGETHER.exec(s);
  const iso = ISO.exec(s);
  const parts = dm ? [dm[1], dm[2], dm[3]] : iso ? [iso[3], iso[2], iso[1]] : null;
  if (!parts) return { kind: 'unreadable', message: DATE_SHAPE_MESSAGE };
  const [day, month, yearText] = [pad(parts[0]), pad(parts[1]), parts[2]];
  const year =
    yearText.length === 2 ? fullYear(Number(yearText), month, day, twoDigitYear, today) : Number(yearText);
  const ymd = `${String(year).padStart(4, '0')}-${month}-${day}`;
  return dayjs(ymd, 'YYYY-MM-DD', true).isValid()
    ? { kind: 'date', ymd }
    : { kind: 'unreadable', message: notADateMessage(s) };
}

/** True for a real calendar date written 'YYYY-MM-DD' (what a DateField holds once read). */
export const isYmd = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v, 'YYYY-MM-DD', true).isValid();
