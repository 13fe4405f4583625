import type { Faker } from '@faker-js/faker';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { paymentMethodLabel } from '../../../shared/api/booking-edit';
import { bookingTotals } from '../../../shared/booking-totals';
import { poundsText } from '../../../shared/money-text';
import { scheduleDueDates } from '../../../shared/payment-schedule';
import { createStaffUser, hashPassword } from '../../users/service';
import { type Db, queryRows } from '../client';
import * as s from '../schema';
import { seedAccommodationPrices } from './accommodation-prices';
import { linkOldAgents } from './agents';
import { seedBrochureRequests } from './brochure-requests';
import { countRows, IdSeq, insertRows, resetSequences } from './bulk';
import {
  buildCatalogue,
  CATALOGUE_SEQUENCE_TABLES,
  type Catalogue,
  catalogueIds,
  insertCatalogue,
  loadReferenceIds,
  type SaleInstance,
  type SaleRoom,
} from './catalogue';
import { seedCustomerMessages } from './customer-messages';
import { seedCustomerDemo } from './customers';
import { DEMO_AGENCY, DEMO_USERS } from './demo-users';
import { seedTourDiscounts } from './discounts-extras';
import {
  chance,
  dayOf,
  intStep,
  isoDate,
  money,
  type PersonName,
  personalEmail,
  personName,
  pick,
  seededFaker,
  ukAddress,
} from './gen';
import { seedMoneyDemo } from './money';
import { buildAffiliates, buildAgents, buildCustomer } from './parties';
import { seedReference } from './reference';
import { seedReferenceLists } from './reference-lists';
import { seedStaffAndMoney } from './staff-money';
import { seedTemplatesAndBrochures } from './templates-brochures';
import { FEMALE_FIRST_NAMES, INSURERS, MALE_FIRST_NAMES, SURNAMES, TOUR_TEMPLATES } from './uk-data';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** Sizes of the demo operator. */
export const DEMO_SIZES = {
  bookings: 8400,
  oldShare: 0.04,
  customers: 3200,
  agents: 150,
  affiliates: 15,
  oldCustomers: 300,
  oldAgents: 40,
  oldAffiliates: 8,
} as const;

const SEED = 2026;
/** The demo operator's bank details for transfers (system settings the customer's side reads). */
const DEMO_BANK_DETAILS = {
  bank_account_name: 'Northern Star Holidays Ltd Client Account',
  bank_sort_code: '20-32-06',
  bank_account_number: '43817725',
};
const BALANCE_DAYS = 84;
const DEPOSIT_DAYS = 7;

/** The due dates a booking made on `createdDay` for `departure` (day numbers) was given that day. */
const demoDueDates = (createdDay: number, departure: number) =>
  scheduleDueDates({
    booking_date: isoDate(createdDay),
    departure_date: isoDate(departure),
    today: isoDate(createdDay),
    settings: {
      balance_due_days_before_departure: BALANCE_DAYS,
      deposit_due_days_after_booking: DEPOSIT_DAYS,
    },
  });
const AIRLINE_EMAIL_DOMAIN = 'bookings-mail.co.uk';

const SPECIAL_REQUESTS = [
  'Ground floor room please',
  'Celebrating our ruby wedding anniversary',
  'Vegetarian meals for both passengers',
  'Coeliac – gluten-free diet',
  'Twin beds please',
  'Quiet room away from the lift',
  'Wheelchair user – step-free access needed',
  'Please seat us near the front of the coach',
  'Travelling with friends on booking made separately – seats together please',
  'Late arrival on the first evening',
];

type Party = 'customer' | 'agent' | 'affiliate';

interface LinePlan {
  inst: SaleInstance;
  room: SaleRoom;
  guests: number;
  rooms: number;
  row: Omit<Row<typeof s.tour_bookings>, 'id' | 'holiday_booking_id'>;
  airlineCost: Omit<Row<typeof s.tour_booking_airline_costs>, 'id' | 'tour_booking_id'> | null;
}

interface BookingPlan {
  /** Minutes since the epoch (UTC) of the booking; ids follow this order. */
  at: number;
  row: Omit<Row<typeof s.bookings>, 'id'>;
  lines: LinePlan[];
  passengers: Omit<Row<typeof s.passengers>, 'id' | 'holiday_booking_id'>[];
  payments: Omit<Row<typeof s.payments>, 'id' | 'holiday_booking_id'>[];
  extras: Omit<Row<typeof s.booking_extras>, 'id' | 'holiday_booking_id'>[];
  discounts: Omit<Row<typeof s.booking_discounts>, 'id' | 'holiday_booking_id'>[];
  history: Omit<Row<typeof s.booking_history>, 'id' | 'holiday_booking_id'>[];
  old: boolean;
}

const minutesToIso = (m: number) => new Date(m * 60_000).toISOString();
const dayStartMinutes = (day: number) => day * 1440;

/** A booking-office time of day (08:00–20:59) in minutes. */
const officeMinutes = (f: Faker) => f.number.int({ min: 8 * 60, max: 20 * 60 + 59 });

function weightedIndex(f: Faker, cumulative: number[]): number {
  const r = f.number.float({ min: 0, max: 1 }) * cumulative[cumulative.length - 1];
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] < r) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const airlineRef = (f: Faker) => f.string.alphanumeric({ length: 6, casing: 'upper' });

function transactionId(f: Faker, method: string): string | null {
  switch (method) {
    case 'stripe':
      return `ch_${f.string.alphanumeric({ length: 24 })}`;
    case 'bacs':
      return `BACS-${f.string.numeric(8)}`;
    case 'cheque':
      return `CHQ ${f.string.numeric(6)}`;
    case 'travelink':
      return `TL${f.string.numeric(7)}`;
    default:
      return null;
  }
}

/**
 * Loads the demo operator (DESIGN.md §5) into a database that has no bookings: reference data,
 * the DEMO_USERS, a catalogue of 53 tours of all four types with groups and instances from 12
 * months ago to 18 months ahead, hotels, rooms, nightly availability, flights, coach pick-ups,
 * 3,200 customers, 150 agents, 15 affiliates, old-system records and 8,400 bookings (4% imported
 * from the old system) with tour lines, passengers, payments, extras, discounts and history, and a
 * few messages from the customers' side (issue #23). Money is exact (decimal.js, pounds as
 * strings). Randomness comes from a faker seeded with 2026 and dates are relative to `today`
 * (default: the current date), so one day always gives the same data. Logs progress through `log`.
 */
