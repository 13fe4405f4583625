import { formatDate } from '../lib/format';

/**
 * Small readings of the customer's booking for its screens (issue #23). Money arrives as decimal
 * text ('1959.10'): it is only compared with zero here, never summed (the server's figures stand).
 */

/** The badge colour of a booking status (Pending, Confirmed, Paid, Cancelled). */
export function statusColor(status: string): string {
  if (status === 'Paid') return 'teal';
  if (status === 'Confirmed') return 'blue';
  if (status === 'Cancelled') return 'red';
  return 'yellow';
}

/** Whether a money text is above £0.00. */
export const isPositive = (amount: string | null | undefined): boolean => Number(amount ?? 0) > 0;

/** A flight's local 'YYYY-MM-DD HH:MM' → 'DD/MM/YYYY HH:MM' ('' when unknown). */
export function flightTime(value: string | null): string {
  if (!value) return '';
  const [day, time] = value.split(/[ T]/);
  return [formatDate(day), time?.slice(0, 5)].filter(Boolean).join(' ');
}

/** A passenger's name as on the booking: title, first and last names. */
export const passengerName = (p: { title: string | null; first_name: string; last_name: string }): string =>
  [p.title, p.first_name, p.last_name].filter(Boolean).join(' ');

/** A phone number as a tel: link target (digits and a leading +). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
