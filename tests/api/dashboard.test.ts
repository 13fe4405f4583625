import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailsMissingNow } from '../../src/server/areas/bookings/work-lists';
import { endOfWeek } from '../../src/server/areas/dashboard/service';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { SEARCH_TOO_SHORT } from '../../src/shared/api/dashboard';
import { addDays, londonToday } from '../../src/shared/dates';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAgent, createBooking, createCustomer, createTourInstance } from '../helpers/factories';

// Issue #14: the dashboard's figures are counts and sums made again here in plain SQL, and each
// tile's filters open a bookings list whose total is the tile's count.
describe.each(testDbKinds)('dashboard and global search on %s', (kind) => {
  let t: TestContext;
  const today = londonToday();
  const day = (n: number) => addDays(today, n);
  const ids: Record<string, number> = {};
  let bookingRef = '';

  const get = (url: string, token = t.adminToken) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.db, query))[0];

  beforeAll(async () => {
    t = await createTestContext(kind);
    const db = t.db;
    const soon = await createTourInstance(db, { departure_date: day(5) });
    const soonPassports = await createTourInstance(db, { departure_date: day(9) });
    await db
      .update(s.tours)
      .set({ is_passport_details_required: true })
      .where(sql`id = ${soonPassports.tour.id}`);
    const later = await createTourInstance(db, { departure_date: day(40) });
    const past = await createTourInstance(db, { departure_date: day(-30) });
    const customer = await createCustomer(db, {
      first_name: 'Ermintrude',
      last_name: 'Zebedee',
      email: 'Ermintrude.Zebedee@Example.test',
      postcode: 'ZZ9 9ZZ',
    });
    const live = { instance: later.instance, customer_id: customer.id };
    const add = async (name: string, b: Parameters<typeof createBooking>[1]) => {
      ids[name] = (await createBooking(db, b)).id;
    };
    // Balances: due from today to today + 14 inclusive, balance > 0, not cancelled.
    await add('dueToday', { ...live, balance_due: today, balance: '0.25' });
    await add('dueSoon', { ...live, balance_due: day(3), balance: '100.50' });
    await add('dueLastDay', { ...live, balance_due: day(14), balance: '10.00' });
    await add('dueTooLate', { ...live, balance_due: day(15), balance: '70.00' });
    await add('duePaid', { ...live, balance_due: day(2), balance: '0' });
    await add('dueCancelled', {
      ...live,
      balance_due: day(2),
      balance: '50.00',
      cancelled_at: `${today}T09:00:00Z`,
    });
    await add('overdue1', { ...live, balance_due: day(-1), balance: '200.00' });
    await add('overdue2', { ...live, balance_due: day(-100), balance: '33.33' });
    // Changes not accepted on upcoming departures.
    await add('changes', { ...live, changes_accepted: 0 });
    await add('changesPast', { instance: past.instance, changes_accepted: 0 });
    await add('changesCancelled', { ...live, changes_accepted: 0, cancelled_at: `${today}T09:00:00Z` });
    // Departures in 14 days: guests 2 each (the factory's line).
    await add('onePassenger', { instance: soon.instance, customer_id: customer.id });
    await add('noPassport', { instance: soonPassports.instance });
    await add('complete', { instance: soonPassports.instance });
    await add('missingLater', { instance: later.instance });
    const pax = (bookingId: number, passport: string | null) => ({
      holiday_booking_id: bookingId,
      first_name: 'Pat',
      last_name: 'Traveller',
      passport_no: passport,
      passport_expiry: passport ? day(900) : null,
    });
    await db
      .insert(s.passengers)
      .values([
        pax(ids.onePassenger, null),
        pax(ids.noPassport, 'P123'),
        pax(ids.noPassport, '  '),
        pax(ids.complete, 'P1'),
        pax(ids.complete, 'P2'),
      ]);
    bookingRef = (
      await one<{ ref: string }>(sql`select booking_ref as ref from bookings where id = ${ids.dueSoon}`)
    ).ref;

    // Supplier invoices: due today (always this week), overdue, next week, fully paid.
    const [supplier] = await db.insert(s.suppliers).values({ supplier_name: 'Coach Hire Ltd' }).returning();
    const invoice = (
      n: string,
      due: string,
      amount: string,
      paid: string,
      currency = 'Sterling',
      rate = '1',
    ) => ({
      invoice_for: 'supplier' as const,
      supplier_id: supplier.id,
      invoice_number: n,
      currency_type: currency as 'Sterling',
      currency_exchange_rate: rate,
      invoice_amount: amount,
      total_paid: paid,
      invoice_date: day(-40),
      invoice_due_date: due,
    });
    await db
      .insert(s.party_invoices)
      .values([
        invoice('INV-1', today, '1000.00', '250.00'),
        invoice('INV-2', today, '100.00', '0', 'EUR', '1.1628'),
        invoice('INV-3', day(-3), '80.00', '0'),
        invoice('INV-4', addDays(endOfWeek(today), 1), '500.00', '0'),
        invoice('INV-5', today, '300.00', '300.00'),
      ]);

    const [brochure] = await db.insert(s.brochures).values({ brochure_name: 'Summer 2027' }).returning();
    await db.insert(s.brochure_requests).values([
      { brochure_id: brochure.id, requester_first_name: 'A', created_at: '2026-01-05T10:00:00Z' },
      { brochure_id: brochure.id, requester_first_name: 'B' },
      { brochure_id: brochure.id, requester_first_name: 'C', sent: true, created_at: '2025-01-01T10:00:00Z' },
    ]);
    await createAgent(db, { name: 'Quokka Holidays' });
  });
  afterAll(async () => t?.close());

  /** The bookings list total for a tile's filters (GET bookings/table, as the tile's link opens it). */
  const listTotal = async (filters: Record<string, string>) => {
    const res = await get(
      `/bookings/table?${new URLSearchParams({ draw: '1', start: '0', length: '100', ...filters })}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { total: body.recordsFiltered as number, ids: (body.data as { id: number }[]).map((r) => r.id) };
  };

  it('counts balances due in 14 days and overdue, with their exact sums, as SQL does', async () => {
    const res = await get('/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d.today).toBe(today);

    const due = await one<{ n: number; s: string }>(
      sql`select count(*)::int as n, sum(balance)::text as s from bookings
          where cancelled_at is null and balance > 0 and balance_due between ${today}::date and ${day(14)}::date`,
    );
    expect(d.balances_due).toMatchObject({ count: due.n, sum: due.s, until: day(14) });
    expect(d.balances_due).toMatchObject({ count: 3, sum: '110.75' });
    expect(d.balances_due.bookings.map((b: { id: number }) => b.id)).toEqual([
      ids.dueToday,
      ids.dueSoon,
      ids.dueLastDay,
    ]);
    expect(d.balances_due.bookings[1]).toMatchObject({
      reference: bookingRef,
      party: 'Ermintrude Zebedee',
      balance: '100.50',
      balance_due: day(3),
    });

    const overdue = await one<{ n: number; s: string }>(
      sql`select count(*)::int as n, sum(balance)::text as s from bookings
          where cancelled_at is null and balance > 0 and balance_due < ${today}::date`,
    );
    expect(d.balances_overdue).toMatchObject({ count: overdue.n, sum: overdue.s });
    expect(d.balances_overdue).toMatchObject({ count: 2, sum: '233.33' });
    // The most recently overdue first.
    expect(d.balances_overdue.bookings.map((b: { id: number }) => b.id)).toEqual([
      ids.overdue1,
      ids.overdue2,
    ]);
  });

  it('counts changes not accepted on upcoming departures and departures in 14 days missing details', async () => {
    const d = (await get('/dashboard')).json();
    const changes = await one<{ n: number }>(
      sql`select count(*)::int as n from bookings
          where changes_accepted = 0 and cancelled_at is null and departure_date >= ${today}::date`,
    );
    expect(d.changes_not_accepted.count).toBe(changes.n);
    expect(d.changes_not_accepted.bookings.map((b: { id: number }) => b.id)).toEqual([ids.changes]);

    const missing = await one<{ n: number }>(
      sql`select count(*)::int as n from bookings b
          where b.cancelled_at is null and b.departure_date between ${today}::date and ${day(14)}::date
            and ((select count(*) from passengers p where p.holiday_booking_id = b.id)
                   < (select max(guests) from tour_bookings tb where tb.holiday_booking_id = b.id)
                 or exists (select 1 from passengers p join tour_bookings tb on tb.holiday_booking_id = p.holiday_booking_id
                            join tours t on t.id = tb.tour_id
                            where p.holiday_booking_id = b.id and t.is_passport_details_required
                              and (trim(coalesce(p.passport_no, '')) = '' or p.passport_expiry is null)))`,
    );
    expect(d.missing_details.count).toBe(missing.n);
    expect(d.missing_details).toMatchObject({ count: 2, departures: 2, until: day(14) });
    expect(d.missing_details.bookings).toMatchObject([
      { id: ids.onePassenger, passengers: 1, guests: 2, passports_missing: false },
      { id: ids.noPassport, passengers: 2, guests: 2, passports_missing: true },
    ]);
  });

  it('each tile opens a bookings list showing exactly its bookings', async () => {
    const d = (await get('/dashboard')).json();
    for (const tile of ['balances_due', 'balances_overdue', 'changes_not_accepted', 'missing_details']) {
      const list = await listTotal(d[tile].filters);
      expect(list.total, tile).toBe(d[tile].count);
      expect(list.ids.sort(), tile).toEqual(d[tile].bookings.map((b: { id: number }) => b.id).sort());
    }
    // Each new filter on its own, too.
    expect((await listTotal({ search_by_outstanding: '1' })).total).toBe(
      (
        await one<{ n: number }>(
          sql`select count(*)::int as n from bookings where balance > 0 and cancelled_at is null`,
        )
      ).n,
    );
    expect((await listTotal({ search_by_changes_pending: 'yes' })).ids.sort()).toEqual(
      [ids.changes, ids.changesPast].sort(),
    );
    expect((await listTotal({ search_by_missing_details: '1' })).ids).toContain(ids.missingLater);
    const bad = await get(
      `/bookings/table?search_by_balance_due_start=${day(3)}&search_by_balance_due_end=${day(1)}`,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.search_by_balance_due_end).toEqual([
      'The balance due date range ends before it starts.',
    ]);
  });

  it('issue #22 12d: the overdue list answers each booking’s balance and due date, and sorts on them', async () => {
    const d = (await get('/dashboard')).json();
    const q = new URLSearchParams(d.balances_overdue.filters);
    const stored = await queryRows<{ id: number; balance: string; balance_due: string }>(
      t.db,
      sql`select id, balance::text as balance, balance_due::text as balance_due from bookings
          where balance > 0 and cancelled_at is null and balance_due < ${today}::date`,
    );
    expect(stored.length).toBeGreaterThan(0);
    for (const [column, dir] of [
      ['balance_due', 'asc'],
      ['balance', 'desc'],
    ] as const) {
      const res = await get(
        `/bookings/table?${q}&columns[0][data]=${column}&order[0][column]=0&order[0][dir]=${dir}&length=100`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const rows: { id: number; balance: string; balance_due: string }[] = res.json().data;
      expect(
        rows
          .map((r) => ({ id: r.id, balance: r.balance, balance_due: r.balance_due }))
          .sort((a, b) => a.id - b.id),
      ).toEqual(
        stored.map((r) => ({ ...r, balance: Number(r.balance).toFixed(2) })).sort((a, b) => a.id - b.id),
      );
      const values = rows.map((r) => (column === 'balance' ? Number(r.balance) : r.balance_due));
      const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(values).toEqual(dir === 'asc' ? sorted : sorted.reverse());
    }
  });

  it('counts supplier invoices due this week and overdue, outstanding in pounds to the penny', async () => {
    const d = (await get('/dashboard')).json();
    const until = endOfWeek(today);
    const sums = await one<{ dn: number; dg: string; on: number; og: string }>(
      sql`select count(*) filter (where invoice_due_date >= ${today}::date)::int as dn,
            sum(round((invoice_amount - total_paid) / currency_exchange_rate, 2)) filter (where invoice_due_date >= ${today}::date)::text as dg,
            count(*) filter (where invoice_due_date < ${today}::date)::int as "on",
            sum(round((invoice_amount - total_paid) / currency_exchange_rate, 2)) filter (where invoice_due_date < ${today}::date)::text as og
          from party_invoices where invoice_for = 'supplier' and total_paid < invoice_amount
            and invoice_due_date <= ${until}::date`,
    );
    // 750.00 + 100 EUR ÷ 1.1628 = 86.00 → 836.00; overdue 80.00.
    expect(d.supplier_invoices).toMatchObject({
      until,
      due_count: sums.dn,
      due_gbp: sums.dg,
      overdue_count: sums.on,
      overdue_gbp: sums.og,
    });
    expect(d.supplier_invoices).toMatchObject({
      due_count: 2,
      due_gbp: '836.00',
      overdue_count: 1,
      overdue_gbp: '80.00',
    });
    expect(d.supplier_invoices.invoices.map((i: { invoice_number: string }) => i.invoice_number)).toEqual([
      'INV-3',
      'INV-1',
      'INV-2',
    ]);
    expect(d.supplier_invoices.invoices[2]).toMatchObject({
      supplier_name: 'Coach Hire Ltd',
      currency_type: 'EUR',
      outstanding: '100.00',
      outstanding_gbp: '86.00',
    });
  });

  it('counts brochure requests not processed', async () => {
    const d = (await get('/dashboard')).json();
    const n = await one<{ n: number }>(sql`select count(*)::int as n from brochure_requests where not sent`);
    expect(d.brochure_requests).toEqual({ count: n.n, oldest: '2026-01-05' });
    expect(n.n).toBe(2);
  });

  it('is open to role 2', async () => {
    expect((await get('/dashboard', t.accountantToken)).statusCode).toBe(200);
    expect((await get('/search?q=zeb', t.accountantToken)).statusCode).toBe(200);
  });

  const search = async (q: string) => {
    const res = await get(`/search?${new URLSearchParams({ q })}`);
    expect(res.statusCode, res.body).toBe(200);
    const groups = res.json().groups as {
      kind: string;
      hits: { id: number; title: string; link: string }[];
    }[];
    return Object.fromEntries(groups.map((g) => [g.kind, g.hits]));
  };

  it('finds a booking by its reference, the exact one first, with its link', async () => {
    const hits = await search(bookingRef.toLowerCase());
    expect(hits.bookings[0]).toMatchObject({
      id: ids.dueSoon,
      title: bookingRef,
      link: `/bookings/edit/${ids.dueSoon}`,
    });
    expect((await search(bookingRef.slice(0, 4))).bookings.length).toBeGreaterThan(1);
  });

  it('finds a customer by surname, full name, postcode (with or without its space) and email', async () => {
    for (const q of [
      'Zeb',
      'zebedee',
      'Ermintrude Zebedee',
      'ZZ9 9ZZ',
      'zz99zz',
      'ermintrude.zeb',
      'Zebedee@',
    ]) {
      const hits = await search(q);
      if (q === 'Zebedee@') {
        expect(hits.customers, q).toBeUndefined();
        continue;
      }
      expect(hits.customers?.[0], q).toMatchObject({
        title: 'Ermintrude Zebedee',
        link: expect.stringMatching(/^\/customers\/edit\/\d+$/),
      });
    }
  });

  it('finds an agent by name', async () => {
    const hits = await search('quokka');
    expect(hits.agents?.[0]).toMatchObject({
      title: 'Quokka Holidays',
      link: expect.stringMatching(/^\/agents\/edit\/\d+$/),
    });
    expect(hits.customers).toBeUndefined();
  });

  it('refuses a query shorter than two characters with a message', async () => {
    for (const q of ['a', ' b ', '']) {
      const res = await get(`/search?${new URLSearchParams({ q })}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().message).toBeTruthy();
      expect(res.json().errors.q).toEqual([SEARCH_TOO_SHORT]);
    }
    const res = await get('/search');
    expect(res.statusCode).toBe(422);
  });

  // Migration 0030: the flag the tile reads is kept by triggers; after each kind of change it must
  // equal the rule evaluated afresh, for every booking. Runs last: it changes the bookings above.
  it("keeps each booking's details-missing flag equal to the rule through every kind of change (migration 0030)", async () => {
    const db = t.db;
    const drift = async (step: string) => {
      const r = await one<{ n: number }>(
        sql`select count(*)::int as n from bookings b where b.details_missing is distinct from ${detailsMissingNow}`,
      );
      expect(r.n, step).toBe(0);
    };
    const flag = async (id: number) =>
      (await one<{ f: boolean }>(sql`select details_missing as f from bookings where id = ${id}`)).f;
    await drift('as created');
    expect(await flag(ids.onePassenger)).toBe(true);
    expect(await flag(ids.complete)).toBe(false);

    // The tile counts the kept flag, not a fresh evaluation: a tampered flag shows.
    const before = (await get('/dashboard')).json().missing_details.count;
    await db.execute(sql`update bookings set details_missing = false where id = ${ids.onePassenger}`);
    expect((await get('/dashboard')).json().missing_details.count).toBe(before - 1);
    await db.execute(sql`select booking_details_missing_refresh(array[${ids.onePassenger}]::int[])`);
    expect(await flag(ids.onePassenger)).toBe(true);

    // A passenger added, a passport filled in, a passenger removed, a passenger moved.
    const [second] = await db
      .insert(s.passengers)
      .values({ holiday_booking_id: ids.onePassenger, first_name: 'Sam', last_name: 'Traveller' })
      .returning();
    expect(await flag(ids.onePassenger)).toBe(false);
    await db.execute(
      sql`update passengers set passport_no = 'P9', passport_expiry = ${day(900)}::date
          where holiday_booking_id = ${ids.noPassport} and btrim(coalesce(passport_no, '')) = ''`,
    );
    expect(await flag(ids.noPassport)).toBe(false);
    await drift('passengers added and passports filled in');
    await db.execute(sql`update passengers set holiday_booking_id = ${ids.complete} where id = ${second.id}`);
    expect(await flag(ids.onePassenger)).toBe(true);
    await drift('a passenger moved to another booking');
    await db.execute(sql`delete from passengers where id = ${second.id}`);
    await drift('a passenger removed');
    // A name change recomputes nothing and changes nothing.
    await db.execute(
      sql`update passengers set first_name = 'Patricia' where holiday_booking_id = ${ids.complete}`,
    );
    await drift('a name changed');

    // A line's guests raised, a line moved, a line removed.
    await db.execute(sql`update tour_bookings set guests = 3 where holiday_booking_id = ${ids.complete}`);
    expect(await flag(ids.complete)).toBe(true);
    await drift('guests raised');
    await db.execute(
      sql`update tour_bookings set holiday_booking_id = ${ids.missingLater} where holiday_booking_id = ${ids.complete}`,
    );
    expect(await flag(ids.complete)).toBe(false);
    await drift('a line moved to another booking');
    await db.execute(sql`delete from tour_bookings where holiday_booking_id = ${ids.onePassenger}`);
    expect(await flag(ids.onePassenger)).toBe(false);
    await drift('a line removed');

    // A tour stops, then starts again, asking for passports.
    const tourOf = await one<{ tour_id: number }>(
      sql`select tour_id from tour_bookings where holiday_booking_id = ${ids.noPassport} limit 1`,
    );
    await db.execute(
      sql`update passengers set passport_expiry = null where holiday_booking_id = ${ids.noPassport}`,
    );
    expect(await flag(ids.noPassport)).toBe(true);
    await db.execute(sql`update tours set is_passport_details_required = false where id = ${tourOf.tour_id}`);
    expect(await flag(ids.noPassport)).toBe(false);
    await drift('a tour no longer asks for passports');
    await db.execute(sql`update tours set is_passport_details_required = true where id = ${tourOf.tour_id}`);
    expect(await flag(ids.noPassport)).toBe(true);
    await drift('a tour asks for passports again');

    // A booking deleted with its lines and passengers; then every flag scrambled and loaded again
    // set-based, as the migration and the scale seed do.
    await db.execute(sql`delete from bookings where id = ${ids.missingLater}`);
    await drift('a booking deleted');
    await db.execute(sql`update bookings set details_missing = not details_missing`);
    await db.execute(sql`select booking_details_missing_load(0)`);
    await drift('loaded set-based');
  });

  // Migration 0031: the balance and changes figures are sums of kept day rows. After each kind of
  // change the kept rows must equal the bookings counted afresh, day by day.
  it('keeps the outstanding balances per due day and the pending changes per departure day exact (migration 0031)', async () => {
    const db = t.db;
    const drift = async (step: string) => {
      const r = await one<{ n: number }>(sql`
        with kept as (
          select kind, day, sum(n)::int as n, sum(total) as total from booking_day_counts
          where kind in ('outstanding', 'changes_pending') group by kind, day
          having sum(n) <> 0 or sum(total) <> 0),
        fresh as (
          select 'outstanding' as kind, balance_due as day, count(*)::int as n, sum(balance) as total
          from bookings where balance > 0 and cancelled_at is null and balance_due is not null group by balance_due
          union all
          select 'changes_pending', departure_date, count(*)::int, 0 from bookings
          where changes_accepted = 0 and cancelled_at is null and departure_date is not null group by departure_date)
        select count(*)::int as n from kept full join fresh using (kind, day)
        where kept.n is distinct from fresh.n or kept.total is distinct from fresh.total`);
      expect(r.n, step).toBe(0);
    };
    await drift('as created');
    const d0 = (await get('/dashboard')).json();

    // The tiles read the kept rows, not a fresh count: a tampered row shows.
    await db.execute(sql`insert into booking_day_counts (kind, day, slot, n, total)
      values ('outstanding', ${day(-2)}::date, 63, 1, 5.00)`);
    const d1 = (await get('/dashboard')).json();
    expect(d1.balances_overdue.count).toBe(d0.balances_overdue.count + 1);
    await db.execute(
      sql`delete from booking_day_counts where kind = 'outstanding' and slot = 63 and n = 1 and total = 5.00`,
    );
    await drift('tamper undone');

    // A payment lowers a balance, another clears it, a due date moves, a booking is cancelled and
    // reinstated, changes accepted and made again, a departure moves, a booking deleted.
    await db.execute(sql`update bookings set balance = balance - 0.50 where id = ${ids.dueSoon}`);
    await drift('part paid');
    await db.execute(sql`update bookings set balance = 0 where id = ${ids.dueLastDay}`);
    await drift('paid in full');
    await db.execute(sql`update bookings set balance_due = ${day(-5)}::date where id = ${ids.dueSoon}`);
    await drift('due date moved');
    await db.execute(sql`update bookings set cancelled_at = now() where id = ${ids.overdue1}`);
    await drift('cancelled');
    await db.execute(sql`update bookings set cancelled_at = null where id = ${ids.overdue1}`);
    await drift('reinstated');
    await db.execute(sql`update bookings set changes_accepted = 1 where id = ${ids.changes}`);
    await drift('changes accepted');
    await db.execute(
      sql`update bookings set changes_accepted = 0, departure_date = ${day(60)}::date where id = ${ids.changes}`,
    );
    await drift('changes again on a moved departure');
    await db.execute(sql`update bookings set balance = balance + 1 where balance > 0`);
    await drift('many balances in one statement');
    await db.execute(sql`delete from bookings where id = ${ids.overdue2}`);
    await drift('a booking deleted');

    const d = (await get('/dashboard')).json();
    const overdue = await one<{ n: number; s: string }>(
      sql`select count(*)::int as n, sum(balance)::text as s from bookings
          where cancelled_at is null and balance > 0 and balance_due < ${today}::date`,
    );
    expect(d.balances_overdue).toMatchObject({ count: overdue.n, sum: overdue.s });
  });
});
