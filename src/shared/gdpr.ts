import Decimal from 'decimal.js';
import { addMonths, ukDate } from './dates';
import { poundsText } from './money-text';

/**
 * GDPR rules (issue #27): subject access (UK GDPR art. 15), erasure (art. 17, with the exception of
 * art. 17(3)(b): data kept to comply with a legal obligation) and retention (Companies Act 2006
 * s.388: accounting records kept 6 years; VAT Notice 700/21: business records kept 6 years).
 * Detailed in docs/gdpr.md.
 */

/** The setting that holds the retention period, in whole years after the customer's last departure. */
export const RETENTION_SETTING = 'retention_years_after_last_departure';
/** Companies Act 2006 s.388(4)(b) / VAT Notice 700/21 §1.3: six years. */
export const DEFAULT_RETENTION_YEARS = 6;
/** UK GDPR art. 12(3): the answer to a subject access request is due within one month of receipt. */
export const SUBJECT_ACCESS_MONTHS = 1;
/** What every erased text field reads afterwards. */
export const ERASED_TEXT = 'Erased';

/** The retention setting's value read as whole years (1–100); anything else is the default, 6. */
export function retentionYears(value: string | null | undefined): number {
  const n = Number(value?.trim());
  return Number.isInteger(n) && n >= 1 && n <= 100 ? n : DEFAULT_RETENTION_YEARS;
}

/**
 * The last departure date (YYYY-MM-DD) a customer may have and still be erased by the retention run
 * on `today`: every departure strictly before `today − years` (on the calendar; 29/02 → 28/02).
 * A customer whose last departure is on or after this cut-off is kept.
 */
export function retentionCutoff(today: string, years: number): string {
  return addMonths(today, -12 * years);
}

/** Whether a customer whose last departure was `lastDeparture` is past the retention period on `today`. */
export function pastRetention(lastDeparture: string | null, today: string, years: number): boolean {
  return lastDeparture !== null && lastDeparture < retentionCutoff(today, years);
}

/** The date (YYYY-MM-DD) a subject access request received on `received` must be answered by (art. 12(3)). */
export function subjectAccessDue(received: string): string {
  return addMonths(received, SUBJECT_ACCESS_MONTHS);
}

/** A booking as the erasure rule sees it: money in pounds as strings, dates YYYY-MM-DD. */
export interface ErasureBooking {
  booking_ref: string;
  departure_date: string | null;
  cancelled: boolean;
  /** Owed by the customer (positive) or to the customer (negative). */
  balance: string;
}

/**
 * Why a customer's personal data cannot be erased on `today`, or null when it can. Erasure is
 * refused while the contract is still being performed (art. 17(1)(a): the data is still necessary;
 * art. 6(1)(b)): a booking that is not cancelled and departs today or later (or has no departure
 * yet), or any booking with money owed either way (a balance or a refund due), since the money is
 * settled with the person named on it. Past, settled bookings do not stop erasure: their money rows
 * stay (art. 17(3)(b)), only the personal fields go.
 */
export function erasureRefusal(bookings: ErasureBooking[], today: string): string | null {
  const live = bookings.filter(
    (b) => !b.cancelled && (b.departure_date === null || b.departure_date >= today),
  );
  if (live.length > 0) {
    const b = live[0];
    const when = b.departure_date ? `departs ${ukDate(b.departure_date)}` : 'has no departure date yet';
    return `Cannot erase: booking ${b.booking_ref} ${when}. Erase only once every booking has departed.`;
  }
  const owed = bookings.find((b) => !new Decimal(b.balance).isZero());
  if (owed) {
    const amount = new Decimal(owed.balance);
    const what = amount.isPositive() ? 'owes' : 'is owed a refund of';
    return `Cannot erase: on booking ${owed.booking_ref} the customer ${what} ${poundsText(amount.abs().toFixed(2))}. Settle it first.`;
  }
  return null;
}
