import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { londonText } from '../../shared/dates';
import { poundsText } from '../../shared/money-text';

// The business runs on UK time: every date-time is shown in it (DESIGN.md §4), through
// shared/dates.ts, which loads dayjs' utc and timezone plugins for both sides.
dayjs.extend(customParseFormat);

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * 'YYYY-MM-DD' or an ISO date-time → 'DD/MM/YYYY' (spec 1 §9). A bare calendar date is reformatted
 * as text, never through a time zone; a date-time is shown as its London day. Empty or
 * unreadable input gives ''.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const ymd = YMD.exec(value);
  if (ymd) return `${ymd[3]}/${ymd[2]}/${ymd[1]}`;
  return londonText(value, 'DD/MM/YYYY');
}

/** ISO date-time → 'DD/MM/YYYY H:mm' in London time (spec 1 §9, booking date). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  return londonText(value, 'DD/MM/YYYY H:mm');
}

/**
 * A calendar date → 'YYYY-MM-DD' as the API expects. A Date is read in local time (what the user
 * picked, not its UTC instant); a string already in YYYY-MM-DD passes through. Empty → undefined.
 */
export function toApiDate(value: Date | string | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string') {
    const d = dayjs(value.slice(0, 10), 'YYYY-MM-DD', true);
    return d.isValid() ? d.format('YYYY-MM-DD') : undefined;
  }
  if (Number.isNaN(value.getTime())) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/**
 * A money amount in pounds → '£1,234.50' (negative: '-£12.00'): the one shared formatter
 * (`poundsText`, src/shared/money-text.ts), so screens and history comments read alike.
 */
export const formatMoney = (value: string | number | null | undefined): string => poundsText(value);
