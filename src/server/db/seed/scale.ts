import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client';
import * as s from '../schema';
import { countRows, insertRows, maxId, resetSequences } from './bulk';
import {
  buildCatalogue,
  CATALOGUE_SEQUENCE_TABLES,
  catalogueIds,
  insertCatalogue,
  loadReferenceIds,
} from './catalogue';
import { dayOf, isoDate, seededFaker } from './gen';
import { seedMoneyScale } from './money';
import { buildAffiliates, buildAgents } from './parties';
import { seedReference } from './reference';
import {
  EMAIL_DOMAINS,
  FEMALE_FIRST_NAMES,
  MALE_FIRST_NAMES,
  POSTCODE_LETTERS,
  STREET_NAMES,
  STREET_SUFFIXES,
  SURNAMES,
  UK_TOWNS,
} from './uk-data';

/** Rows per generated batch. */
const BATCH = 100_000;
/** Tables whose secondary indexes are dropped during a large load and rebuilt after it. */
const BULK_TABLES = ['customers', 'bookings', 'tour_bookings', 'passengers', 'payments', 'booking_history'];

/**
 * A deterministic uniform number in [0, 1) for row `col` and stream `k`, from PostgreSQL's
 * hashint8: unlike random() it does not depend on the session, the batch or the plan.
 */
const rnd = (salt: number, k: number, col = 'i'): SQL =>
  sql.raw(
    `(hashint8((${col})::bigint * 64 + ${salt * 1_000_000_000_000 + k})::float8 / 4294967296.0::float8 + 0.5::float8)`,
  );

/** A number written into SQL as a literal (PGlite types bind parameters as text). */
const lit = (x: number): SQL => sql.raw(Number.isFinite(x) ? String(x) : 'null');

const lower = (x: string) => x.toLowerCase().replace(/[^a-z]/g, '');
const textArray = (xs: readonly string[]) =>
  sql.raw(`(array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[])`);

/** Word pools as SQL array constants (planned once per statement; no per-row detoasting). */
const POOLS = {
  ff: FEMALE_FIRST_NAMES,
  mf: MALE_FIRST_NAMES,
  ffl: FEMALE_FIRST_NAMES.map(lower),
  mfl: MALE_FIRST_NAMES.map(lower),
  sn: SURNAMES,
  snl: SURNAMES.map(lower),
  st: STREET_NAMES,
  sx: STREET_SUFFIXES,
  dom: EMAIL_DOMAINS,
  town: UK_TOWNS.map((t) => t[0]),
  county: UK_TOWNS.map((t) => t[1]),
  area: UK_TOWNS.map((t) => t[2]),
  dial: UK_TOWNS.map((t) => t[3]),
};
type PoolName = keyof typeof POOLS;
const POOL_SQL = Object.fromEntries(Object.entries(POOLS).map(([k, v]) => [k, textArray(v)])) as Record<
  PoolName,
  SQL
>;

/** The pool element at a 1-based SQL index. */
const at = (pool: PoolName, index: SQL): SQL => sql`${POOL_SQL[pool]}[${index}]`;

/** A pool element chosen by a uniform number. */
const pickFrom = (pool: PoolName, u: SQL): SQL =>
  at(pool, sql`1 + floor(${u} * ${lit(POOLS[pool].length)})::int`);

/** Zero-padded digits from a uniform number. */
const digitsFrom = (u: SQL, n: number): SQL =>
  sql`lpad(floor(${u} * ${lit(10 ** n)})::bigint::text, ${lit(n)}, '0')`;

/**
 * Loads `bookings` bookings of benchmark data (for `npm run seed -- --scale N` and
 * tests/bench): a catalogue of max(40, N/10,000) tours with monthly groups over 34 months back and
 * 12 ahead, N×0.35 customers, max(150, N/5,000) agents, affiliates, old-system records, and per
 * booking one tour line, about two passengers, one or two payments and a history row, with ~5%
 * cancelled, ~8% changes not accepted and ~4% imported from the old system. Rows are generated in
 * SQL (generate_series + hashint8, so the same N and day give the same data) in batches of 100,000,
 * then room availability is derived from the booked rooms, sequences are moved on and the tables
 * analysed. When the bookings table already holds N rows or more it does nothing; otherwise it
 * adds the missing number.
 */
