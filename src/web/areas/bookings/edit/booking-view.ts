import type { BookingDetail, BookingTourLine } from '../../../../shared/api/booking-edit';
import { money, toursTotal } from '../../../../shared/booking-totals';

/**
 * Small readings of a loaded booking shared by the edit screen's pieces (spec 1 §2 Booking edit,
 * §3, §4). No React here.
 */

/** 'Booking #{booking_ref}', else the old system's booking id, else our id. */
export function bookingTitle(b: Pick<BookingDetail, 'id' | 'booking_ref' | 'old_booking_id'>): string {
  return `Booking #${b.booking_ref ?? b.old_booking_id ?? b.id}`;
}

/** Spec 1 §4: a booking is cancelled once it has a cancellation date (status 'Cancelled'). */
export function isCancelled(b: Pick<BookingDetail, 'status' | 'cancelled_at'>): boolean {
  return b.status === 'Cancelled' || b.cancelled_at !== null;
}

/** A line's total in pounds: per-guest price (sale price if present) × guests (spec 1 §9). */
export function lineTotal(line: Pick<BookingTourLine, 'price' | 'sale_price' | 'guests'>): string {
  return money(toursTotal([line]));
}

/** Spec 1 §4 'Changes accepted': where an acceptance came from, as the badge's tooltip reads it. */
export function acceptedSource(from: string | null): string | null {
  if (from === 'admin') return 'By Admin';
  if (from === 'email') return 'From email';
  if (from === 'manage_booking') return 'From Manage booking';
  if (from === 'agent') return 'By the agent';
  return null;
}

/** A name as an address part: lower case letters only ("O'Neill" → 'oneill', 'Anne-Marie' → 'annemarie'). */
const addressPart = (name: string) =>
  name
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/**
 * Spec 1 §4 'Custom airline reference email': the customer's first and last name in lower case,
 * dot-joined, at the chosen domain; no domain (or no name) gives ''.
 */
export function airlineEmailAddress(
  customer: { first_name: string | null; last_name: string | null } | null,
  domain: string | null,
): string {
  if (!domain || !customer) return '';
  const parts = [customer.first_name ?? '', customer.last_name ?? ''].map(addressPart).filter(Boolean);
  return parts.length ? `${parts.join('.')}@${domain.toLowerCase()}` : '';
}

/** A passenger's display name ('Mr John Smith'). */
export function passengerName(p: { title: string | null; first_name: string; last_name: string }): string {
  return [p.title, p.first_name, p.last_name].filter(Boolean).join(' ');
}

/** A NumberInput's value as decimal text for the API ('' when blank); never through float maths. */
export const amountText = (v: string | number | null | undefined): string =>
  v === '' || v === null || v === undefined ? '' : String(v);
