import { sql } from 'drizzle-orm';
import {
  type BookingTotals,
  bookingTotals,
  chargedLines,
  depositAmount,
  type TotalsDiscount,
  type TotalsExtra,
} from '../../../shared/booking-totals';
import { allQueries, type Db, queryRows } from '../../db/client';
import { effectiveSql } from '../availability';

/**
 * The figures of a stored booking (spec 1 §9), read ONE way for both purposes: the ledger's
 * `recomputeBooking`, which stores them, and the booking detail, which shows them. Both go through
 * `loadBookingFigures`, so the stored balance and the shown balance cannot drift apart (issue #24
 * point 3): the same rows, the same mapping of the discount snapshots, the same call of
 * `bookingTotals`.
 */

/** A booking's figures as the ledger stores them and the detail shows them. */
export interface BookingFigures {
  /** Every spec 1 §9 figure (shared/booking-totals.ts). */
  totals: BookingTotals;
  /** The deposit asked (each line's deposit instance → group → tour × guests, at most the total due), pounds. */
  deposit: string;
  /** The earliest departure among the tour lines (spec 1 §5), YYYY-MM-DD; null with no lines. */
  departure_date: string | null;
  /**
   * The booking_discounts ids (the pivot ids) in the order of `totals.discount_amounts`, so a reader
   * pairs each amount with its discount by id rather than by the order of another query.
   */
  discount_ids: number[];
}

/**
 * Reads what `bookingTotals` needs of booking `id` — the booking's agent, VAT, cancellation and
 * old-system invoice, the sum of its payments (refunds negative), its tour lines (with departure and
 * deposit per guest), extras, discount snapshots (penalty_type 0 fixed / else percent; a value or flag missing from
 * the snapshot counts 0 / false) and price changes after booking (issue #27) — and answers its figures. Five queries
 * whatever the booking's size; inside a transaction they run one after another. Undefined for an
 * unknown id.
 */
export async function loadBookingFigures(db: Db, id: number): Promise<BookingFigures | undefined> {
  const [[b], lines, extras, discounts, priceChanges] = await allQueries(db, [
    () =>
      queryRows<{
        agent_id: number | null;
        agent_comission_percent: string | null;
        booking_vat_percent: string;
        cancelled: boolean;
        cancellation_charge: string | null;
        old_tour_booking: unknown;
        paid: string;
      }>(
        db,
        sql`select b.agent_id, b.agent_comission_percent::text as agent_comission_percent,
                   b.booking_vat_percent::text as booking_vat_percent, b.cancelled_at is not null as cancelled,
                   b.cancellation_charge::text as cancellation_charge, b.old_tour_booking,
                   (select coalesce(sum(p.payment_amount), 0) from payments p
                    where p.holiday_booking_id = b.id)::text as paid
            from bookings b where b.id = ${id}`,
      ),
    () =>
      queryRows<{
        price: string;
        sale_price: string | null;
        base_price: string | null;
        guests: number;
        departure_date: string;
        deposit_per_guest: string | null;
      }>(
        db,
        sql`select tb.price::text as price, tb.sale_price::text as sale_price, tb.base_price::text as base_price,
                   tb.guests, i.departure_date::text as departure_date,
                   ${effectiveSql('deposit_price')}::text as deposit_per_guest
            from tour_bookings tb join tour_instances i on i.id = tb.tour_instance_id
            join tour_groups g on g.id = i.tour_group_id join tours t on t.id = tb.tour_id
            where tb.holiday_booking_id = ${id}`,
      ),
    () =>
      queryRows<TotalsExtra>(
        db,
        sql`select price::text as price, qty, commissionable from booking_extras where holiday_booking_id = ${id}`,
      ),
    () =>
      queryRows<Required<TotalsDiscount> & { id: number }>(
        db,
        sql`select bd.id, coalesce(bd.discount_content->>'value', '0') as value,
                   coalesce((bd.discount_content->>'penalty_type')::int, 0) as penalty_type,
                   coalesce((bd.discount_content->>'on_base_price')::boolean, false) as on_base_price,
                   bd.qty, bd.manual_discount_price::text as manual_discount_price
            from booking_discounts bd where bd.holiday_booking_id = ${id} order by bd.id`,
      ),
    () =>
      queryRows<{ amount: string }>(
        db,
        sql`select amount::text as amount from booking_price_changes where holiday_booking_id = ${id} order by id`,
      ),
  ]);
  if (!b) return undefined;
  const totals = bookingTotals({
    tour_lines: chargedLines(lines, b.old_tour_booking),
    extras,
    discounts,
    paid: b.paid,
    agent_commission_percent: b.agent_id ? b.agent_comission_percent : null,
    vat_percent: b.booking_vat_percent,
    cancelled: b.cancelled,
    cancellation_charge: b.cancellation_charge,
    price_changes: priceChanges.map((c) => c.amount),
  });
  return {
    totals,
    deposit: depositAmount(lines, totals.total_due),
    departure_date: lines.length ? lines.map((l) => l.departure_date).sort()[0] : null,
    discount_ids: discounts.map((d) => d.id),
  };
}
