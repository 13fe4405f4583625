import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, recomputeBooking } from '../../src/server/areas/bookings/ledger';
import { queryRows } from '../../src/server/db/client';
import { COMPLIANCE_REPORT_MESSAGES } from '../../src/shared/api/compliance-reports';
import { londonToday } from '../../src/shared/dates';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking, createCustomer, createTourInstance } from '../helpers/factories';
import {
  asObjects,
  expectReportLayout,
  fetchReport,
  readXlsxReport,
  refusedReport,
  rowLabelled,
} from '../helpers/reports';

// Worked by hand with plain Date arithmetic (not the rule under test).
const plusDays = (ymd: string, n: number) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const weekday = (ymd: string) => new Date(`${ymd}T00:00:00Z`).getUTCDay();
const uk = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;

// Issue #27, PTR 2018 reg. 14: a refund is due "not later than 14 days" after the cancellation.
describe.each(testDbKinds)('refund clock on %s', (kind) => {
  let t: TestContext;
  const today = londonToday();
  // A Friday three weeks back (15–21 days ago): its refund fell due on the Friday two weeks on,
  // two weekends later — not moved to a working day — and is overdue today.
  const friday = (() => {
    let d = plusDays(today, -15);
    while (weekday(d) !== 5) d = plusDays(d, -1);
    return d;
  })();
  const fridayDue = plusDays(friday, 14);
  const ids = { late: 0, fresh: 0, nothing: 0 };

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(t.adminToken), payload });
  const pay = (id: number, amount: string, refund = false) =>
    call('POST', '/payments', {
      holiday_booking_id: id,
      payment_method: 'bacs',
      payment_amount: amount,
      ...(refund ? { is_refund: true } : {}),
    });

  /** 2 guests × £524.00 = £1,048.00; `paid` paid; cancelled with `charge`, at `cancelledAt`. */
  async function cancelledBooking(last: string, paid: string, charge: string, cancelledAt?: string) {
    const { instance } = await createTourInstance(t.db, { departure_date: plusDays(today, 120) });
    const customer = await createCustomer(t.db, { first_name: 'Ann', last_name: last });
    const b = await createBooking(t.db, { instance, customer_id: customer.id });
    await inTransaction(t.db, (tx) => recomputeBooking(tx, b.id, { staffChange: false }));
    expect((await pay(b.id, paid)).statusCode).toBe(200);
    const res = await call('POST', `/bookings/${b.id}/cancel`, { cancellation_charge: charge });
    expect(res.statusCode, res.body).toBe(200);
    if (cancelledAt)
      await t.db.execute(sql`update bookings set cancelled_at = ${cancelledAt} where id = ${b.id}`);
    return b.id;
  }

  const stored = async (id: number) =>
    (
      await queryRows<{ balance: string; settled: string | null }>(
        t.db,
        sql`select balance::text, refund_settled_at::text as settled from bookings where id = ${id}`,
      )
    )[0];

  beforeAll(async () => {
    t = await createTestContext(kind);
    // Paid £600, charge £100: £500 to give back, cancelled on the Friday at 10:00 (London 10:00/11:00).
    ids.late = await cancelledBooking('Late', '600.00', '100.00', `${friday}T10:00:00Z`);
    // Paid £400, charge £100, cancelled now: £300 due in 14 days.
    ids.fresh = await cancelledBooking('Fresh', '400.00', '100.00');
    // Paid £100, charge £100: nothing to give back, never on the clock.
    ids.nothing = await cancelledBooking('Nothing', '100.00', '100.00');
  });
  afterAll(async () => t?.close());

  it('the booking owes its refund: refund_due from the totals, no settled date yet', async () => {
    const res = await call('GET', `/bookings/${ids.late}`);
    expect(res.statusCode).toBe(200);
    const booking = res.json().data.booking[0];
    expect(booking.totals.refund_due).toBe('500.00');
    expect(booking.cancelled_at.slice(0, 10)).toBe(friday);
    expect(await stored(ids.late)).toEqual({ balance: '-500.00', settled: null });
    expect(weekday(fridayDue)).toBe(5);
  });

  it('the Dashboard lists refunds due, the overdue first and counted', async () => {
    const d = (await call('GET', '/dashboard')).json().refunds_due;
    expect(d).toMatchObject({ count: 2, overdue_count: 1, sum: '800.00' });
    expect(d.refunds.map((r: { reference: string }) => r.reference)).toHaveLength(2);
    expect(d.refunds[0]).toMatchObject({
      id: ids.late,
      party: 'Ann Late',
      cancelled_on: friday,
      due_by: fridayDue,
      refund_due: '500.00',
      overdue: true,
    });
    expect(d.refunds[1]).toMatchObject({ id: ids.fresh, due_by: plusDays(today, 14), overdue: false });
  });

  it('recording the refund stops the clock; a part refund leaves the rest on it', async () => {
    expect((await pay(ids.late, '500.00', true)).statusCode).toBe(200);
    expect((await pay(ids.fresh, '100.00', true)).statusCode).toBe(200);
    const late = await stored(ids.late);
    expect(late.balance).toBe('0.00');
    expect(late.settled).not.toBeNull();
    expect(await stored(ids.fresh)).toEqual({ balance: '-200.00', settled: null });
    const d = (await call('GET', '/dashboard')).json().refunds_due;
    expect(d).toMatchObject({ count: 1, overdue_count: 0, sum: '200.00' });
    expect(d.refunds.map((r: { id: number }) => r.id)).toEqual([ids.fresh]);
  });

  it('the Refunds report: every cancelled booking with money back or owed, with the days taken', async () => {
    const { data, name } = await fetchReport(t, '/reports/refunds', {
      cancelledFrom: friday,
      cancelledTo: today,
    });
    expect(name).toBe('Refunds-Report.xlsx');
    const r = await readXlsxReport(data);
    expectReportLayout(
      r,
      'Refunds',
      ['Refund amount', 'Refunded', 'Still due'],
      ['Cancelled on', 'Due by', 'Refunded on'],
    );
    const rows = asObjects(r);
    expect(rows).toEqual([
      {
        'Booking ref': expect.any(String),
        'Customer / agent': 'Ann Late',
        'Cancelled on': uk(friday),
        'Refund amount': 500,
        Refunded: 500,
        'Still due': 0,
        'Due by': uk(fridayDue),
        'Refunded on': uk(today),
        'Days taken': Math.round((Date.parse(today) - Date.parse(friday)) / 86_400_000),
        'Late?': 'Yes',
      },
      {
        'Booking ref': expect.any(String),
        'Customer / agent': 'Ann Fresh',
        'Cancelled on': uk(today),
        'Refund amount': 300,
        Refunded: 100,
        'Still due': 200,
        'Due by': uk(plusDays(today, 14)),
        'Refunded on': null,
        'Days taken': null,
        'Late?': 'No',
      },
    ]);
    // The totals are the database's: refunds recorded and refunds still owed.
    const [db] = await queryRows<{ refunded: string; owed: string }>(
      t.db,
      sql`select (select -sum(payment_amount) from payments where payment_amount < 0)::text as refunded,
                 (select -sum(balance) from bookings where cancelled_at is not null and balance < 0)::text as owed`,
    );
    const total = rowLabelled(r, 'Total');
    expect(total?.Refunded).toBe(Number(db.refunded));
    expect(total?.['Still due']).toBe(Number(db.owed));
    expect(total?.['Refund amount']).toBe(800);
  });

  it('refuses a report without its dates (422 with the field message)', async () => {
    const res = await refusedReport(t, '/reports/refunds', { cancelledTo: today });
    expect(res.status).toBe(422);
    expect(res.body.errors?.cancelledFrom).toEqual([COMPLIANCE_REPORT_MESSAGES.refundsFrom]);
  });
});
