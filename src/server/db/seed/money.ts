import { type SQL, sql } from 'drizzle-orm';
import { type Db, inTransaction, queryRows } from '../client';
import { countRows, resetSequences } from './bulk';
import { isoDate } from './gen';

/**
 * Money owed (issue #13): party invoices from suppliers and tour managers with their recorded
 * payments, groups' internal payments linked to invoices, and affiliates' advertisements with their
 * products. Rows are generated in SQL from row numbers (the same inputs give the same data), and
 * the kept totals (`total_paid`, `total_linked`) are set from the rows, so every invoice satisfies
 * the rules of spec 2 §4 (paid and linked never beyond the amount).
 */

/** A number written into SQL as a literal. */
const lit = (x: number): SQL => sql.raw(String(Math.trunc(x)));

/** A deterministic uniform number in [0, 1) from an integer expression and a stream `k`. */
const u = (expr: string, k: number): SQL =>
  sql.raw(`(hashint8((${expr})::bigint * 97 + ${k})::float8 / 4294967296.0::float8 + 0.5::float8)`);

interface MoneyPlan {
  today: number;
  /** Invoices to add and the days back (from today) their invoice dates spread over. */
  invoices: number;
  days: number;
  /** Recorded payments to share out over the invoices. */
  payments: number;
  /** Internal payments (groups' supplier costs) to add, about 40 % of them linked to an invoice. */
  internalPayments: number;
  adverts: number;
  /** Suppliers and tour managers there should be at least. */
  suppliers: number;
  tourManagers: number;
}

/** Tops the suppliers and tour managers up to the plan's numbers, and adds advert sizes when there are none. */
async function ensureParties(db: Db, p: MoneyPlan) {
  const suppliers = await countRows(db, 'suppliers');
  if (suppliers < p.suppliers) {
    await db.execute(sql`
      insert into suppliers (supplier_name, contact_phone_number, email, address, nominal_code)
      select (array['Hotel','Coaches','Ferries','Tours','Travel','Guides','Excursions','Transfers'])[1 + (i % 8)]
          || ' ' || (array['Alpina','Bellevue','Miramar','Victoria','Continental','Lakeside','Panorama','Royal',
                           'Atlantic','Regina','Savoy','Bristol','Metropole','Europa','Splendid','Majestic'])[1 + ((i / 8) % 16)]
          || ' ' || i,
        '020 7946 ' || lpad((i % 10000)::text, 4, '0'), 'accounts' || i || '@supplier-' || i || '.example',
        i || ' Harbour Road', (5000 + i * 10)::text
      from generate_series(${lit(suppliers + 1)}::int, ${lit(p.suppliers)}::int) i`);
  }
  if ((await countRows(db, 'advertise_sizes')) === 0) {
    await db.execute(sql`insert into advertise_sizes (size_name)
      values ('Full page'), ('Half page'), ('Quarter page'), ('Eighth page'), ('Banner'), ('Classified listing')`);
  }
  const managers = await countRows(db, 'tour_managers');
  if (managers < p.tourManagers) {
    await db.execute(sql`
      insert into tour_managers (firstname, lastname, email, mobile_number, telephone_number, address)
      select (array['Fiona','Gareth','Helen','Tom','Sian','Martin','Aisha','Owen','Bethan','Callum'])[1 + (i % 10)],
        (array['MacLeod','Price','Whitaker','Okafor','Llewellyn','Doyle','Khan','Hughes','Reid','Shaw'])[1 + ((i / 10) % 10)],
        'leader' || i || '@tourleaders.example', '07700 9' || lpad((i % 100000)::text, 5, '0'),
        '0161 496 ' || lpad((i % 10000)::text, 4, '0'), i || ' Station Parade'
      from generate_series(${lit(managers + 1)}::int, ${lit(p.tourManagers)}::int) i`);
  }
}

/**
 * Adds the plan's money rows. Invoices: 90 % suppliers (a few big ones send most), 10 % tour
 * managers; a third in euros (rate 1.17), a tenth in dollars (1.27), the rest Sterling; due 30 days
 * after the invoice date. Payments fall on invoices due before today, each at most what is left,
 * most invoices settled in one to four parts. Internal payments go to groups departing in the
 * period, some linked to a supplier's invoice for at most its amount. Adverts: each affiliate in
 * turn, placements over the period, about two products each sharing out the cost.
 */