export async function seedScale(
  db: Db,
  bookings: number,
  opts: { log?: (msg: string) => void; today?: Date } = {},
): Promise<void> {
  const log = opts.log ?? (() => {});
  const t0 = Date.now();
  const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
  await seedReference(db);
  const existing = await countRows(db, 'bookings');
  if (existing >= bookings) {
    log(`scale seed skipped: bookings already holds ${existing.toLocaleString('en-GB')} rows`);
    return;
  }
  const n = bookings - existing;
  const today = dayOf(opts.today ?? new Date());
  const todayIso = isoDate(today);
  const f = seededFaker(2027 + n);
  const sizes = {
    tours: Math.max(40, Math.ceil(n / 10_000)),
    customers: Math.max(100, Math.round(n * 0.35)),
    agents: Math.max(150, Math.round(n / 5000)),
    affiliates: Math.max(15, Math.round(n / 50_000)),
    oldCustomers: Math.max(50, Math.round(n * 0.02)),
    oldAgents: Math.max(40, Math.round(n / 25_000)),
    oldAffiliates: 8,
  };
  log(
    `adding ${n.toLocaleString('en-GB')} bookings, ${sizes.customers.toLocaleString('en-GB')} customers, ${sizes.agents} agents, ${sizes.tours} tours`,
  );

  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [{ su }] = await queryRows<{ su: boolean | string }>(
      tx,
      sql`select current_setting('is_superuser') = 'on' as su`,
    );
    if (su === true || su === 't') {
      // Generated rows are consistent by construction: skip per-row foreign-key triggers (as pg_restore does).
      await tx.execute(sql`set local session_replication_role = replica`);
    }
    const dropIndexes = n >= 50_000;
    const indexDefs = dropIndexes ? await dropSecondaryIndexes(tx) : [];

    // Catalogue.
    const ref = await loadReferenceIds(tx);
    const cat = buildCatalogue(f, ref, await catalogueIds(tx), {
      today,
      fromDay: today - 1035,
      toDay: today + 365,
      tourCount: sizes.tours,
    });
    await insertCatalogue(tx, cat);
    log(
      `catalogue: ${cat.tours.length} tours, ${cat.groups.length} groups, ${cat.instances.length} instances (${elapsed()})`,
    );

    // Parties.
    const affBase = await maxId(tx, 'affiliates');
    const agentBase = await maxId(tx, 'agents');
    const custBase = await maxId(tx, 'customers');
    const ocBase = Math.max(20_000, await maxId(tx, 'old_customers'));
    const oaBase = Math.max(3000, await maxId(tx, 'old_agents'));
    const oafBase = Math.max(400, await maxId(tx, 'old_affiliates'));
    await insertRows(tx, s.affiliates, buildAffiliates(f, sizes.affiliates, affBase + 1, today));
    await insertRows(tx, s.agents, buildAgents(f, sizes.agents, agentBase + 1, today));
    await insertRows(
      tx,
      s.old_agents,
      buildAgents(f, sizes.oldAgents, 1, today).map((a, i) => ({
        id: oaBase + 1 + i,
        name: a.name,
        abta: a.abta ?? null,
      })),
    );
    await insertRows(
      tx,
      s.old_affiliates,
      buildAffiliates(f, sizes.oldAffiliates, 1, today).map((a, i) => ({
        id: oafBase + 1 + i,
        name: a.name,
        code: a.code,
      })),
    );
    for (let lo = 1; lo <= sizes.customers; lo += BATCH) {
      const hi = Math.min(sizes.customers, lo + BATCH - 1);
      await insertCustomers(tx, { lo, hi, base: custBase, today, affBase, affiliates: sizes.affiliates });
    }
    await insertOldCustomers(tx, ocBase, sizes.oldCustomers, today);
    log(`parties: ${sizes.customers.toLocaleString('en-GB')} customers (${elapsed()})`);

    // Departures and their rooms, numbered by departure date for the generator.
    const sales = [...cat.sales].sort((a, b) => a.departure - b.departure || a.id - b.id);
    const tourName = new Map(cat.tours.map((t) => [t.id as number, t.name]));
    const roomLabel = new Map(
      cat.accommodationRooms.map((r) => [r.id as number, `${r.name} – ${r.board_basis ?? 'Room Only'}`]),
    );
    const instRows = sales.map((x, i) => ({
      rn: i + 1,
      id: x.id,
      tour_id: x.tourId,
      tour_name: tourName.get(x.tourId),
      departure: isoDate(x.departure),
      duration: x.duration,
      base_price: x.basePrice,
      base_sale: x.baseSale,
      base_cost: x.baseCost,
      deposit: x.deposit,
      bonding: x.bondingTypeId,
      flies: x.tourType === 'air' || x.tourType === 'world-wide',
      room_count: x.rooms.length,
    }));
    const roomRows = sales.flatMap((x, i) =>
      x.rooms.map((r, k) => ({
        rn: i + 1,
        k: k + 1,
        tour_room_id: r.tourRoomId,
        label: roomLabel.get(r.accommodationRoomId),
        occupancy: r.occupancy,
        supplement: r.supplement,
        check_in_day: r.checkInDay,
        check_out_day: r.checkOutDay,
        price: r.price?.price ?? null,
        cost: r.price?.cost ?? null,
        sale: r.price?.sale ?? null,
      })),
    );
    await tx.execute(sql`create temp table sc_inst (rn int primary key, id int, tour_id int, tour_name text, departure date,
      duration int, base_price numeric, base_sale numeric, base_cost numeric, deposit numeric, bonding int, flies boolean,
      room_count int) on commit drop`);
    await tx.execute(sql`create temp table sc_room (rn int, k int, tour_room_id int, label text, occupancy int,
      supplement numeric, check_in_day int, check_out_day int, price numeric, cost numeric, sale numeric,
      primary key (rn, k)) on commit drop`);
    for (let i = 0; i < instRows.length; i += 5000) {
      await tx.execute(
        sql`insert into sc_inst select * from json_populate_recordset(null::sc_inst, ${JSON.stringify(instRows.slice(i, i + 5000))}::json)`,
      );
    }
    for (let i = 0; i < roomRows.length; i += 5000) {
      await tx.execute(
        sql`insert into sc_room select * from json_populate_recordset(null::sc_room, ${JSON.stringify(roomRows.slice(i, i + 5000))}::json)`,
      );
    }
    // For each day: the first departure on or after it and how many leave within a fortnight.
    await tx.execute(sql`create index on sc_inst (departure)`);
    await tx.execute(sql`create temp table sc_day on commit drop as
      select d::date as d, (select min(rn) from sc_inst where departure >= d::date) as first_rn,
        greatest(1, (select count(*) from sc_inst where departure between d::date and d::date + 13))::int as cnt
      from generate_series(${isoDate(today - 1100)}::date, (select max(departure) from sc_inst), interval '1 day') d`);
    await tx.execute(sql`alter table sc_day add primary key (d)`);

    // Bookings in batches.
    const bookingBase = await maxId(tx, 'bookings');
    const lineBase = await maxId(tx, 'tour_bookings');
    const ctx: BatchContext = {
      today: todayIso,
      first: bookingBase + 1,
      count: n,
      lastDeparture: isoDate(sales[sales.length - 1].departure),
      custBase,
      customers: sizes.customers,
      agentBase,
      agents: sizes.agents,
      affBase,
      affiliates: sizes.affiliates,
      ocBase,
      oldCustomers: sizes.oldCustomers,
      oaBase,
      oldAgents: sizes.oldAgents,
      oafBase,
      oldAffiliates: sizes.oldAffiliates,
    };
    for (let lo = bookingBase + 1; lo <= bookingBase + n; lo += BATCH) {
      const hi = Math.min(bookingBase + n, lo + BATCH - 1);
      await insertBookingBatch(tx, lo, hi, ctx);
      log(
        `bookings ${(hi - bookingBase).toLocaleString('en-GB')} / ${n.toLocaleString('en-GB')} (${elapsed()})`,
      );
    }

    // Each booking's details-missing flag (migration 0030): its triggers do not fire under the
    // replica role, so the new bookings are flagged here at once, set-based.
    await tx.execute(sql`select booking_details_missing_load(${lit(bookingBase)})`);
    log(`details-missing flags (${elapsed()})`);

    // Customers registered before their first booking.
    await tx.execute(sql`
      update customers c set created_at = m.first - (interval '1 day' * floor(${rnd(9, 1, 'c.id')} * 60)) - interval '1 hour',
        updated_at = m.first - interval '1 hour'
      from (select customer_id, min(created_at) as first from bookings where id > ${lit(bookingBase)} and customer_id is not null
            group by customer_id) m
      where c.id = m.customer_id and c.created_at > m.first`);

    // Departures hold the passengers booked on them.
    await tx.execute(sql`
      update tour_instances i set tour_places = greatest(i.tour_places, p.pax + 2)
      from (select tb.tour_instance_id, sum(tb.guests)::int as pax from tour_bookings tb
            join bookings b on b.id = tb.holiday_booking_id
            where tb.id > ${lit(lineBase)} and b.status <> 'Cancelled' group by 1) p
      where i.id = p.tour_instance_id and p.pax + 2 > i.tour_places`);
    await tx.execute(sql`
      update tour_groups g set available_places = greatest(g.available_places, p.places)
      from (select tour_group_id, sum(tour_places)::int as places from tour_instances where id in
            (select distinct tour_instance_id from tour_bookings where id > ${lit(lineBase)}) group by 1) p
      where g.id = p.tour_group_id and p.places > g.available_places`);

    await insertAvailability(tx, {
      lineBase,
      groupBase: Math.min(...cat.groups.map((g) => g.id as number)) - 1,
    });
    log(`room availability derived from the booked rooms (${elapsed()})`);

    if (dropIndexes) {
      for (const def of indexDefs) await tx.execute(sql.raw(def));
      log(`indexes rebuilt (${elapsed()})`);
    }
    await resetSequences(tx, [
      ...CATALOGUE_SEQUENCE_TABLES,
      'room_availability',
      'affiliates',
      'agents',
      'customers',
      'bookings',
      'tour_bookings',
      'passengers',
      'payments',
      'booking_history',
    ]);
    // Money owed (issue #13), once the sequences are past the explicit ids: invoices, payments,
    // internal payments and adverts over the bookings' three years.
    await seedMoneyScale(tx, { today, years: 3, factor: n / 1_000_000 });
    log(`money rows: invoices, payments, internal payments, adverts (${elapsed()})`);
  });
  // Vacuum, not only analyze: bulk-loaded pages are not yet marked all-visible, so the bookings
  // list's covering indexes would fetch every matching row from the heap (an agent's 17,648
  // bookings: 49 ms instead of 6 ms) until autovacuum got round to the table (issue #28).
  await db.execute(sql`vacuum (analyze)`);
  log(`scale data loaded in ${elapsed()}`);
}

