import { formatDate } from '../../lib/format';

/**
 * One customer record told apart from an identical one (issue #22 point 11): '#1234 Harriet
 * Wickersham, created 02/03/2024, 3 bookings'. `created_at` is an ISO date-time (shown as the
 * London day, DD/MM/YYYY); `bookings` the record's bookings count.
 */
export function customerRecordLabel(c: {
  id: number;
  full_name: string;
  created_at: string | Date;
  bookings: number;
}): string {
  const created = formatDate(c.created_at instanceof Date ? c.created_at.toISOString() : c.created_at);
  return `#${c.id} ${c.full_name}, created ${created}, ${c.bookings} booking${c.bookings === 1 ? '' : 's'}`;
}