async function addMoneyRows(db: Db, p: MoneyPlan) {
  // One transaction (a savepoint inside the caller's): the temp tables live on one connection.
  await inTransaction(db, (tx) => addMoneyRowsIn(tx, p));
}

async function addMoneyRowsIn(db: Db, p: MoneyPlan) {
  const today = sql`${isoDate(p.today)}::date`;
  const invoiceBase = Number(
    (await queryRows<{ n: number }>(db, sql`select coalesce(max(id), 0)::int as n from party_invoices`))[0].n,
  );
  await db.execute(sql`drop table if exists mp_sup`);
  await db.execute(sql`create temp table mp_sup on commit drop as
    select row_number() over (order by id)::int as rn, id from suppliers`);
  await db.execute(sql`drop table if exists mp_tm`);
  await db.execute(sql`create temp table mp_tm on commit drop as
    select row_number() over (order by id)::int as rn, id from tour_managers`);
  const [{ sups, tms }] = await queryRows<{ sups: number; tms: number }>(
    db,
    sql`select (select count(*)::int from mp_sup) as sups, (select count(*)::int from mp_tm) as tms`,
  );

  // Invoices.
  await db.execute(sql`
    insert into party_invoices (invoice_for, supplier_id, tour_manager_id, invoice_number, currency_type,
      currency_exchange_rate, invoice_amount, invoice_date, invoice_due_date, created_at, updated_at)
    select x.kind, case when x.kind = 'supplier' then s.id end, case when x.kind = 'tour_manager' then t.id end,
      case when x.kind = 'supplier' then 'INV-' else 'TM-' end || (${lit(invoiceBase)} + x.i),
      x.currency, case x.currency when 'EUR' then 1.17 when 'USD' then 1.27 else 1 end,
      round((150 + power(x.r3, 2) * 14850)::numeric, 2), x.d, x.d + 30,
      x.d::timestamp at time zone 'UTC' + interval '10 hours', x.d::timestamp at time zone 'UTC' + interval '10 hours'
    from (
      select i, case when ${u('i', 1)} < 0.9 or ${lit(tms)} = 0 then 'supplier' else 'tour_manager' end as kind,
        case when ${u('i', 2)} < 0.33 then 'EUR' when ${u('i', 2)} < 0.43 then 'USD' else 'Sterling' end as currency,
        ${u('i', 3)} as r3,
        ${today} - floor(${u('i', 4)} * ${lit(p.days)})::int as d,
        1 + floor(power(${u('i', 5)}, 2) * ${lit(Math.max(sups, 1))})::int as srn,
        1 + floor(${u('i', 6)} * ${lit(Math.max(tms, 1))})::int as trn
      from generate_series(1, ${lit(p.invoices)}::int) i
    ) x
    left join mp_sup s on s.rn = x.srn
    left join mp_tm t on t.rn = x.trn
    order by x.i`);

  // Payments: invoices due by today get one to four parts (the last settles it for 70 % of them).
  await db.execute(sql`
    insert into invoice_payments (invoice_id, paid_amount, payment_mode, transaction_number, payment_date, created_at, updated_at)
    select v.id, v.part, v.mode, v.ref, v.pd, v.pd::timestamp at time zone 'UTC' + interval '14 hours',
      v.pd::timestamp at time zone 'UTC' + interval '14 hours'
    from (
      select pi.id, k,
        case when k < n.parts then round(pi.invoice_amount / n.parts, 2)
             when ${u('pi.id', 8)} < 0.7 then pi.invoice_amount - round(pi.invoice_amount / n.parts, 2) * (n.parts - 1)
             else round(pi.invoice_amount / n.parts / 2, 2) end as part,
        (array['bank','bank','bank','Card','checque','cash','Bax'])[1 + floor(${u('pi.id * 8 + k', 9)} * 7)::int] as mode,
        'TX' || lpad(((pi.id * 7 + k) % 100000000)::text, 8, '0') as ref,
        least(pi.invoice_date + k * 12, ${today}) as pd
      from party_invoices pi
      cross join lateral (select greatest(1, least(4, round(${lit(p.payments)}::numeric / ${lit(p.invoices)}
        * (0.5 + ${u('pi.id', 7)}))))::int as parts) n
      cross join lateral generate_series(1, n.parts) k
      where pi.id > ${lit(invoiceBase)} and pi.invoice_due_date <= ${today} + 15
    ) v
    where v.part > 0
    order by v.id, v.k`);
  await db.execute(sql`
    update party_invoices pi set total_paid = p.sum
    from (select invoice_id, sum(paid_amount) as sum from invoice_payments group by invoice_id) p
    where pi.id = p.invoice_id and pi.id > ${lit(invoiceBase)}`);

  // Internal payments on groups departing in the period, 40 % linked to an invoice of their supplier.
  await db.execute(sql`drop table if exists mp_grp`);
  await db.execute(sql`create temp table mp_grp on commit drop as
    select row_number() over (order by start_date, id)::int as rn, id, start_date from tour_groups
    where start_date between ${today} - ${lit(p.days)} and ${today} + 180`);
  await db.execute(sql`drop table if exists mp_inv`);
  await db.execute(sql`create temp table mp_inv on commit drop as
    select row_number() over (order by id)::int as rn, id, supplier_id, invoice_amount from party_invoices
    where id > ${lit(invoiceBase)} and invoice_for = 'supplier'`);
  const [{ groups, invs }] = await queryRows<{ groups: number; invs: number }>(
    db,
    sql`select (select count(*)::int from mp_grp) as groups, (select count(*)::int from mp_inv) as invs`,
  );
  if (groups > 0 && invs > 0 && p.internalPayments > 0) {
    await db.execute(sql`
      insert into tour_group_payments (tour_group_id, payment_for, supplier_id, service_type_id, estimated_cost,
        currency_type, currency_exchange_rate, per_person_basis, supplier_invoice_id, invoice_asigned_amount)
      select g.id, 1, coalesce(v.supplier_id, s.id), st.id,
        round((200 + ${u('x.i', 12)} * 4800)::numeric, 2), 'Sterling', 1, ${u('x.i', 13)} < 0.3,
        v.id, case when v.id is not null then round(v.invoice_amount * 0.5, 2) end
      from (select i, 1 + floor(${u('i', 10)} * ${lit(groups)})::int as grn,
              case when ${u('i', 11)} < 0.4 then 1 + ((i * 7919) % ${lit(invs)}) end as irn
            from generate_series(1, ${lit(p.internalPayments)}::int) i) x
      join mp_grp g on g.rn = x.grn
      left join mp_inv v on v.rn = x.irn
      join mp_sup s on s.rn = 1 + (x.i % ${lit(Math.max(sups, 1))})
      left join (select row_number() over (order by id)::int - 1 as rn, id, count(*) over () as n from service_types) st
        on st.rn = x.i % st.n
      order by x.i`);
    // An invoice linked twice may not pass its amount: keep the first links that fit, drop the rest.
    await db.execute(sql`
      delete from tour_group_payments p using (
        select id, sum(invoice_asigned_amount) over (partition by supplier_invoice_id order by id) as running,
          (select invoice_amount from party_invoices where id = supplier_invoice_id) as amount
        from tour_group_payments where supplier_invoice_id > ${lit(invoiceBase)}
      ) r where p.id = r.id and r.running > r.amount`);
    await db.execute(sql`
      update party_invoices pi set total_linked = l.sum
      from (select supplier_invoice_id, sum(invoice_asigned_amount) as sum from tour_group_payments
            where supplier_invoice_id is not null group by 1) l
      where pi.id = l.supplier_invoice_id and pi.id > ${lit(invoiceBase)}`);
  }

  // Advertisements, each affiliate in turn, and about two products each sharing out the cost.
  const advertBase = Number(
    (await queryRows<{ n: number }>(db, sql`select coalesce(max(id), 0)::int as n from advertisements`))[0].n,
  );
  await db.execute(sql`
    insert into advertisements (affiliate_id, size_id, placemenet_date, expiry_date, total_cost, submission_deadline_date,
      is_graphic_created, is_sent, paid_status, invoice_number, invoice_amount, invoice_due_date, payment_mode,
      payment_mode_number, payment_date, payment_amount, created_at, updated_at)
    select a.id, z.id, x.placed, x.placed + 27, x.cost, x.placed - 21,
      x.placed - 21 < ${today}, x.placed - 14 < ${today}, x.placed + 30 < ${today},
      case when x.placed - 30 < ${today} then 'AD-' || (${lit(advertBase)} + x.i) end,
      case when x.placed - 30 < ${today} then x.cost end,
      case when x.placed - 30 < ${today} then x.placed + 30 end,
      case when x.placed + 30 < ${today} then 'bank' end,
      case when x.placed + 30 < ${today} then 'BACS ' || (100000 + x.i) end,
      case when x.placed + 30 < ${today} then x.placed + 28 end,
      case when x.placed + 30 < ${today} then x.cost end,
      (x.placed - 60)::timestamp at time zone 'UTC', (x.placed - 60)::timestamp at time zone 'UTC'
    from (
      select i, ${today} - ${lit(p.days)} + floor(${u('i', 20)} * ${lit(p.days + 120)})::int as placed,
        round((150 + floor(${u('i', 21)} * 40) * 25)::numeric, 2) as cost, ${u('i', 22)} as rs
      from generate_series(1, ${lit(p.adverts)}::int) i
    ) x
    join (select row_number() over (order by id)::int - 1 as rn, id, count(*) over () as n from affiliates) a
      on a.rn = x.i % a.n
    join (select row_number() over (order by id)::int - 1 as rn, id, count(*) over () as n from advertise_sizes) z
      on z.rn = floor(x.rs * z.n)::int
    order by x.i`);
  await db.execute(sql`
    insert into advertisement_products (advertisement_id, tour_id, size_id, amount)
    select ad.id, t.id, ad.size_id, case when k = 1 then round(ad.total_cost * 0.6, 2) else ad.total_cost - round(ad.total_cost * 0.6, 2) end
    from advertisements ad
    cross join generate_series(1, 2) k
    join (select row_number() over (order by id)::int - 1 as rn, id, count(*) over () as n from tours) t
      on t.rn = ((ad.id * 31 + k * 7) % t.n)
    where ad.id > ${lit(advertBase)} and (ad.id % 4 <> 0 or k = 1)
    order by ad.id, k`);
  await resetSequences(db, ['party_invoices', 'invoice_payments', 'tour_group_payments', 'advertisements']);
}

