import { type SQL, sql } from 'drizzle-orm';
import { depositAmount } from '../../shared/booking-totals';
import {
  type PaymentScheduleInput,
  type PaymentStage,
  paymentSchedule,
  type ScheduleSettings,
  scheduleSettings,
} from '../../shared/payment-schedule';
import { type Db, queryRows } from '../db/client';
import { londonZoneSql } from './dates';

/** What the schedule rule reads of a booking, and the London day it was booked. */
export type StoredScheduleInput = PaymentScheduleInput & { booking_date: string };

/**
 * The payment schedules' inputs of bookings as stored: total due, the deposit asked (each line's
 * deposit instance → group → tour × guests, at most the total due), the stored deposit and balance
 * due dates, the stored paid, the payments (refunds negative) by their London day for the
 * days a stage was paid, and the instalment plan (issue #26). One query whatever the number of ids;
 * an unknown id is absent.
 */
export async function loadScheduleInputs(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, StoredScheduleInput>> {
  const out = new Map<number, StoredScheduleInput>();
  if (!ids.length) return out;
  const rows = await queryRows<{
    id: number;
    booking_date: string;
    total_due: string;
    paid: string;
    cancelled: boolean;
    deposit_due: string | null;
    balance_due: string | null;
    deposit_asked: string;
    payments: { amount: string; date: string }[];
    instalments: { due: string; amount: string }[];
  }>(
    db,
    sql`select b.id, to_char(b.created_at at time zone ${londonZoneSql}, 'YYYY-MM-DD') as booking_date,
               b.total_due::text as total_due, b.paid::text as paid, b.cancelled_at is not null as cancelled,
               b.deposit_due::text as deposit_due, b.balance_due::text as balance_due,
               coalesce((select sum(coalesce(i.deposit_price, g.deposit_price, t.deposit_price, 0) * tb.guests)
                         from tour_bookings tb join tour_instances i on i.id = tb.tour_instance_id
                         join tour_groups g on g.id = i.tour_group_id join tours t on t.id = tb.tour_id
                         where tb.holiday_booking_id = b.id), 0)::text as deposit_asked,
               coalesce((select json_agg(json_build_object('amount', p.payment_amount::text,
                           'date', to_char(p.created_at at time zone ${londonZoneSql}, 'YYYY-MM-DD'))
                           order by p.created_at, p.id)
                         from payments p where p.holiday_booking_id = b.id), '[]'::json) as payments,
               ${instalmentsJsonSql(sql`b.id`)} as instalments
        from bookings b
        where b.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  for (const r of rows)
    out.set(r.id, {
      booking_date: r.booking_date,
      total_due: r.total_due,
      deposit: depositAmount([{ deposit_per_guest: r.deposit_asked, guests: 1 }], r.total_due),
      deposit_due: r.deposit_due,
      balance_due: r.balance_due,
      payments: r.payments,
      paid: r.paid,
      cancelled: r.cancelled,
      instalments: r.instalments,
    });
  return out;
}

/** A booking's stored instalment plan as a JSON array of {due, amount} in order ([] when none). */
export const instalmentsJsonSql = (bookingId: SQL) =>
  sql`coalesce((select json_agg(json_build_object('due', bi.due_date::text, 'amount', bi.amount::text) order by bi.seq)
                from booking_instalments bi where bi.holiday_booking_id = ${bookingId}), '[]'::json)`;

/**
 * The payment schedules of bookings as every reader shows them — the booking detail (screen and
 * documents), the email placeholders, the customer's side, the aged-debtors report — from ONE rule
 * (`src/shared/payment-schedule.ts`) on the stored figures (`loadScheduleInputs`). Lives below the
 * areas so mail/ can use it too.
 */
export async function loadPaymentSchedules(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, PaymentStage[]>> {
  const out = new Map<number, PaymentStage[]>();
  for (const [id, input] of await loadScheduleInputs(db, ids)) out.set(id, paymentSchedule(input));
  return out;
}

/** One booking's schedule (`loadPaymentSchedules`); [] for an unknown id. */
export async function loadPaymentSchedule(db: Db, id: number): Promise<PaymentStage[]> {
  return (await loadPaymentSchedules(db, [id])).get(id) ?? [];
}

/** The schedule's system settings (balance_due_days_before_departure, deposit_due_days_after_booking). */
export async function loadScheduleSettings(db: Db): Promise<ScheduleSettings> {
  const rows = await queryRows<{ name: string; value: string | null }>(
    db,
    sql`select name, value from system_settings
        where name in ('balance_due_days_before_departure', 'deposit_due_days_after_booking')`,
  );
  return scheduleSettings(Object.fromEntries(rows.map((r) => [r.name, r.value])));
}