export async function seedDemo(
  db: Db,
  opts: { log?: (msg: string) => void; today?: Date } = {},
): Promise<void> {
  const log = opts.log ?? (() => {});
  const t0 = Date.now();
  await seedReference(db);
  if ((await countRows(db, 'bookings')) > 0) {
    log('demo seed skipped: bookings already present');
    return;
  }
  const f = seededFaker(SEED);
  const today = dayOf(opts.today ?? new Date());
  // Everything generated happened before today began.
  const nowMinutes = dayStartMinutes(today);

  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // Staff.
    const userIds: number[] = [];
    for (const u of DEMO_USERS) {
      const created = await createStaffUser(tx, u);
      const [existing] = created
        ? [{ id: created }]
        : await queryRows<{ id: number }>(tx, sql`select id from users where email = ${u.email}`);
      userIds.push(Number(existing.id));
    }
    const [adminId, accountsId] = userIds;

    // The operator's client account, shown on the customer's side to pay by bank transfer (issue #23).
    for (const [name, value] of Object.entries(DEMO_BANK_DETAILS))
      await tx.execute(
        sql`insert into system_settings (name, value) values (${name}, ${value}) on conflict (name) do nothing`,
      );

    // Catalogue.
    const ref = await loadReferenceIds(tx);
    const cat = buildCatalogue(f, ref, await catalogueIds(tx), {
      today,
      fromDay: today - 365,
      toDay: today + 548,
      tourCount: TOUR_TEMPLATES.length,
    });
    log(
      `catalogue: ${cat.tours.length} tours, ${cat.groups.length} groups, ${cat.instances.length} instances, ${cat.flights.length} flights`,
    );

    // Nightly availability of every room for the nights its groups cover.
    const avail = new Map<number, { availability: number; booked: number }>();
    const key = (roomId: number, day: number) => roomId * 1_000_000 + day;
    for (const g of cat.groupStays) {
      for (const roomId of g.accommodationRoomIds) {
        const availability = f.number.int({ min: 5, max: 30 });
        for (let d = g.start; d <= g.start + g.duration - 2; d++) {
          if (!avail.has(key(roomId, d))) avail.set(key(roomId, d), { availability, booked: 0 });
        }
      }
    }

    // Parties.
    const affiliateIds = await IdSeq.after(tx, 'affiliates');
    const affiliates = buildAffiliates(f, DEMO_SIZES.affiliates, affiliateIds.next(), today);
    const agentFirst = (await IdSeq.after(tx, 'agents')).next();
    const agents = buildAgents(f, DEMO_SIZES.agents, agentFirst, today);
    const customerSeq = await IdSeq.after(tx, 'customers');
    const customers: Row<typeof s.customers>[] = [];
    for (let i = 0; i < DEMO_SIZES.customers; i++) {
      const c = buildCustomer(f, customerSeq.next());
      if (chance(f, 0.08)) c.affiliate_id = pick(f, affiliates).id as number;
      c.opt_out_email = chance(f, 0.1);
      c.opt_out_mailing = chance(f, 0.1);
      c.is_blacklisted = chance(f, 0.01);
      customers.push(c);
    }
    const oldBase = Math.max(20000, (await IdSeq.after(tx, 'old_customers')).next());
    const oldCustomers: Row<typeof s.old_customers>[] = [];
    for (let i = 0; i < DEMO_SIZES.oldCustomers; i++) {
      const p = personName(f);
      oldCustomers.push({
        id: oldBase + i,
        title: p.title,
        first_name: p.first_name,
        last_name: p.last_name,
        email: chance(f, 0.7) ? personalEmail(f, p.first_name, p.last_name) : null,
        postcode: ukAddress(f).postcode,
      });
    }
    const oldAgentBase = Math.max(3000, (await IdSeq.after(tx, 'old_agents')).next());
    const oldAgents: Row<typeof s.old_agents>[] = buildAgents(f, DEMO_SIZES.oldAgents, 1, today).map(
      (a, i) => ({
        id: oldAgentBase + i,
        name: a.name,
        abta: a.abta ?? null,
      }),
    );
    const oldAffBase = Math.max(400, (await IdSeq.after(tx, 'old_affiliates')).next());
    const oldAffiliates: Row<typeof s.old_affiliates>[] = buildAffiliates(
      f,
      DEMO_SIZES.oldAffiliates,
      1,
      today,
    )
      .reverse()
      .map((a, i) => ({ id: oldAffBase + i, name: a.name, code: a.code }));

    // Bookings.
    const plans = planBookings(f, cat, avail, key, {
      today,
      oldCandidates: cat.sales.filter(
        (x) => x.departure > today - 330 && x.departure < today + 60 && x.rooms.length > 0,
      ),
      roomLabels: new Map(
        cat.accommodationRooms.map((r) => [r.id as number, `${r.name} – ${r.board_basis}`]),
      ),
      nowMinutes,
      adminId,
      accountsId,
      customers,
      agents,
      affiliates,
      oldCustomers,
      oldAgents,
      oldAffiliates,
    });
    log(`generated ${plans.length} bookings`);

    // Customers were registered before their first booking.
    const firstBooking = new Map<number, number>();
    for (const p of plans) {
      const cid = p.row.customer_id;
      if (cid != null && (!firstBooking.has(cid) || (firstBooking.get(cid) as number) > p.at))
        firstBooking.set(cid, p.at);
    }
    for (const c of customers) {
      const first = firstBooking.get(c.id as number);
      let at = dayStartMinutes(today - f.number.int({ min: 1, max: 1100 })) + officeMinutes(f);
      if (first != null) {
        const day = Math.floor(first / 1440) - f.number.int({ min: 0, max: 90 });
        at = Math.min(dayStartMinutes(day) + officeMinutes(f), first - f.number.int({ min: 5, max: 90 }));
      }
      c.created_at = minutesToIso(at);
      c.updated_at = c.created_at;
    }

    // Rooms of confirmed or paid bookings count as Confirmed, the rest of the booked ones as
    // Unconfirmed, so availability = remaining + Confirmed + Unconfirmed (room-stock.ts).
    const confirmedRooms = new Map<number, number>();
    for (const p of plans) {
      p.row.rooms_confirmed =
        p.row.cancelled_at == null && (p.row.status === 'Confirmed' || p.row.status === 'Paid');
      if (!p.row.rooms_confirmed) continue;
      for (const l of p.lines)
        for (
          let d = l.inst.departure + l.room.checkInDay - 1;
          d <= l.inst.departure + l.room.checkOutDay - 2;
          d++
        ) {
          const k = key(l.room.accommodationRoomId, d);
          if (avail.has(k)) confirmedRooms.set(k, (confirmedRooms.get(k) ?? 0) + l.rooms);
        }
    }
    const availabilityRows: Row<typeof s.room_availability>[] = [];
    for (const [k, v] of avail) {
      const roomId = Math.floor(k / 1_000_000);
      const day = k % 1_000_000;
      const confirmed = confirmedRooms.get(k) ?? 0;
      availabilityRows.push({
        accommodation_room_id: roomId,
        availability_date: isoDate(day),
        availability: v.availability,
        remaining_availability: v.availability - v.booked,
        confirmed_locked_availability: confirmed,
        locked_availability: v.booked - confirmed,
        stop_sell: chance(f, 0.005),
      });
    }
    availabilityRows.sort(
      (a, b) =>
        a.accommodation_room_id - b.accommodation_room_id ||
        a.availability_date.localeCompare(b.availability_date),
    );

    await insertCatalogueAndAvailability(tx, cat, availabilityRows);
    log(
      `catalogue inserted (${availabilityRows.length} room-nights) at ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    await insertRows(tx, s.affiliates, affiliates);
    await insertRows(tx, s.customers, customers);
    await insertRows(tx, s.agents, agents);
    await insertRows(tx, s.old_customers, oldCustomers);
    await insertRows(tx, s.old_agents, oldAgents);
    await insertRows(tx, s.old_affiliates, oldAffiliates);
    await insertBookings(tx, plans);
    await seedTemplatesAndBrochures(tx);
    await linkOldAgents(tx);
    await seedStaffAndMoney(tx, today);
    await seedAccommodationPrices(tx, today);
    await seedReferenceLists(tx);
    await seedCustomerDemo(tx);
    await seedBrochureRequests(tx);
    await resetSequences(tx, [
      ...CATALOGUE_SEQUENCE_TABLES,
      'room_availability',
      'affiliates',
      'customers',
      'agents',
      'bookings',
      'tour_bookings',
      'tour_booking_airline_costs',
      'passengers',
      'booking_extras',
      'booking_discounts',
      'payments',
      'booking_history',
    ]);
    await seedTourDiscounts(tx, today);
    await seedMoneyDemo(tx, today);
    await seedCustomerMessages(tx, today);
    // The agency that signs in to the travel agent's side: the one with most bookings to come.
    await tx.execute(
      sql`update agents set email = ${DEMO_AGENCY.email}, password_hash = ${await hashPassword(DEMO_AGENCY.password)},
                 is_password_generated = true
          where id = (select agent_id from bookings where agent_id is not null and departure_date >= ${isoDate(today)}::date
                      group by agent_id order by count(*) desc, agent_id limit 1)`,
    );
  });
  // Planner statistics for the new rows: the embedded PGlite has no autovacuum, and without them
  // a join estimated at one row becomes a scan per row (the rooming report: 30 s instead of 0.2 s).
  await db.execute(sql`analyze`);
  log(`demo operator loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

async function insertCatalogueAndAvailability(
  db: Db,
  cat: Catalogue,
  availability: Row<typeof s.room_availability>[],
) {
  await insertCatalogue(db, cat);
  await insertRows(db, s.room_availability, availability, 2000);
}

interface PlanContext {
  today: number;
  /** Departures old-system bookings were made for, and room labels ('Twin Room – Half Board'). */
  oldCandidates: SaleInstance[];
  roomLabels: Map<number, string>;
  nowMinutes: number;
  adminId: number;
  accountsId: number;
  customers: Row<typeof s.customers>[];
  agents: Row<typeof s.agents>[];
  affiliates: Row<typeof s.affiliates>[];
  oldCustomers: Row<typeof s.old_customers>[];
  oldAgents: Row<typeof s.old_agents>[];
  oldAffiliates: Row<typeof s.old_affiliates>[];
}

function planBookings(
  f: Faker,
  cat: Catalogue,
  avail: Map<number, { availability: number; booked: number }>,
  key: (roomId: number, day: number) => number,
  ctx: PlanContext,
): BookingPlan[] {
  const { today } = ctx;
  const sales = [...cat.sales].sort((a, b) => a.departure - b.departure || a.id - b.id);
  const popularity = new Map<number, number>();
  for (const t of cat.tours) popularity.set(t.id as number, f.number.float({ min: 0.4, max: 1.6 }));
  const suppressed = new Set(
    cat.tours.filter((t) => t.is_suppressed || t.enabled === 0).map((t) => t.id as number),
  );
  const weightOf = (x: SaleInstance) => {
    let w = popularity.get(x.tourId) ?? 1;
    if (suppressed.has(x.tourId) && x.departure > today) w *= 0.2;
    if (x.stopSell) w *= 0.3;
    return w;
  };
  /** A departure from about `target` onwards (the next fortnight), weighted by tour popularity. */
  const departureNear = (target: number): SaleInstance | null => {
    const lo = lowerBound(sales, target);
    if (lo >= sales.length) return null;
    const hi = Math.max(lo + 1, lowerBound(sales, target + 14));
    const cumulative: number[] = [];
    let acc = 0;
    for (let i = lo; i < hi; i++) {
      acc += weightOf(sales[i]);
      cumulative.push(acc);
    }
    return sales[lo + weightedIndex(f, cumulative)];
  };
  /** A booking day in the last 15 months, January a little busier (the "peak" booking season). */
  const bookingDay = (): number => {
    for (;;) {
      const day = today - f.number.int({ min: 1, max: 455 });
      if (new Date(day * 86_400_000).getUTCMonth() === 0 || chance(f, 0.77)) return day;
    }
  };
  const paxByInstance = new Map<number, number>();

  const fits = (inst: SaleInstance, room: SaleRoom, guests: number, rooms: number) => {
    if ((paxByInstance.get(inst.id) ?? 0) + guests > inst.places) return false;
    for (let d = inst.departure + room.checkInDay - 1; d <= inst.departure + room.checkOutDay - 2; d++) {
      const a = avail.get(key(room.accommodationRoomId, d));
      if (!a || a.booked + rooms > a.availability) return false;
    }
    return true;
  };
  const take = (inst: SaleInstance, room: SaleRoom, guests: number, rooms: number) => {
    paxByInstance.set(inst.id, (paxByInstance.get(inst.id) ?? 0) + guests);
    for (let d = inst.departure + room.checkInDay - 1; d <= inst.departure + room.checkOutDay - 2; d++) {
      const a = avail.get(key(room.accommodationRoomId, d));
      if (a) a.booked += rooms;
    }
  };
  const chooseRoom = (inst: SaleInstance, guests: number): SaleRoom | null => {
    if (inst.rooms.length === 0) return null;
    const exact = inst.rooms.filter((r) => r.occupancy === guests);
    const larger = inst.rooms.filter((r) => r.occupancy > guests);
    if (guests === 1) {
      const singles = inst.rooms.filter((r) => r.occupancy === 1);
      if (singles.length && chance(f, 0.75)) return pick(f, singles);
    }
    if (exact.length && chance(f, 0.85)) return pick(f, exact);
    if (larger.length && chance(f, 0.5)) return pick(f, larger);
    return pick(f, inst.rooms);
  };
  const guestsCount = () => {
    const r = f.number.float({ min: 0, max: 1 });
    return r < 0.2 ? 1 : r < 0.8 ? 2 : r < 0.9 ? 3 : 4;
  };

  // Customer choice: first bookings walk through the customer list; a share are repeat customers.
  let nextNewCustomer = 0;
  const usedCustomers: Row<typeof s.customers>[] = [];
  const affiliated = ctx.customers.filter((c) => c.affiliate_id != null);
  const activeAffiliates = new Set(ctx.affiliates.filter((a) => a.is_active).map((a) => a.id as number));
  const customerFor = (): Row<typeof s.customers> => {
    if (nextNewCustomer < ctx.customers.length && (usedCustomers.length === 0 || chance(f, 0.62))) {
      const c = ctx.customers[nextNewCustomer++];
      usedCustomers.push(c);
      return c;
    }
    return pick(f, usedCustomers);
  };

  const plans: BookingPlan[] = [];
  const oldCount = Math.round(DEMO_SIZES.bookings * DEMO_SIZES.oldShare);
  for (let i = 0; i < oldCount; i++) plans.push(planOldBooking(f, i, cat, ctx));

  const target = DEMO_SIZES.bookings - oldCount;
  let attempts = 0;
  while (plans.length < DEMO_SIZES.bookings && attempts < target * 3) {
    attempts++;
    const cancelled = chance(f, 0.05);
    const guests = guestsCount();
    // The booking day first, then a departure some weeks or months later (mostly within the year).
    const createdDay = bookingDay();
    const lines: { inst: SaleInstance; room: SaleRoom; guests: number; rooms: number }[] = [];
    for (let tries = 0; tries < 8 && lines.length === 0; tries++) {
      let target = createdDay + 3 + Math.floor(f.number.float({ min: 0, max: 1 }) ** 1.4 * 380);
      if (target < sales[0].departure) target = sales[0].departure + f.number.int({ min: 0, max: 60 });
      const inst = departureNear(target);
      if (!inst) continue;
      const room = chooseRoom(inst, guests);
      if (!room) continue;
      const rooms = Math.ceil(guests / room.occupancy);
      if (!cancelled && !fits(inst, room, guests, rooms)) continue;
      lines.push({ inst, room, guests, rooms });
    }
    if (lines.length === 0) continue;
    if (chance(f, 0.12)) {
      // A second tour departing soon after the first (twin-centre or add-on break).
      const first = lines[0].inst;
      const lo = lowerBound(sales, first.departure + first.duration - 1);
      const hi = lowerBound(sales, first.departure + first.duration + 21);
      for (let tries = 0; tries < 6 && hi > lo && lines.length === 1; tries++) {
        const inst = sales[f.number.int({ min: lo, max: hi - 1 })];
        if (inst.tourId === first.tourId) continue;
        const room = chooseRoom(inst, guests);
        if (!room) continue;
        const rooms = Math.ceil(guests / room.occupancy);
        if (!cancelled && !fits(inst, room, guests, rooms)) continue;
        lines.push({ inst, room, guests, rooms });
      }
    }
    if (!cancelled) for (const l of lines) take(l.inst, l.room, l.guests, l.rooms);

    const departure = Math.min(...lines.map((l) => l.inst.departure));
    const at = dayStartMinutes(createdDay) + officeMinutes(f);

    const r = f.number.float({ min: 0, max: 1 });
    let party: Party = r < 0.7 ? 'customer' : r < 0.95 ? 'agent' : 'affiliate';
    let customer: Row<typeof s.customers> | null = null;
    let agent: Row<typeof s.agents> | null = null;
    let affiliateId: number | null = null;
    if (party === 'affiliate') {
      const c = pick(f, affiliated);
      if (c && activeAffiliates.has(c.affiliate_id as number)) {
        customer = c;
        affiliateId = c.affiliate_id as number;
      } else party = 'customer';
    }
    if (party === 'customer') customer = customerFor();
    if (party === 'agent') {
      agent = ctx.agents[Math.floor(f.number.float({ min: 0, max: 1 }) ** 2 * ctx.agents.length)];
      if (chance(f, 0.35)) customer = customerFor();
    }
    plans.push(
      planCurrentBooking(f, { lines, departure, at, cancelled, customer, agent, affiliateId }, cat, ctx),
    );
  }
  return plans;
}

function lowerBound(sales: SaleInstance[], day: number): number {
  let lo = 0;
  let hi = sales.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sales[mid].departure < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function passengerRows(
  f: Faker,
  count: number,
  lead: PersonName,
  today: number,
  opts: { passport: boolean; childrenAllowed: boolean },
): BookingPlan['passengers'] {
  const out: BookingPlan['passengers'] = [];
  const leadAge = Math.min(
    88,
    Math.max(
      21,
      Math.round(f.number.float({ min: 0, max: 1 }) * 40 + f.number.float({ min: 0, max: 1 }) * 25 + 28),
    ),
  );
  const insured = chance(f, 0.45);
  const insurer = pick(f, INSURERS);
  const family = opts.childrenAllowed && count >= 3 && chance(f, 0.5);
  for (let i = 0; i < count; i++) {
    let p: PersonName;
    let age: number;
    if (i === 0) {
      p = lead;
      age = leadAge;
    } else if (i === 1 && chance(f, 0.7)) {
      const g = lead.gender === 'Male' ? 'Female' : 'Male';
      p = personName(f, g, lead.last_name);
      if (g === 'Female' && p.title === 'Miss') p.title = 'Mrs';
      age = Math.max(19, leadAge + f.number.int({ min: -6, max: 6 }));
    } else if (family && i >= 2) {
      const g = chance(f, 0.5) ? 'Female' : 'Male';
      p = {
        title: g === 'Female' ? 'Miss' : 'Master',
        first_name: pick(f, g === 'Female' ? FEMALE_FIRST_NAMES.slice(60) : MALE_FIRST_NAMES.slice(40, 70)),
        last_name: lead.last_name,
        gender: g,
      };
      age = f.number.int({ min: 5, max: 16 });
    } else {
      p = personName(f, undefined, chance(f, 0.2) ? lead.last_name : pick(f, SURNAMES));
      age = Math.max(19, leadAge + f.number.int({ min: -12, max: 12 }));
    }
    const dob = today - age * 365 - f.number.int({ min: 0, max: 364 });
    const issue = today - f.number.int({ min: 60, max: 3400 });
    out.push({
      title: chance(f, 0.005) && age > 40 ? 'Prof' : p.title,
      first_name: p.first_name,
      last_name: p.last_name,
      dob: isoDate(dob),
      gender: p.gender,
      passport_no: opts.passport ? f.string.numeric({ length: 9, allowLeadingZeros: false }) : null,
      passport_issue: opts.passport ? isoDate(issue) : null,
      passport_expiry: opts.passport ? isoDate(issue + 3652) : null,
      passport_nationality: opts.passport ? 'British' : null,
      policy_number: insured ? `TI${f.string.numeric(8)}` : null,
      insurance_company: insured ? insurer[0] : null,
      insurance_telephone_number: insured ? insurer[1] : null,
    });
  }
  return out;
}

interface CurrentInput {
  lines: { inst: SaleInstance; room: SaleRoom; guests: number; rooms: number }[];
  departure: number;
  at: number;
  cancelled: boolean;
  customer: Row<typeof s.customers> | null;
  agent: Row<typeof s.agents> | null;
  affiliateId: number | null;
}

function planCurrentBooking(f: Faker, input: CurrentInput, cat: Catalogue, ctx: PlanContext): BookingPlan {
  const { today, nowMinutes } = ctx;
  const { at, departure, customer, agent } = input;
  const createdDay = Math.floor(at / 1440);
  const createdIso = minutesToIso(at);
  /** Minutes `m`, or a moment between the booking and now when `m` is not yet past. */
  const past = (m: number) =>
    m < nowMinutes ? m : Math.max(at + 1, nowMinutes - f.number.int({ min: 1, max: 600 }));
  const laterIso = (minDays: number, maxDays: number) =>
    minutesToIso(Math.max(at + 1, past(at + f.number.int({ min: minDays * 1440, max: maxDays * 1440 }))));

  // Tour lines: the per-guest price is the instance's room price when set, else base + supplement.
  const lines: LinePlan[] = input.lines.map(({ inst, room, guests, rooms }) => {
    const row = room.price && new Decimal(room.price.price).gt(0) ? room.price : null;
    const price = row ? new Decimal(row.price) : new Decimal(inst.basePrice).plus(room.supplement);
    const sale = row
      ? new Decimal(row.sale).gt(0)
        ? new Decimal(row.sale)
        : null
      : inst.baseSale
        ? new Decimal(inst.baseSale).plus(room.supplement)
        : null;
    const cost = row
      ? new Decimal(row.cost)
      : new Decimal(inst.baseCost).plus(new Decimal(room.supplement).mul(0.5));
    const flies = inst.tourType === 'air' || inst.tourType === 'world-wide';
    const ref = flies && chance(f, 0.8) ? airlineRef(f) : null;
    const refAt = ref ? laterIso(1, 30) : null;
    const flightCost =
      ref && inst.flightCost && chance(f, 0.6) ? new Decimal(inst.flightCost).mul(guests) : null;
    return {
      inst,
      room,
      guests,
      rooms,
      row: {
        tour_id: inst.tourId,
        tour_instance_id: inst.id,
        tour_room_id: room.tourRoomId,
        rooms,
        guests,
        price: money(price),
        sale_price: sale ? money(sale) : null,
        base_price: inst.basePrice,
        supplement_price: room.supplement,
        adjusted_price: null,
        cost: money(cost),
        airline_ref: ref,
        airline_ref_added_at: refAt,
        airline_flight_cost: flightCost ? money(flightCost) : null,
        special_requests: chance(f, 0.06) ? pick(f, SPECIAL_REQUESTS) : null,
        check_in_date: isoDate(inst.departure + room.checkInDay - 1),
        check_out_date: isoDate(inst.departure + room.checkOutDay - 1),
        created_at: createdIso,
        updated_at: createdIso,
      },
      airlineCost:
        flightCost && refAt
          ? {
              airline_ref: ref,
              flight_cost: money(flightCost),
              booked_date: refAt.slice(0, 10),
              airline_invoice_name: null,
              airline_invoice_path: null,
              created_at: refAt,
              updated_at: refAt,
            }
          : null,
    };
  });

  // Passengers: the lead is the customer when there is one.
  const paxCount = Math.max(...lines.map((l) => l.guests));
  const lead: PersonName = customer
    ? {
        title: customer.title ?? 'Mr',
        first_name: customer.first_name,
        last_name: customer.last_name,
        gender: ['Mrs', 'Miss', 'Ms'].includes(customer.title ?? '')
          ? 'Female'
          : customer.title === 'Dr'
            ? FEMALE_FIRST_NAMES.includes(customer.first_name)
              ? 'Female'
              : 'Male'
            : 'Male',
      }
    : personName(f);
  const passengers = passengerRows(f, paxCount, lead, today, {
    passport: lines.some((l) => l.inst.passportRequired),
    childrenAllowed: lines.every((l) => l.inst.minimumAge == null),
  }).map((p) => ({ ...p, created_at: createdIso, updated_at: createdIso }));

  // Money (spec 1 §9): tours at sale price when present, plus extras, less discounts.
  const toursTotal = lines.reduce(
    (sum, l) => sum.plus(new Decimal(l.row.sale_price ?? l.row.price ?? 0).mul(l.guests)),
    new Decimal(0),
  );
  const baseTotal = lines.reduce(
    (sum, l) => sum.plus(new Decimal(l.row.sale_price ?? l.row.base_price ?? l.row.price ?? 0).mul(l.guests)),
    new Decimal(0),
  );
  const extras: BookingPlan['extras'] = [];
  let extrasTotal = new Decimal(0);
  let nonCommissionable = new Decimal(0);
  if (chance(f, 0.12)) {
    const offered = cat.extrasByType.get(lines[0].inst.tourType) ?? [];
    for (const e of f.helpers.arrayElements(offered, { min: 1, max: Math.min(2, offered.length) })) {
      const qty = e.perPerson ? paxCount : 1;
      const amount = new Decimal(e.price).mul(qty);
      extrasTotal = extrasTotal.plus(amount);
      if (!e.commissionable) nonCommissionable = nonCommissionable.plus(amount);
      extras.push({
        extra_id: e.id,
        name: e.name,
        price: e.price,
        commissionable: e.commissionable,
        for_per_person: e.perPerson,
        qty,
        extra_note: chance(f, 0.1) ? 'Requested by phone' : null,
        created_at: createdIso,
        updated_at: createdIso,
      });
    }
  }
  const discounts: BookingPlan['discounts'] = [];
  let discountTotal = new Decimal(0);
  if (chance(f, 0.06)) {
    const d = pick(f, cat.discountRows);
    const qty = d.perPerson ? paxCount : 1;
    let amount: Decimal;
    let manual: string | null = null;
    if (d.manual) {
      amount = new Decimal(intStep(f, 25, 150, 5));
      manual = money(amount);
    } else if (d.percent) {
      amount = (d.onBase ? baseTotal : toursTotal)
        .mul(d.value)
        .div(100)
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    } else {
      amount = new Decimal(d.value).mul(qty);
    }
    discountTotal = amount;
    discounts.push({
      discount_id: d.id,
      qty: d.manual ? 1 : qty,
      manual_discount_price: manual,
      discount_content: {
        id: d.id,
        code: d.code,
        description: d.description,
        value: d.value,
        penalty_type: d.percent ? 1 : 0,
        per_person: d.perPerson,
        on_base_price: d.onBase,
        is_manual: d.manual,
        amount: money(amount),
      },
      created_at: createdIso,
      updated_at: createdIso,
    });
  }
  const totalDue = Decimal.max(0, toursTotal.plus(extrasTotal).minus(discountTotal));
  const depositDue = Decimal.min(
    totalDue,
    lines.reduce((sum, l) => sum.plus(new Decimal(l.inst.deposit).mul(l.guests)), new Decimal(0)),
  );

  // Payments.
  const methods = agent
    ? ['bacs', 'bacs', 'bacs', 'travelink', 'travelink', 'cheque', 'stripe']
    : ['stripe', 'stripe', 'stripe', 'ecommpay', 'ecommpay', 'bacs', 'bacs', 'cheque', 'cash'];
  const payments: BookingPlan['payments'] = [];
  const pay = (amount: Decimal, atMin: number, method = pick(f, methods)) => {
    if (amount.isZero()) return;
    const when = minutesToIso(past(Math.max(at + 5, atMin)));
    payments.push({
      transaction_id: transactionId(f, method),
      payment_method: method as (typeof s.PAYMENT_METHODS)[number],
      payment_amount: money(amount),
      created_by: chance(f, 0.6) ? ctx.accountsId : ctx.adminId,
      created_at: when,
      updated_at: when,
    });
  };
  const balanceDueDay = departure - BALANCE_DAYS;
  let cancelledAtMin: number | null = null;
  let charge = new Decimal(0);
  const depositAt = at + f.number.int({ min: 5, max: 3 * 1440 });
  if (input.cancelled) {
    const lastDay = Math.min(today - 1, departure - 1);
    cancelledAtMin = past(
      dayStartMinutes(createdDay + f.number.int({ min: 1, max: Math.max(1, lastDay - createdDay) })) +
        officeMinutes(f),
    );
    if (chance(f, 0.85)) pay(depositDue, Math.min(depositAt, cancelledAtMin - 1));
    const paidSoFar = payments.reduce((sum, p) => sum.plus(p.payment_amount), new Decimal(0));
    const daysBefore = departure - Math.floor(cancelledAtMin / 1440);
    charge =
      daysBefore > BALANCE_DAYS
        ? chance(f, 0.2)
          ? new Decimal(0)
          : depositDue
        : totalDue.mul(chance(f, 0.5) ? 0.5 : 1).toDecimalPlaces(2);
    if (paidSoFar.gt(charge) && chance(f, 0.7))
      pay(charge.minus(paidSoFar), cancelledAtMin + 3 * 1440, 'ecommpay-refund');
  } else {
    const brandNew = at > nowMinutes - 4 * 1440;
    if ((brandNew && chance(f, 0.5)) || chance(f, 0.025)) {
      // Nothing paid yet.
    } else if (createdDay >= balanceDueDay) {
      pay(totalDue, depositAt);
    } else {
      pay(depositDue, depositAt);
      const rest = totalDue.minus(depositDue);
      if (balanceDueDay <= today) {
        if (chance(f, 0.97))
          pay(rest, dayStartMinutes(balanceDueDay - f.number.int({ min: 0, max: 28 })) + officeMinutes(f));
      } else if (chance(f, 0.08)) {
        pay(rest, depositAt + f.number.int({ min: 1440, max: Math.max(1440, nowMinutes - depositAt) }));
      }
    }
    if (payments.length && chance(f, 0.01)) {
      // A card payment taken twice and refunded.
      const dup = new Decimal(payments[0].payment_amount);
      pay(dup, depositAt + 30, 'ecommpay');
      pay(dup.neg(), depositAt + 2 * 1440, 'ecommpay-refund');
    }
  }
  payments.sort((a, b) => (a.created_at as string).localeCompare(b.created_at as string));
  const paid = payments.reduce((sum, p) => sum.plus(p.payment_amount), new Decimal(0));
  const status = input.cancelled
    ? 'Cancelled'
    : paid.gte(totalDue) && totalDue.gt(0)
      ? 'Paid'
      : paid.gte(depositDue) && paid.gt(0)
        ? 'Confirmed'
        : 'Pending';

  const accepted = !chance(f, 0.08);
  const acceptedAt = accepted ? laterIso(0, 3) : null;
  const flies = lines.some((l) => l.inst.tourType === 'air' || l.inst.tourType === 'world-wide');
  const customEmail = flies && customer && chance(f, 0.04);
  const slugName = (x: string) => x.toLowerCase().replace(/[^a-z]/g, '');
  const lastChange = payments.length ? (payments[payments.length - 1].created_at as string) : createdIso;
  const cancelledIso = cancelledAtMin != null ? minutesToIso(cancelledAtMin) : null;

  const history: BookingPlan['history'] = [
    {
      user_id: ctx.adminId,
      type: 'booking',
      action: 'Booking created',
      comment: agent ? `Booked through ${agent.name}` : null,
      is_multiple: false,
      document_name: null,
      created_at: createdIso,
    },
    ...payments.map((p) => ({
      user_id: p.created_by ?? null,
      type: 'payment',
      action: Number(p.payment_amount) < 0 ? 'Refund recorded' : 'Payment recorded',
      comment: `${poundsText(new Decimal(p.payment_amount).abs())} by ${paymentMethodLabel(p.payment_method)}`,
      is_multiple: false,
      document_name: null,
      created_at: p.created_at as string,
    })),
  ];
  if (cancelledIso) {
    history.push({
      user_id: ctx.adminId,
      type: 'booking',
      action: 'Booking cancelled',
      comment: `Cancellation charge ${poundsText(money(charge))}`,
      is_multiple: false,
      document_name: null,
      created_at: cancelledIso,
    });
  }

  return {
    at,
    old: false,
    lines,
    passengers,
    payments,
    extras,
    discounts,
    history,
    row: {
      booking_ref: null,
      customer_id: customer?.id ?? null,
      agent_id: agent?.id ?? null,
      affiliate_id: input.affiliateId,
      old_customer_id: null,
      old_agent_id: null,
      old_affiliate_id: null,
      old_booking_id: null,
      agent_confirmed: agent != null && status !== 'Pending' && status !== 'Cancelled' && chance(f, 0.8),
      status,
      cancelled_at: cancelledIso,
      cancellation_charge: input.cancelled ? money(charge) : null,
      created_by: ctx.adminId,
      created_from: 'admin',
      created_by_agent_name:
        agent && chance(f, 0.5) ? `${pick(f, FEMALE_FIRST_NAMES)} ${pick(f, SURNAMES)}` : null,
      bonding_type: lines[0].inst.bondingTypeId,
      special_request: chance(f, 0.08) ? pick(f, SPECIAL_REQUESTS) : null,
      // Every stored figure by the one rule (spec 1 §9), as the server recomputes it on each change.
      ...(() => {
        const t = bookingTotals({
          tour_lines: lines.map((l) => ({
            price: l.row.price,
            sale_price: l.row.sale_price,
            base_price: l.row.base_price,
            guests: l.guests,
          })),
          extras: extras.map((e) => ({ price: e.price, qty: e.qty ?? 1, commissionable: e.commissionable })),
          discounts: discounts.map((d) => {
            const c = d.discount_content as { value: string; penalty_type: number; on_base_price: boolean };
            return {
              value: c.value,
              penalty_type: c.penalty_type,
              on_base_price: c.on_base_price,
              qty: d.qty ?? 1,
              manual_discount_price: d.manual_discount_price,
            };
          }),
          paid: money(paid),
          agent_commission_percent: agent ? (agent.commission ?? null) : null,
          vat_percent: '20.00',
          cancelled: input.cancelled,
          cancellation_charge: input.cancelled ? money(charge) : null,
        });
        return { total_due: t.total_due, paid: t.paid, balance: t.balance };
      })(),
      // The one schedule rule (src/shared/payment-schedule.ts), as on the day it was booked.
      ...demoDueDates(createdDay, departure),
      agent_comission_percent: agent ? (agent.commission ?? null) : null,
      booking_vat_percent: '20.00',
      non_commissionable_extras: money(nonCommissionable),
      airline_reference_email:
        customEmail && customer
          ? `${slugName(customer.first_name)}.${slugName(customer.last_name)}@${AIRLINE_EMAIL_DOMAIN}`
          : null,
      allowed_domain: customEmail ? AIRLINE_EMAIL_DOMAIN : null,
      departure_date: isoDate(departure),
      changes_accepted: accepted ? 1 : 0,
      changes_accepted_at: acceptedAt,
      changes_accepted_from: accepted ? pick(f, ['admin', 'admin', 'email', 'manage_booking']) : null,
      changes_reviewed: accepted ? 1 : 0,
      changes_reviewed_at: acceptedAt,
      old_tour_booking: null,
      old_lead_passenger: null,
      version: 1,
      created_at: createdIso,
      updated_at: cancelledIso ?? lastChange,
    },
  };
}

function planOldBooking(f: Faker, n: number, cat: Catalogue, ctx: PlanContext): BookingPlan {
  const { today, nowMinutes } = ctx;
  // Imported bookings: made in the old system before go-live, mostly for departures now past.
  const inst = pick(f, ctx.oldCandidates);
  const room = pick(f, inst.rooms);
  const departure = inst.departure;
  const createdDay = Math.min(
    today - 300,
    Math.max(today - 540, departure - f.number.int({ min: 30, max: 300 })),
  );
  const at = dayStartMinutes(createdDay) + officeMinutes(f);
  const tour = cat.tours.find((t) => t.id === inst.tourId) ?? cat.tours[0];
  const guests = Math.min(
    room.occupancy * 2,
    f.helpers.weightedArrayElement([
      { weight: 2, value: 1 },
      { weight: 6, value: 2 },
      { weight: 1, value: 3 },
      { weight: 1, value: 4 },
    ]),
  );
  const perGuest = new Decimal(inst.basePrice).plus(room.supplement);
  const total = perGuest.mul(guests);
  const oc = chance(f, 0.9) ? pick(f, ctx.oldCustomers) : null;
  const oa = chance(f, 0.2) ? pick(f, ctx.oldAgents) : null;
  const oaf = !oa && chance(f, 0.06) ? pick(f, ctx.oldAffiliates) : null;
  const leadName = oc
    ? `${oc.title} ${oc.first_name} ${oc.last_name}`
    : (() => {
        const p = personName(f);
        return `${p.title} ${p.first_name} ${p.last_name}`;
      })();
  const createdIso = minutesToIso(at);
  const deposit = Decimal.min(total, new Decimal(200).mul(guests));
  const payments: BookingPlan['payments'] = [];
  const addPay = (amount: Decimal, m: number) => {
    const when = minutesToIso(Math.min(nowMinutes, m));
    payments.push({
      transaction_id: null,
      payment_method: pick(f, ['bacs', 'cheque', 'bacs']) as 'bacs' | 'cheque',
      payment_amount: money(amount),
      created_by: null,
      created_at: when,
      updated_at: when,
    });
  };
  addPay(deposit, at + 1440);
  const balanceDueDay = departure - BALANCE_DAYS;
  const fullyPaid = balanceDueDay <= today || chance(f, 0.1);
  if (fullyPaid && total.gt(deposit))
    addPay(total.minus(deposit), dayStartMinutes(Math.max(createdDay + 2, balanceDueDay - 7)) + 600);
  const paid = payments.reduce((sum, p) => sum.plus(p.payment_amount), new Decimal(0));
  return {
    at,
    old: true,
    lines: [],
    passengers: [],
    payments,
    extras: [],
    discounts: [],
    history: [
      {
        user_id: null,
        type: 'booking',
        action: 'Booking created',
        comment: `Imported from the old system (booking ${50001 + n})`,
        is_multiple: false,
        document_name: null,
        created_at: createdIso,
      },
    ],
    row: {
      booking_ref: null,
      customer_id: null,
      agent_id: null,
      affiliate_id: null,
      old_customer_id: oc?.id ?? null,
      old_agent_id: oa?.id ?? null,
      old_affiliate_id: oaf?.id ?? null,
      old_booking_id: 50001 + n,
      agent_confirmed: oa != null,
      status: paid.gte(total) ? 'Paid' : 'Confirmed',
      cancelled_at: null,
      cancellation_charge: null,
      created_by: null,
      created_from: 'import',
      created_by_agent_name: null,
      bonding_type: tour.bonding_type_id ?? null,
      special_request: null,
      total_due: money(total),
      paid: money(paid),
      balance: money(Decimal.max(0, total.minus(paid))),
      // The one schedule rule (src/shared/payment-schedule.ts), as on the day it was booked.
      ...demoDueDates(createdDay, departure),
      agent_comission_percent: oa ? '10.00' : null,
      booking_vat_percent: '20.00',
      non_commissionable_extras: '0.00',
      airline_reference_email: null,
      allowed_domain: null,
      departure_date: isoDate(departure),
      changes_accepted: 1,
      changes_accepted_at: createdIso,
      changes_accepted_from: 'admin',
      changes_reviewed: 1,
      changes_reviewed_at: createdIso,
      old_tour_booking: {
        tour_name: tour.name,
        room: ctx.roomLabels.get(room.accommodationRoomId) ?? 'Twin Room',
        departure_date: isoDate(departure),
        total_revenue: money(total),
        guests,
        price_per_guest: money(perGuest),
      },
      old_lead_passenger: leadName,
      version: 1,
      created_at: createdIso,
      updated_at: payments.length ? (payments[payments.length - 1].created_at as string) : createdIso,
    },
  };
}

/** Orders bookings by date (imports first), assigns ids and references, and inserts every row. */
async function insertBookings(db: Db, plans: BookingPlan[]): Promise<void> {
  plans.sort((a, b) => Number(b.old) - Number(a.old) || a.at - b.at);
  const bookingIds = await IdSeq.after(db, 'bookings');
  const lineIds = await IdSeq.after(db, 'tour_bookings');
  const paxIds = await IdSeq.after(db, 'passengers');
  const bookings: Row<typeof s.bookings>[] = [];
  const lines: Row<typeof s.tour_bookings>[] = [];
  const airlineCosts: Row<typeof s.tour_booking_airline_costs>[] = [];
  const passengers: Row<typeof s.passengers>[] = [];
  const links: Row<typeof s.tour_booking_passengers>[] = [];
  const payments: Row<typeof s.payments>[] = [];
  const extras: Row<typeof s.booking_extras>[] = [];
  const discounts: Row<typeof s.booking_discounts>[] = [];
  const history: Row<typeof s.booking_history>[] = [];
  for (const p of plans) {
    const id = bookingIds.next();
    bookings.push({ id, ...p.row, booking_ref: p.old ? null : `HB${100000 + id}` });
    const paxIdList = p.passengers.map((x) => {
      const pid = paxIds.next();
      passengers.push({ id: pid, holiday_booking_id: id, ...x });
      return pid;
    });
    for (const l of p.lines) {
      const lid = lineIds.next();
      lines.push({ id: lid, holiday_booking_id: id, ...l.row });
      if (l.airlineCost) airlineCosts.push({ tour_booking_id: lid, ...l.airlineCost });
      for (const pid of paxIdList.slice(0, l.guests)) links.push({ tour_booking_id: lid, passenger_id: pid });
    }
    for (const x of p.payments) payments.push({ holiday_booking_id: id, ...x });
    for (const x of p.extras) extras.push({ holiday_booking_id: id, ...x });
    for (const x of p.discounts) discounts.push({ holiday_booking_id: id, ...x });
    for (const x of p.history) history.push({ holiday_booking_id: id, ...x });
  }
  history.sort(
    (a, b) =>
      (a.created_at as string).localeCompare(b.created_at as string) ||
      a.holiday_booking_id - b.holiday_booking_id,
  );
  payments.sort(
    (a, b) =>
      (a.created_at as string).localeCompare(b.created_at as string) ||
      a.holiday_booking_id - b.holiday_booking_id,
  );
  await insertRows(db, s.bookings, bookings);
  await insertRows(db, s.tour_bookings, lines);
  await insertRows(db, s.tour_booking_airline_costs, airlineCosts);
  await insertRows(db, s.passengers, passengers);
  await insertRows(db, s.tour_booking_passengers, links, 2000);
  await insertRows(db, s.payments, payments);
  await insertRows(db, s.booking_extras, extras);
  await insertRows(db, s.booking_discounts, discounts);
  await insertRows(db, s.booking_history, history, 2000);
}
