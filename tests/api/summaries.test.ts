import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { advertDue } from '../../src/shared/advert-money';
import { invoiceOutstanding } from '../../src/shared/money-owed';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAffiliate, createBooking, createTourInstance } from '../helpers/factories';

// Summaries (spec 2 §2 Summaries, §3 summary rows and pre-data, §5 date ranges, §7 Summaries).
describe.each(testDbKinds)('summaries on %s', (kind) => {
  let t: TestContext;
  let hotel: { id: number };
  let coach: { id: number };
  let manager: { id: number };
  let affiliate: { id: number };
  let otherAffiliate: { id: number };
  let sizeId: number;
  beforeAll(async () => {
    t = await createTestContext(kind);
    [hotel, coach] = await t.db
      .insert(s.suppliers)
      .values([{ supplier_name: 'Hotel Miramar' }, { supplier_name: 'Alpine Coaches' }])
      .returning();
    [manager] = await t.db
      .insert(s.tour_managers)
      .values({
        firstname: 'Ruth',
        lastname: 'Evans',
        email: 'ruth@example.test',
        mobile_number: '07700 900123',
        telephone_number: '0161 496 0000',
      })
      .returning();
    affiliate = await createAffiliate(t.db, { name: 'Daily Post Holidays' });
    otherAffiliate = await createAffiliate(t.db, { name: 'Anglers Weekly' });
    [{ id: sizeId }] = await t.db.insert(s.advertise_sizes).values({ size_name: 'Half page' }).returning();
    await t.db.insert(s.party_invoices).values([
      {
        invoice_for: 'supplier',
        supplier_id: hotel.id,
        invoice_number: 'MIR-77',
        currency_type: 'EUR',
        currency_exchange_rate: '1.170000',
        invoice_amount: '2340.00',
        invoice_date: '2027-01-10',
        invoice_due_date: '2027-02-10',
        total_paid: '1000.00',
      },
      {
        invoice_for: 'supplier',
        supplier_id: coach.id,
        invoice_number: 'AC-5',
        invoice_amount: '800.00',
        invoice_date: '2027-01-02',
        invoice_due_date: '2027-03-02',
        total_paid: '800.00',
      },
      {
        invoice_for: 'tour_manager',
        tour_manager_id: manager.id,
        invoice_number: 'RE-1',
        invoice_amount: '650.00',
        invoice_date: '2027-01-20',
        invoice_due_date: '2027-02-20',
      },
    ]);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

  it('issue #22 12b: totals per currency over every filtered row, and outstanding only', async () => {
    // A second supplier invoice in euros and one in dollars, on the coach company.
    await t.db.insert(s.party_invoices).values([
      {
        invoice_for: 'supplier',
        supplier_id: coach.id,
        invoice_number: 'AC-EUR',
        currency_type: 'EUR',
        currency_exchange_rate: '1.170000',
        invoice_amount: '1000.50',
        invoice_date: '2027-01-05',
        invoice_due_date: '2027-02-15',
        total_paid: '0.25',
      },
      {
        invoice_for: 'supplier',
        supplier_id: coach.id,
        invoice_number: 'AC-USD',
        currency_type: 'USD',
        currency_exchange_rate: '1.270000',
        invoice_amount: '99.99',
        invoice_date: '2027-01-05',
        invoice_due_date: '2027-02-16',
        total_paid: '99.99',
      },
    ]);
    try {
      const get = async (q: string) => {
        const res = await call('GET', `/summary/payment-invoice?${q}`, t.accountantToken);
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      // One page of one row still totals every filtered row, € and $ and £ apart.
      const all = await get('draw=1&length=1');
      expect(all.data).toHaveLength(1);
      expect(all.totals).toEqual([
        { currency_type: 'EUR', invoices: 2, invoice_amount: '3340.50', due_amount: '2340.25' },
        { currency_type: 'Sterling', invoices: 1, invoice_amount: '800.00', due_amount: '0.00' },
        { currency_type: 'USD', invoices: 1, invoice_amount: '99.99', due_amount: '0.00' },
      ]);
      // Outstanding only: the paid invoices go, from the rows and the totals.
      const owed = await get('outstanding_only=1');
      expect(owed.data.map((r: { invoice_number: string }) => r.invoice_number)).toEqual([
        'MIR-77',
        'AC-EUR',
      ]);
      expect(owed.recordsFiltered).toBe(2);
      expect(owed.totals).toEqual([
        { currency_type: 'EUR', invoices: 2, invoice_amount: '3340.50', due_amount: '2340.25' },
      ]);
      // The quick search narrows the totals too.
      const searched = await get('search[value]=MIR');
      expect(searched.totals).toEqual([
        { currency_type: 'EUR', invoices: 1, invoice_amount: '2340.00', due_amount: '1340.00' },
      ]);
      // Tour managers are totalled alone.
      expect((await get('summary_for=tour_manager&outstanding_only=yes')).totals).toEqual([
        { currency_type: 'Sterling', invoices: 1, invoice_amount: '650.00', due_amount: '650.00' },
      ]);
      expect(
        (await call('GET', '/summary/payment-invoice?outstanding_only=maybe', t.accountantToken)).statusCode,
      ).toBe(422);
    } finally {
      await t.db.execute(sql`delete from party_invoices where invoice_number in ('AC-EUR', 'AC-USD')`);
    }
  });

  it('answers the filters pre-data', async () => {
    const res = await call('POST', '/filters/get-pre-data', t.accountantToken, { filters_for: 'summary' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.suppliers).toEqual([
      { id: coach.id, supplier_name: 'Alpine Coaches' },
      { id: hotel.id, supplier_name: 'Hotel Miramar' },
    ]);
    expect(data.tour_managers).toEqual([{ id: manager.id, firstname: 'Ruth', lastname: 'Evans' }]);
    expect(data.affiliates.map((a: { name: string }) => a.name)).toEqual([
      'Anglers Weekly',
      'Daily Post Holidays',
    ]);
    expect(data.advertise_sizes).toEqual([{ id: sizeId, size_id: sizeId, size_name: 'Half page' }]);
  });

  it('lists payment invoices per party type with due ranges', async () => {
    const get = async (q: string) => {
      const res = await call('GET', `/summary/payment-invoice?${q}`, t.accountantToken);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    // Supplier is the default; soonest due first; due = amount − paid (spec 2 §4), in the invoice's currency.
    const suppliers = await get('draw=1');
    expect(suppliers).toMatchObject({ recordsTotal: 2, recordsFiltered: 2 });
    expect(suppliers.data[0]).toMatchObject({
      summary_for: 'supplier',
      summary_for_object: { id: hotel.id, supplier_name: 'Hotel Miramar' },
      invoice_number: 'MIR-77',
      payment_due_date: '2027-02-10',
      invoice_amount: '2340.00',
      due_amount: invoiceOutstanding('2340.00', '1000.00'),
      currency_type: 'EUR',
      advertisement_id: null,
    });
    expect(suppliers.data[0].due_amount).toBe('1340.00');
    expect(suppliers.data[1]).toMatchObject({ invoice_number: 'AC-5', due_amount: '0.00' });
    expect((await get(`summary_for=supplier&summary_for_id=${coach.id}`)).data).toHaveLength(1);
    const inRange = await get('summary_for=supplier&due_date_start=2027-02-01&due_date_end=2027-02-28');
    expect(inRange.data.map((r: { invoice_number: string }) => r.invoice_number)).toEqual(['MIR-77']);
    // Sorted on the due amount, descending.
    const byDue = await get('columns[0][data]=due_amount&order[0][column]=0&order[0][dir]=asc');
    expect(byDue.data.map((r: { invoice_number: string }) => r.invoice_number)).toEqual(['AC-5', 'MIR-77']);

    const managers = await get('summary_for=tour_manager');
    expect(managers.data).toEqual([
      expect.objectContaining({
        summary_for: 'tour_manager',
        summary_for_object: { id: manager.id, firstname: 'Ruth', lastname: 'Evans' },
        invoice_number: 'RE-1',
        invoice_amount: '650.00',
        due_amount: '650.00',
        currency_type: 'Sterling',
      }),
    ]);

    // Affiliates: their advertisements; the bill is the invoice amount, else the cost.
    await t.db.insert(s.advertisements).values([
      {
        affiliate_id: affiliate.id,
        size_id: sizeId,
        placemenet_date: '2027-04-01',
        expiry_date: '2027-04-30',
        total_cost: '300.00',
        invoice_number: 'DP-9',
        invoice_amount: '320.00',
        invoice_due_date: '2027-04-15',
        payment_amount: '100.00',
        payment_mode: 'bank',
      },
      {
        affiliate_id: otherAffiliate.id,
        size_id: sizeId,
        placemenet_date: '2027-05-01',
        expiry_date: '2027-05-31',
        total_cost: '150.00',
        invoice_due_date: '2027-06-01',
      },
    ]);
    const affiliates = await get('summary_for=affiliate');
    expect(affiliates.recordsTotal).toBe(2);
    expect(affiliates.data[0]).toMatchObject({
      summary_for: 'affiliate',
      summary_for_object: { id: affiliate.id, name: 'Daily Post Holidays' },
      invoice_id: null,
      invoice_number: 'DP-9',
      payment_due_date: '2027-04-15',
      invoice_amount: '320.00',
      due_amount: advertDue('320.00', '300.00', '100.00'),
      modal_payment_details: { invoice_number: 'DP-9', payment_amount: '100.00', payment_mode: 'bank' },
    });
    expect(affiliates.data[0].due_amount).toBe('220.00');
    expect(affiliates.data[1]).toMatchObject({
      invoice_number: null,
      invoice_amount: '150.00',
      due_amount: '150.00',
    });
    const oneAffiliate = await get(
      `summary_for=affiliate&summary_for_id=${otherAffiliate.id}&due_date_start=2027-05-01&due_date_end=2027-06-30`,
    );
    expect(oneAffiliate.data).toHaveLength(1);
    expect(
      (await get('summary_for=affiliate&due_date_start=2027-07-01&due_date_end=2027-07-31')).data,
    ).toEqual([]);

    // Bad filters answer 422, never 500.
    expect(
      (await call('GET', '/summary/payment-invoice?summary_for=agent', t.accountantToken)).statusCode,
    ).toBe(422);
    expect(
      (await call('GET', '/summary/payment-invoice?due_date_start=2027-02-30', t.accountantToken)).statusCode,
    ).toBe(422);
  });

  it('shows an advert with two products, marked paid, created and sent, in the Artwork summary', async () => {
    const tourA = await createTourInstance(t.db);
    const tourB = await createTourInstance(t.db);
    const created = await call('POST', `/affiliates/advertisement/${affiliate.id}/submit`, t.adminToken, {
      size_id: sizeId,
      placemenet_date: '2027-09-01',
      expiry_date: '2027-09-30',
      submission_deadline_date: '2027-08-15',
      total_cost: '600.00',
    });
    const id = created.json().data.advertisement_id;
    for (const [tour, amount] of [
      [tourA.tour.id, '350.00'],
      [tourB.tour.id, '250.00'],
    ] as const) {
      const res = await call('POST', `/affiliates/advertisement-products/${id}/submit`, t.adminToken, {
        flag: 'add',
        tour_id: tour,
        size_id: sizeId,
        amount,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const status = await call('POST', '/affiliates/advertisement/update-artwork-status', t.adminToken, {
      artwork_id: id,
      column_status: [
        { column: 'paid_status', status: 'yes' },
        { column: 'is_graphic_created', status: 'yes' },
        { column: 'is_sent', status: 'yes' },
      ],
    });
    expect(status.statusCode, status.body).toBe(200);

    // The spec sends the filters in the query; the web app's table sends them in the body.
    const inQuery = await call(
      'POST',
      `/summary/artwork-invoice?affiliate_id=${affiliate.id}&due_date_start=2027-08-01&due_date_end=2027-08-31&is_created=yes&is_sent=yes`,
      t.accountantToken,
      {},
    );
    expect(inQuery.statusCode, inQuery.body).toBe(200);
    expect(inQuery.json().data).toEqual([
      {
        advertisement_id: id,
        affiliate_id: affiliate.id,
        affiliate: { name: 'Daily Post Holidays' },
        advertise_size: { size_name: 'Half page' },
        products: [
          { id: expect.any(Number), tour: { name: tourA.tour.name } },
          { id: expect.any(Number), tour: { name: tourB.tour.name } },
        ],
        submission_deadline_date: '2027-08-15',
        placemenet_date: '2027-09-01',
        total_cost: '600.00',
        invoice_amount: null,
        currency_type: 'Sterling',
        paid_status: true,
        is_graphic_created: true,
        is_sent: true,
      },
    ]);
    // Its products take the whole cost: the products modal agrees.
    const detail = (
      await call('GET', `/affiliates/${affiliate.id}/advert-detail/${id}`, t.accountantToken)
    ).json();
    expect(detail.data.totals).toEqual({ total: '600.00', paid: '600.00', left: '0.00' });

    const inBody = await call('POST', '/summary/artwork-invoice', t.accountantToken, {
      draw: 3,
      start: 0,
      length: 25,
      placement_start: '2027-09-01',
      placement_end: '2027-09-30',
      is_sent: 'yes',
    });
    expect(inBody.json()).toMatchObject({ draw: 3, recordsFiltered: 1, data: [{ advertisement_id: id }] });
    // Not yet sent: the other adverts; none of them has a deadline in August.
    const unsent = await call('POST', '/summary/artwork-invoice?is_sent=no', t.accountantToken, {});
    expect(unsent.json().data.map((r: { advertisement_id: number }) => r.advertisement_id)).not.toContain(id);
  });

  it('counts guests and confirmed guests per departure, in SQL as the test counts them', async () => {
    const a = await createTourInstance(t.db, { departure_date: '2028-05-04' });
    const b = await createTourInstance(t.db, { departure_date: '2028-05-11' });
    const empty = await createTourInstance(t.db, { departure_date: '2028-05-18' });
    const later = await createTourInstance(t.db, { departure_date: '2028-08-01' });
    // createBooking puts 2 guests on the line.
    for (const status of ['Paid', 'Confirmed', 'Pending', 'Pending'])
      await createBooking(t.db, { status, instance: a.instance });
    await createBooking(t.db, {
      status: 'Cancelled',
      cancelled_at: '2028-01-01T10:00:00Z',
      instance: a.instance,
    });
    for (const status of ['Paid', 'Paid', 'Paid', 'Pending', 'Pending', 'Confirmed']) {
      await createBooking(t.db, { status, instance: b.instance });
    }
    await createBooking(t.db, { status: 'Paid', instance: later.instance });

    const tours = [a, b, empty, later].map((x) => x.tour.id).join(',');
    const res = await call(
      'POST',
      `/summary/tour-summary?search_by_tour_ids=${tours}&departure_start_range_start=2028-05-01&departure_start_range_end=2028-05-31`,
      t.accountantToken,
      {},
    );
    expect(res.statusCode, res.body).toBe(200);
    const byHand = await queryRows<{ id: number; total: number; confirmed: number }>(
      t.db,
      sql`select g.id,
            (select coalesce(sum(tb.guests), 0)::int from tour_bookings tb join tour_instances i on i.id = tb.tour_instance_id
              join bookings bk on bk.id = tb.holiday_booking_id
              where i.tour_group_id = g.id and bk.status <> 'Cancelled') as total,
            (select coalesce(sum(tb.guests), 0)::int from tour_bookings tb join tour_instances i on i.id = tb.tour_instance_id
              join bookings bk on bk.id = tb.holiday_booking_id
              where i.tour_group_id = g.id and bk.status in ('Paid', 'Confirmed')) as confirmed
          from tour_groups g where g.id in (${a.group.id}, ${b.group.id}, ${empty.group.id})`,
    );
    const expected = new Map(byHand.map((r) => [r.id, r]));
    expect(expected.get(a.group.id)).toEqual({ id: a.group.id, total: 8, confirmed: 4 });
    expect(expected.get(b.group.id)).toEqual({ id: b.group.id, total: 12, confirmed: 8 });
    // Default sort: guests, descending; the departure with none shows 0.
    expect(res.json()).toMatchObject({ recordsTotal: 3, recordsFiltered: 3 });
    expect(res.json().data).toEqual(
      [b, a, empty].map((x) => ({
        id: x.group.id,
        tour_id: x.tour.id,
        tour_name: x.tour.name,
        departure_date: x.group.start_date,
        total_guests: expected.get(x.group.id)?.total ?? 0,
        confirmed_pax_count: expected.get(x.group.id)?.confirmed ?? 0,
      })),
    );
    expect(res.json().data[2].total_guests).toBe(0);

    // The counts follow every change to bookings and lines (kept by triggers): a status change, a
    // cancellation, more guests on a line, a line moved to another departure, a booking deleted.
    const [pending] = await queryRows<{ id: number }>(
      t.db,
      sql`select b.id from bookings b join tour_bookings tb on tb.holiday_booking_id = b.id
          where tb.tour_instance_id = ${a.instance.id} and b.status = 'Pending' order by b.id limit 1`,
    );
    await t.db.execute(sql`update bookings set status = 'Confirmed' where id = ${pending.id}`);
    await t.db.execute(sql`update bookings set status = 'Cancelled', cancelled_at = now()
      where id = (select holiday_booking_id from tour_bookings where tour_instance_id = ${b.instance.id} order by id limit 1)`);
    await t.db.execute(sql`update tour_bookings set guests = 4
      where id = (select max(id) from tour_bookings where tour_instance_id = ${b.instance.id})`);
    await t.db.execute(sql`update tour_bookings set tour_instance_id = ${empty.instance.id}
      where id = (select min(id) from tour_bookings where tour_instance_id = ${a.instance.id})`);
    await t.db.execute(sql`delete from bookings
      where id = (select max(holiday_booking_id) from tour_bookings where tour_instance_id = ${a.instance.id})`);
    const again = await call(
      'POST',
      `/summary/tour-summary?search_by_tour_ids=${tours}&departure_start_range_start=2028-05-01&departure_start_range_end=2028-05-31`,
      t.accountantToken,
      {},
    );
    const recount = await queryRows<{ id: number; total: number; confirmed: number }>(
      t.db,
      sql`select g.id,
            (select coalesce(sum(tb.guests), 0)::int from tour_bookings tb join tour_instances i on i.id = tb.tour_instance_id
              join bookings bk on bk.id = tb.holiday_booking_id
              where i.tour_group_id = g.id and bk.status <> 'Cancelled') as total,
            (select coalesce(sum(tb.guests), 0)::int from tour_bookings tb join tour_instances i on i.id = tb.tour_instance_id
              join bookings bk on bk.id = tb.holiday_booking_id
              where i.tour_group_id = g.id and bk.status in ('Paid', 'Confirmed')) as confirmed
          from tour_groups g where g.id in (${a.group.id}, ${b.group.id}, ${empty.group.id})`,
    );
    const shown = new Map(
      again
        .json()
        .data.map((r: { id: number; total_guests: number; confirmed_pax_count: number }) => [
          r.id,
          { total: r.total_guests, confirmed: r.confirmed_pax_count },
        ]),
    );
    for (const r of recount)
      expect(shown.get(r.id), `group ${r.id}`).toEqual({ total: r.total, confirmed: r.confirmed });
    expect(recount.find((r) => r.id === empty.group.id)?.total).toBe(2);

    // The places a departure's lines take (places.ts, kept beside the counts since migration 0029)
    // count every line of a booking without cancelled_at, whatever its status: one marked
    // Cancelled but never cancelled (an imported booking) still holds its places.
    await t.db.execute(sql`update bookings set status = 'Cancelled'
      where id = (select max(holiday_booking_id) from tour_bookings where tour_instance_id = ${b.instance.id})`);
    const places = await queryRows<{ id: number; kept: number; counted: number }>(
      t.db,
      sql`select i.id, coalesce(d.places_taken, 0) as kept,
            (select coalesce(sum(tb.guests), 0)::int from tour_bookings tb join bookings bk on bk.id = tb.holiday_booking_id
              where tb.tour_instance_id = i.id and bk.cancelled_at is null) as counted
          from tour_instances i left join departure_guest_counts d on d.tour_instance_id = i.id
          where i.id in (${a.instance.id}, ${b.instance.id}, ${empty.instance.id})`,
    );
    for (const p of places) expect(p.kept, `places of instance ${p.id}`).toBe(p.counted);
    expect(places.filter((p) => p.counted > 0).length).toBeGreaterThan(1);

    // All tours (none chosen), sorted by departure, ascending, in the body.
    const all = await call('POST', '/summary/tour-summary', t.accountantToken, {
      departure_start_range_start: '2028-05-01',
      departure_start_range_end: '2028-08-31',
      columns: [{ data: 'tour_name' }, { data: 'departure_date' }, { data: 'total_guests' }],
      order: [{ column: 1, dir: 'asc' }],
    });
    expect(all.json().data.map((r: { id: number }) => r.id)).toEqual(
      [a, b, empty, later].map((x) => x.group.id),
    );
    const bad = await call('POST', '/summary/tour-summary?search_by_tour_ids=1,x', t.accountantToken, {});
    expect(bad.statusCode).toBe(422);
  });

  it('lets role 2 read every summary (only role 1 changes adverts)', async () => {
    for (const [method, url] of [
      ['GET', '/summary/payment-invoice'],
      ['POST', '/summary/artwork-invoice'],
      ['POST', '/summary/tour-summary'],
      ['POST', '/filters/get-pre-data'],
    ] as const) {
      expect(
        (await call(method, url, t.accountantToken, method === 'POST' ? {} : undefined)).statusCode,
      ).toBe(200);
    }
  });
});