/** Drops the non-constraint indexes of the bulk tables; returns their definitions to recreate. */
async function dropSecondaryIndexes(db: Db): Promise<string[]> {
  const rows = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select i.indexname, i.indexdef from pg_indexes i
        where i.schemaname = 'public' and i.tablename in (${sql.join(
          BULK_TABLES.map((t) => sql`${t}`),
          sql`, `,
        )})
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
        order by i.tablename, i.indexname`,
  );
  for (const r of rows) await db.execute(sql`drop index ${sql.identifier(r.indexname)}`);
  return rows.map((r) => r.indexdef);
}

/** A UK postcode in `area` (district 1–20 for one-letter areas, 1–7 for two) from uniform numbers. */
function postcodeSql(area: SQL, u1: SQL, u2: SQL, u3: SQL, u4: SQL): SQL {
  const letters = POSTCODE_LETTERS;
  return sql`${area} || (1 + floor(${u1} * case when length(${area}) = 1 then 20 else 7 end))::int || ' ' ||
    (1 + floor(${u2} * 9))::int || substr(${letters}, 1 + floor(${u3} * 20)::int, 1) || substr(${letters}, 1 + floor(${u4} * 20)::int, 1)`;
}

async function insertCustomers(
  db: Db,
  o: { lo: number; hi: number; base: number; today: number; affBase: number; affiliates: number },
): Promise<void> {
  const r = (k: number) => rnd(2, k);
  await db.execute(sql`
    insert into customers (id, title, first_name, last_name, email, phone_number, mobile_number, street_address, town,
      county, postcode, country_id, affiliate_id, opt_out_email, opt_out_mailing, is_blacklisted, created_at, updated_at)
    select x.id,
      case when x.female then (case when x.rt < 0.58 then 'Mrs' when x.rt < 0.78 then 'Miss' when x.rt < 0.95 then 'Ms' else 'Dr' end)
           else (case when x.rt < 0.94 then 'Mr' else 'Dr' end) end,
      case when x.female then ${at('ff', sql`x.fi`)} else ${at('mf', sql`x.fi`)} end,
      ${at('sn', sql`x.si`)},
      case when x.re < 0.92 then (case when x.female then ${at('ffl', sql`x.fi`)} else ${at('mfl', sql`x.fi`)} end) || '.' || ${at('snl', sql`x.si`)}
        || (x.id % 97)::text || '@' || ${pickFrom('dom', r(5))} end,
      case when x.rp < 0.7 then ${at('dial', sql`x.ti`)} || ' ' || (2 + floor(${r(6)} * 7))::int ||
        case length(${at('dial', sql`x.ti`)}) when 3 then ${digitsFrom(r(7), 3)} || ' ' || ${digitsFrom(r(8), 4)}
                                  when 4 then ${digitsFrom(r(7), 2)} || ' ' || ${digitsFrom(r(8), 4)}
                                  else ${digitsFrom(r(7), 5)} end end,
      case when x.rm < 0.75 then '07' || (400 + floor(${r(9)} * 600))::int || ' ' || ${digitsFrom(r(10), 6)} end,
      (1 + floor(${r(11)} * 180))::int || ' ' || ${pickFrom('st', r(12))} || ' ' || ${pickFrom('sx', r(13))},
      ${at('town', sql`x.ti`)}, ${at('county', sql`x.ti`)}, ${postcodeSql(sql`${at('area', sql`x.ti`)}`, r(14), r(15), r(16), r(17))},
      220,
      case when ${r(18)} < 0.05 then ${lit(o.affBase)} + 1 + floor(${r(19)} * ${lit(o.affiliates)})::int end,
      ${r(20)} < 0.1, ${r(21)} < 0.1, ${r(22)} < 0.01,
      x.created, x.created
    from (
      select i, ${lit(o.base)} + i as id, ${r(1)} < 0.55 as female, ${r(2)} as rt, ${r(3)} as re, ${r(4)} as rp, ${r(23)} as rm,
        1 + floor(${r(24)} * case when ${r(1)} < 0.55 then ${lit(FEMALE_FIRST_NAMES.length)} else ${lit(MALE_FIRST_NAMES.length)} end)::int as fi,
        1 + floor(${r(25)} * ${lit(SURNAMES.length)})::int as si, 1 + floor(${r(26)} * ${lit(UK_TOWNS.length)})::int as ti,
        (${isoDate(o.today)}::date - (1 + floor(${r(27)} * 1100))::int)::timestamp at time zone 'UTC'
          + (interval '1 minute' * (480 + floor(${r(28)} * 780))) as created
      from generate_series(${o.lo}::int, ${o.hi}::int) i
    ) x
    order by x.id`);
}

async function insertOldCustomers(db: Db, base: number, count: number, today: number): Promise<void> {
  const r = (k: number) => rnd(3, k);
  await db.execute(sql`
    insert into old_customers (id, title, first_name, last_name, email, postcode, created_at, updated_at)
    select ${lit(base)} + i,
      case when ${r(1)} < 0.55 then 'Mrs' else 'Mr' end,
      case when ${r(1)} < 0.55 then ${pickFrom('ff', r(2))} else ${pickFrom('mf', r(2))} end,
      ${pickFrom('sn', r(3))},
      case when ${r(4)} < 0.6 then 'customer' || i || '@' || ${pickFrom('dom', r(5))} end,
      ${postcodeSql(pickFrom('area', r(6)), r(7), r(8), r(9), r(10))},
      (${isoDate(today - 1500)}::date)::timestamp at time zone 'UTC', (${isoDate(today - 1500)}::date)::timestamp at time zone 'UTC'
    from generate_series(1, ${lit(count)}::int) i`);
}

interface BatchContext {
  today: string;
  /** First booking id of this load and how many it adds: booking dates rise with the id. */
  first: number;
  count: number;
  lastDeparture: string;
  custBase: number;
  customers: number;
  agentBase: number;
  agents: number;
  affBase: number;
  affiliates: number;
  ocBase: number;
  oldCustomers: number;
  oaBase: number;
  oldAgents: number;
  oafBase: number;
  oldAffiliates: number;
}

async function insertBookingBatch(db: Db, lo: number, hi: number, c: BatchContext): Promise<void> {
  const r = (k: number) => rnd(1, k);
  const today = sql`${c.today}::date`;
  // The plan: one row per booking with its departure, room, party, dates and money. Booking dates
  // rise with the id over the last three years (office hours); departures follow 3–363 days later.
  await db.execute(sql`
    create temp table sp on commit drop as
    with g0 as (
      select i, (i - ${lit(c.first)})::float8 / ${lit(c.count)} * 1094 as pos,
        ${r(1)} r1, ${r(2)} r2, ${r(3)} r3, ${r(4)} r4, ${r(5)} r5, ${r(6)} r6, ${r(7)} r7, ${r(8)} r8, ${r(9)} r9,
        ${r(10)} r10, ${r(11)} r11, ${r(12)} r12, ${r(13)} r13, ${r(14)} r14, ${r(15)} r15, ${r(16)} r16, ${r(17)} r17,
        ${r(18)} r18, ${r(19)} r19, ${r(20)} r20, ${r(21)} r21, ${r(22)} r22
      from generate_series(${lo}::int, ${hi}::int) i
    ), g as (
      select g0.*, ${today} - 1095 + floor(g0.pos)::int as created_day, 480 + floor((g0.pos - floor(g0.pos)) * 780) as created_min
      from g0
    ), a as (
      select g.*, si.id inst_id, si.tour_id, si.tour_name, si.departure, si.duration, si.base_price, si.base_sale, si.base_cost,
        si.deposit, si.bonding, si.flies, sr.tour_room_id, sr.label, sr.occupancy, sr.supplement, sr.check_in_day,
        sr.check_out_day, sr.price row_price, sr.cost row_cost, sr.sale row_sale,
        case when g.r5 < 0.04 then 'old' when g.r5 < 0.29 then 'agent' when g.r5 < 0.34 then 'affiliate' else 'customer' end party
      from g
      join sc_day sd on sd.d = least(g.created_day + (3 + floor(power(g.r4, 1.5) * 360))::int, ${c.lastDeparture}::date)
      join sc_inst si on si.rn = sd.first_rn + floor(g.r1 * sd.cnt)::int
      join sc_room sr on sr.rn = si.rn and sr.k = 1 + floor(g.r2 * si.room_count)::int
    ), b as (
      select a.*,
        case when a.occupancy = 1 and a.r3 < 0.85 then 1 when a.r3 < 0.25 then 1 when a.r3 < 0.85 then 2 when a.r3 < 0.93 then 3 else 4 end guests
      from a
    ), m as (
      select b.*,
        coalesce(nullif(b.row_price, 0), b.base_price + b.supplement) price,
        case when b.row_price > 0 then nullif(b.row_sale, 0) when b.base_sale is not null then b.base_sale + b.supplement end sale_price,
        coalesce(case when b.row_price > 0 then b.row_cost end, b.base_cost + round(b.supplement * 0.5, 2)) cost,
        (b.created_day::timestamp at time zone 'UTC') + interval '1 minute' * b.created_min created_at,
        b.departure - 84 balance_day
      from b
    ), t as (
      select m.*,
        ceil(m.guests::numeric / m.occupancy)::int rooms,
        coalesce(m.sale_price, m.price) * m.guests total_due,
        least(coalesce(m.sale_price, m.price) * m.guests, m.deposit * m.guests) deposit_total,
        m.party <> 'old' and m.r12 < 0.05 cancelled,
        case
          when m.party = 'old' then (case when m.departure < ${today} then 'full' else 'deposit' end)
          when m.r12 < 0.05 then (case when m.r14 < 0.85 then 'deposit' else 'none' end)
          when m.r14 < 0.03 then 'none'
          when m.created_day >= m.balance_day or m.r15 < 0.35 then 'full'
          when m.balance_day <= ${today} then (case when m.r16 < 0.97 then 'split' else 'deposit' end)
          else 'deposit'
        end pay_mode
      from m
    )
    select t.*,
      case when t.pay_mode = 'full' then t.total_due when t.pay_mode in ('deposit', 'split') then t.deposit_total else 0 end pay1,
      case when t.pay_mode = 'split' then t.total_due - t.deposit_total else 0 end pay2,
      least(t.created_at + interval '1 minute' * (5 + floor(t.r17 * 2880)), ${today}::timestamp at time zone 'UTC' - interval '1 minute' * (1 + floor(t.r17 * 600))) pay1_at,
      least(greatest(t.created_at + interval '2 days', (t.balance_day - floor(t.r18 * 28)::int)::timestamp at time zone 'UTC' + interval '1 minute' * (480 + floor(t.r7 * 600))),
            ${today}::timestamp at time zone 'UTC' - interval '1 minute' * (1 + floor(t.r18 * 600))) pay2_at,
      case when t.cancelled then least(
        t.created_at + interval '1 day' * (1 + floor(t.r19 * greatest(1, least(${today}, t.departure) - t.created_day - 1))),
        ${today}::timestamp at time zone 'UTC' - interval '1 minute' * (1 + floor(t.r19 * 600))) end cancelled_at,
      case when t.party in ('customer', 'affiliate') or (t.party = 'agent' and t.r8 < 0.35)
        then ${lit(c.custBase)} + 1 + floor(t.r9 * ${lit(c.customers)})::int end customer_id,
      case when t.party = 'agent' then ${lit(c.agentBase)} + 1 + floor(t.r10 * t.r10 * ${lit(c.agents)})::int end agent_id,
      case when t.party = 'affiliate' then ${lit(c.affBase)} + 1 + floor(t.r11 * ${lit(c.affiliates)})::int end affiliate_id,
      case when t.party = 'old' and t.r8 < 0.9 then ${lit(c.ocBase)} + 1 + floor(t.r9 * ${lit(c.oldCustomers)})::int end old_customer_id,
      case when t.party = 'old' and t.r10 < 0.2 then ${lit(c.oaBase)} + 1 + floor(t.r11 * ${lit(c.oldAgents)})::int end old_agent_id,
      case when t.party = 'old' and t.r10 >= 0.2 and t.r10 < 0.25 then ${lit(c.oafBase)} + 1 + floor(t.r11 * ${lit(c.oldAffiliates)})::int end old_affiliate_id,
      t.r13 >= 0.08 accepted
    from t`);
  await db.execute(sql`alter table sp add primary key (i)`);

  await db.execute(sql`
    insert into bookings (id, booking_ref, customer_id, agent_id, affiliate_id, old_customer_id, old_agent_id, old_affiliate_id,
      old_booking_id, agent_confirmed, status, rooms_confirmed, cancelled_at, cancellation_charge, created_from, bonding_type, total_due, paid,
      balance, balance_due, deposit_due, agent_comission_percent, booking_vat_percent, departure_date, changes_accepted,
      changes_accepted_at, changes_accepted_from, changes_reviewed, changes_reviewed_at, old_tour_booking, old_lead_passenger,
      created_at, updated_at)
    select x.i, case when x.party <> 'old' then 'HB' || (100000 + x.i) end,
      x.customer_id, x.agent_id, x.affiliate_id, x.old_customer_id, x.old_agent_id, x.old_affiliate_id,
      case when x.party = 'old' then 50000 + x.i end,
      x.agent_id is not null and x.pay1 > 0 and not x.cancelled and x.r20 < 0.8,
      case when x.cancelled then 'Cancelled' when x.pay1 + x.pay2 >= x.total_due then 'Paid'
           when x.pay1 + x.pay2 >= x.deposit_total and x.pay1 > 0 then 'Confirmed' else 'Pending' end,
      not x.cancelled and (x.pay1 + x.pay2 >= x.total_due or (x.pay1 + x.pay2 >= x.deposit_total and x.pay1 > 0)),
      x.cancelled_at, case when x.cancelled then x.pay1 end,
      case when x.party = 'old' then 'import' else 'admin' end,
      x.bonding, x.total_due, x.pay1 + x.pay2, greatest(x.total_due - x.pay1 - x.pay2, 0),
      x.balance_day, x.created_day + 7, ag.commission, 20, x.departure,
      case when x.accepted then 1 else 0 end, case when x.accepted then x.created_at + interval '2 hours' end,
      case when x.accepted then (case when x.r21 < 0.5 then 'admin' when x.r21 < 0.8 then 'email' else 'manage_booking' end) end,
      case when x.accepted then 1 else 0 end, case when x.accepted then x.created_at + interval '2 hours' end,
      case when x.party = 'old' then jsonb_build_object('tour_name', x.tour_name, 'room', x.label,
        'departure_date', x.departure, 'total_revenue', to_char(x.total_due, 'FM9999999990.00'), 'guests', x.guests) end,
      case when x.party = 'old' then coalesce(oc.title || ' ' || oc.first_name || ' ' || oc.last_name, 'Mr ' || ${pickFrom('mf', rnd(1, 30, 'x.i'))} || ' ' || ${pickFrom('sn', rnd(1, 31, 'x.i'))}) end,
      x.created_at, coalesce(x.cancelled_at, case when x.pay2 > 0 then x.pay2_at when x.pay1 > 0 then x.pay1_at end, x.created_at)
    from sp x
    left join agents ag on ag.id = x.agent_id
    left join old_customers oc on oc.id = x.old_customer_id
    order by x.i`);

  const refChars = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const refSql = sql.join(
    [1, 2, 3, 4, 5, 6].map((k) => sql`substr(${refChars}, 1 + floor(${rnd(4, k, 'x.i')} * 32)::int, 1)`),
    sql` || `,
  );
  await db.execute(sql`
    insert into tour_bookings (holiday_booking_id, tour_id, tour_instance_id, tour_room_id, rooms, guests, price, sale_price,
      base_price, supplement_price, cost, airline_ref, airline_ref_added_at, check_in_date, check_out_date, created_at, updated_at)
    select x.i, x.tour_id, x.inst_id, x.tour_room_id, x.rooms, x.guests, x.price, x.sale_price, x.base_price, x.supplement, x.cost,
      case when x.flies and x.r22 < 0.8 then ${refSql} end,
      case when x.flies and x.r22 < 0.8 then least(x.created_at + interval '3 days', ${today}::timestamp at time zone 'UTC' - interval '1 hour') end,
      x.departure + x.check_in_day - 1, x.departure + x.check_out_day - 1, x.created_at, x.created_at
    from sp x where x.party <> 'old' order by x.i`);

  // Passengers: the first is the customer when there is one; the second is often a partner.
  const pr = (k: number) => rnd(5, k, '(x.i::bigint * 8 + n.n)');
  const br = (k: number) => rnd(6, k, 'x.i');
  await db.execute(sql`
    insert into passengers (holiday_booking_id, title, first_name, last_name, dob, gender, created_at, updated_at)
    select y.i,
      case when y.n = 1 and y.c_title is not null then y.c_title
           when y.female then (case when y.rt < 0.6 then 'Mrs' when y.rt < 0.85 then 'Miss' else 'Ms' end) else 'Mr' end,
      case when y.n = 1 and y.c_first is not null then y.c_first when y.female then ${pickFrom('ff', sql`y.rf`)} else ${pickFrom('mf', sql`y.rf`)} end,
      case when y.n = 1 or (y.n = 2 and y.partner) then y.lead_last else ${pickFrom('sn', sql`y.rs`)} end,
      ${today} - (365 * (24 + floor(y.ra * 58))::int + floor(y.rd * 365)::int),
      case when y.female then 'Female' else 'Male' end,
      y.created_at, y.created_at
    from (
      select x.i, n.n, x.created_at, c.title c_title, c.first_name c_first,
        coalesce(c.last_name, ${pickFrom('sn', br(1))}) lead_last,
        ${pr(1)} rt, ${pr(2)} rf, ${pr(3)} rs, ${pr(4)} ra, ${pr(5)} rd,
        n.n = 2 and ${br(3)} < 0.7 partner,
        case when n.n = 1 then coalesce(c.title in ('Mrs', 'Miss', 'Ms'), ${br(2)} < 0.55)
             when n.n = 2 and ${br(3)} < 0.7 then not coalesce(c.title in ('Mrs', 'Miss', 'Ms'), ${br(2)} < 0.55)
             else ${pr(6)} < 0.5 end female
      from sp x
      cross join lateral generate_series(1, x.guests) n(n)
      left join customers c on c.id = x.customer_id and n.n = 1
      where x.party <> 'old'
    ) y
    order by y.i, y.n`);

  await db.execute(sql`
    insert into payments (holiday_booking_id, transaction_id, payment_method, payment_amount, created_at, updated_at)
    select z.i,
      case z.method when 'stripe' then 'ch_' || substr(md5(z.i::text || '-' || z.k), 1, 24)
        when 'bacs' then 'BACS-' || lpad(((z.i * 7 + z.k) % 100000000)::text, 8, '0')
        when 'cheque' then 'CHQ ' || lpad(((z.i * 13 + z.k) % 1000000)::text, 6, '0')
        when 'travelink' then 'TL' || lpad(((z.i * 11 + z.k) % 10000000)::text, 7, '0') end,
      z.method, z.amount, z.at, z.at
    from (
      select x.i, v.k, v.amount, v.at,
        case when x.agent_id is not null then (case when v.u < 0.6 then 'bacs' when v.u < 0.9 then 'travelink' else 'cheque' end)
             when x.party = 'old' then (case when v.u < 0.7 then 'bacs' else 'cheque' end)
             else (case when v.u < 0.4 then 'stripe' when v.u < 0.65 then 'ecommpay' when v.u < 0.85 then 'bacs'
                        when v.u < 0.95 then 'cheque' else 'cash' end) end method
      from sp x
      cross join lateral (values (1, x.pay1, x.pay1_at, x.r20), (2, x.pay2, x.pay2_at, x.r21)) v(k, amount, at, u)
      where v.amount > 0
    ) z
    order by z.i, z.k`);

  await db.execute(sql`
    insert into booking_history (holiday_booking_id, type, action, comment, created_at)
    select x.i, 'booking', 'Booking created',
      case when x.party = 'old' then 'Imported from the old system (booking ' || (50000 + x.i) || ')' end, x.created_at
    from sp x order by x.i`);
  await db.execute(sql`drop table sp`);
}

/**
 * Nightly availability for every room of the new groups: availability is the rooms booked that
 * night (non-cancelled lines after `lineBase`) plus 5–30 still free; a few nights stop sale.
 */
async function insertAvailability(db: Db, o: { lineBase: number; groupBase: number }): Promise<void> {
  const h = (k: number) => rnd(7, k, "(k.rid::bigint * 100000 + (k.d - date '2000-01-01'))");
  await db.execute(sql`
    insert into room_availability (accommodation_room_id, availability_date, availability, remaining_availability,
      confirmed_locked_availability, locked_availability, stop_sell)
    with nights as (
      select distinct tr.accommodation_room_id rid, (g.start_date + d)::date d
      from tour_groups g
      join tours t on t.id = g.tour_id
      join tour_accommodations ta on ta.tour_id = t.id
      join tour_rooms tr on tr.tour_accommodation_id = ta.id
      cross join lateral generate_series(0, greatest(t.duration - 2, 0)) d
      where g.id > ${lit(o.groupBase)}
    ), lines as (
      select tb.tour_room_id, tb.check_in_date, tb.check_out_date, sum(tb.rooms) r,
        coalesce(sum(tb.rooms) filter (where b.rooms_confirmed), 0) c
      from tour_bookings tb join bookings b on b.id = tb.holiday_booking_id
      where tb.id > ${lit(o.lineBase)} and b.status <> 'Cancelled'
      group by 1, 2, 3
    ), booked as (
      select tr.accommodation_room_id rid, (l.check_in_date + d)::date d, sum(l.r)::int r, sum(l.c)::int c
      from lines l join tour_rooms tr on tr.id = l.tour_room_id
      cross join lateral generate_series(0, l.check_out_date - l.check_in_date - 1) d
      group by 1, 2
    ), k as (
      select rid, d from nights union select rid, d from booked
    )
    select k.rid, k.d, coalesce(b.r, 0) + 5 + floor(${h(1)} * 26)::int, 5 + floor(${h(1)} * 26)::int,
      coalesce(b.c, 0), coalesce(b.r - b.c, 0), ${h(2)} < 0.005
    from k left join booked b on b.rid = k.rid and b.d = k.d
    order by k.rid, k.d`);
}