/**
 * The demo operator's money (spec 2 §2 Invoices section, Summaries; issue #13): about 60 invoices
 * from suppliers and tour managers over the last six months with their payments, a few groups'
 * internal payments linked to them, and 24 advertisements of the affiliates with products — enough
 * for every screen and summary to show something. Does nothing when invoices already exist.
 */
export async function seedMoneyDemo(db: Db, today: number): Promise<void> {
  if ((await countRows(db, 'party_invoices')) > 0) return;
  await addMoneyRows(db, {
    today,
    invoices: 60,
    days: 180,
    payments: 90,
    internalPayments: 30,
    adverts: 24,
    suppliers: 0,
    tourManagers: 0,
  });
}

/**
 * The large seed's money (tests/bench, `npm run seed -- --scale N`): a mid-size operator's year is
 * about 200 suppliers, 5,000 invoices and 20,000 payments; `years` years of it (the bookings' span),
 * scaled by `factor` (bookings ÷ 1,000,000, at most 1), with three internal payments per departure
 * and 300 advertisements a year. Adds to what is there.
 */
export async function seedMoneyScale(db: Db, o: { today: number; years: number; factor: number }) {
  const f = Math.min(1, Math.max(o.factor, 0.01));
  const perYear = (n: number) => Math.max(10, Math.round(n * f * o.years));
  await ensureParties(db, {
    today: o.today,
    invoices: 0,
    days: 0,
    payments: 0,
    internalPayments: 0,
    adverts: 0,
    suppliers: Math.max(20, Math.round(200 * f)),
    tourManagers: Math.max(5, Math.round(30 * f)),
  });
  await addMoneyRows(db, {
    today: o.today,
    invoices: perYear(5000),
    days: Math.round(365 * o.years),
    payments: perYear(20_000),
    internalPayments: perYear(3600),
    adverts: perYear(300),
    suppliers: 0,
    tourManagers: 0,
  });
}
