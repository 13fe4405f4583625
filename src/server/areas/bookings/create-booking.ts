import { sql } from 'drizzle-orm';
import { type BookingCreate, MESSAGES } from '../../../shared/api/booking-edit';
import { poundsText } from '../../../shared/money-text';
import { scheduleSettings } from '../../../shared/payment-schedule';
import { type Db, preparedRows } from '../../db/client';
import { validationError } from '../../http/errors';
import { londonZoneSql } from '../../lib/dates';
import {
  claimedInstances,
  type InstanceHead,
  lockInstancesSql,
  placesFitSql,
  placesTakenSql,
  refuseUnlessPlaces,
} from '../availability';
import { allowedDomains } from './booking-service';
import { historyInsertSql, inTransaction, newBookingFigures } from './ledger';
import { assertRoomsMatchGuests, byRoomStock, placeTourLine, priceTourLine } from './tour-lines';

/** A passenger named when the booking is made (the first is the lead). */
export interface NewBookingPassenger {
  title?: string | null;
  first_name: string;
  last_name: string;
  dob?: string | null;
  gender?: string | null;
}

/**
 * Who makes a booking when it is not a member of staff: an agency on the agent's side (issue #25).
 * The booking is written with created_by null, created_from 'agent' and `agentName`
 * (created_by_agent_name), accepted by the agent as it made it (changes_accepted 1 'agent'; staff
 * still review it: changes_reviewed 0); `passengers` (the first the lead) are stored and allocated to every tour
 * line, and `specialRequest` kept, all in the booking's own transaction.
 */
export interface AgentOrigin {
  agentName: string;
  passengers: readonly NewBookingPassenger[];
  specialRequest: string | null;
}

/**
 * POST bookings (spec 1 §7): a booking for a customer or an agent (and optionally an affiliate)
 * with at least one tour line; every line priced by the price rule, its rooms taken for the stay.
 * 422: 'Tour not selected', 'Please select customer or an agent for this booking', the guests/rooms
 * mismatch, unknown parties, rooms not offered, release days passed, stop sell; 409 when a
 * departure has fewer places left than the guests or a room is no longer available (nothing
 * saved). Answers the new booking's id. `origin`: the agency making it on the agent's side
 * (`userId` then null; see AgentOrigin); staff's bookings have none.
 */
export async function createBooking(
  db: Db,
  input: BookingCreate,
  userId: number | null,
  origin?: AgentOrigin,
): Promise<{ id: number }> {
  if (input.tour_bookings.length === 0)
    throw validationError({ tour_bookings: [MESSAGES.tourNotSelected] }, MESSAGES.tourNotSelected);
  if (!input.customer_id && !input.agent_id)
    throw validationError({ customer_id: [MESSAGES.partyRequired] }, MESSAGES.partyRequired);
  if (input.airline_reference_email) {
    const domain = input.airline_reference_email.split('@')[1];
    if (!(await allowedDomains(db)).includes(domain))
      throw validationError({ airline_reference_email: ['The address must be at the allowed domain.'] });
  }
  // Pricing takes no locks: every line is priced first, outside the transaction, in parallel.
  const priced = await Promise.all(
    input.tour_bookings.map((line, n) =>
      priceTourLine(db, line.tour_id, line.tour_instance_id, line.tour_room_id, `tour_bookings.${n}`),
    ),
  );
  for (const [n, line] of input.tour_bookings.entries())
    assertRoomsMatchGuests(line.guests, line.rooms, priced[n].occupancy, `tour_bookings.${n}`);
  // Lock order (docs/bookings.md): the departures' places first, in ascending id, then the rooms.
  const guests = new Map<number, number>();
  for (const line of input.tour_bookings)
    guests.set(line.tour_instance_id, (guests.get(line.tour_instance_id) ?? 0) + line.guests);
  const claimed = claimedInstances(guests);
  return inTransaction(db, async (tx) => {
    // The party checks and what the booking row takes, with the departures locked (claimPlaces'
    // first step) in the same statement.
    const [ctx] = await preparedRows<{
      customer_ok: boolean;
      affiliate_ok: boolean;
      agent_ok: boolean;
      commission: string | null;
      vat: string | null;
      bonding_type_id: number | null;
      booking_date: string;
      balance_days: string | null;
      deposit_days: string | null;
      heads: InstanceHead[];
    }>(
      tx,
      sql`select exists (select 1 from customers where id = ${input.customer_id ?? null}) as customer_ok,
                 exists (select 1 from affiliates where id = ${input.affiliate_id ?? null}) as affiliate_ok,
                 exists (select 1 from agents where id = ${input.agent_id ?? null}) as agent_ok,
                 (select commission::text from agents where id = ${input.agent_id ?? null}) as commission,
                 (select value from system_settings where name = 'default_vat_percent') as vat,
                 (select bonding_type_id from tours where id = ${input.tour_bookings[0].tour_id}) as bonding_type_id,
                 to_char(now() at time zone ${londonZoneSql}, 'YYYY-MM-DD') as booking_date,
                 (select value from system_settings where name = 'balance_due_days_before_departure') as balance_days,
                 (select value from system_settings where name = 'deposit_due_days_after_booking') as deposit_days,
                 ${claimed.length ? sql`(select coalesce(json_agg(h), '[]'::json) from (${lockInstancesSql(claimed)}) h)` : sql`'[]'::json`} as heads`,
    );
    const errors: Record<string, string[]> = {};
    if (input.customer_id && !ctx.customer_ok) errors.customer_id = ['Choose a customer from the list.'];
    if (input.agent_id && !ctx.agent_ok) errors.agent_id = ['Choose an agent from the list.'];
    if (input.affiliate_id && !ctx.affiliate_ok) errors.affiliate_id = ['Choose an affiliate from the list.'];
    if (Object.keys(errors).length) throw validationError(errors);
    // claimPlaces' check, in the booking's own INSERT below (a new statement after the lock: it
    // sees every claim committed before): the row is written only when the guests fit.
    const limited = ctx.heads.filter((h) => h.places !== null);
    // The row is written once, with what recomputeBooking would store (ledger.ts newBookingFigures).
    const vat = ctx.vat ?? '20';
    const commission = input.agent_id ? ctx.commission : null;
    const f = newBookingFigures({
      lines: input.tour_bookings.map((line, n) => ({
        price: priced[n].price,
        sale_price: priced[n].sale_price,
        base_price: priced[n].base_price,
        guests: line.guests,
        departure_date: priced[n].departure_date,
      })),
      agentCommissionPercent: commission,
      vatPercent: vat,
      bookingDate: ctx.booking_date,
      settings: scheduleSettings({
        balance_due_days_before_departure: ctx.balance_days,
        deposit_due_days_after_booking: ctx.deposit_days,
      }),
    });
    const { totals } = f;
    // Rooms are taken in one order (docs/bookings.md): two bookings never wait on each other in a cycle.
    const lines = input.tour_bookings
      .map((line, n) => ({ line, n, priced: priced[n] }))
      .sort((x, y) => byRoomStock(x.priced, y.priced));
    const labels = lines.map(
      ({ line, priced: p }) =>
        `${p.label} × ${line.rooms} for ${line.guests} guest${line.guests === 1 ? '' : 's'}`,
    );
    // details_missing: no passengers yet, so missing when a line has guests — what the lines'
    // trigger (migration 0030) finds; written here so that trigger has nothing to update.
    // The booking and its history entry in one statement (the entry needs only the id), written
    // only when the places fit (else the 409 names the departure); a line refused below rolls both back.
    const [b] = await preparedRows<{ id: number | null; taken: { id: number; taken: number }[] }>(
      tx,
      sql`with ${limited.length ? sql`taken as (${placesTakenSql(limited)}),` : sql``}
          n as (select nextval(pg_get_serial_sequence('bookings', 'id')) as id
                ${limited.length ? sql`where ${placesFitSql(limited, guests, sql`taken`)}` : sql``}),
          b as (
            insert into bookings (id, booking_ref, customer_id, agent_id, affiliate_id, created_by, created_from,
              created_by_agent_name, special_request, agent_comission_percent, booking_vat_percent, bonding_type,
              airline_reference_email, allowed_domain, status, total_due, paid, balance, non_commissionable_extras, departure_date, rooms_confirmed,
              balance_due, deposit_due, changes_accepted, changes_accepted_at, changes_accepted_from,
              changes_reviewed, version, details_missing)
            select n.id, 'HB' || (100000 + n.id), ${input.customer_id ?? null}, ${input.agent_id ?? null},
              ${input.affiliate_id ?? null}, ${origin ? null : userId}, ${origin ? 'agent' : 'admin'},
              ${origin?.agentName ?? null}, ${origin?.specialRequest || null}, ${commission},
              ${vat}, ${ctx.bonding_type_id}, ${input.airline_reference_email ?? null},
              ${input.airline_reference_email ? input.airline_reference_email.split('@')[1] : null}, ${f.status},
              ${totals.total_due}, ${totals.paid}, ${totals.balance}, ${totals.non_commissionable_extras},
              ${f.departure_date}, ${f.roomsConfirmed}, ${f.balance_due}, ${f.deposit_due},
              ${origin ? 1 : 0}, ${origin ? sql`now()` : null}, ${origin ? 'agent' : null}, 0, 2,
              ${lines.some(({ line }) => line.guests > 0)}
            from n
            returning id),
          h as (${historyInsertSql(
            {
              bookingId: sql`b.id`,
              userId: origin ? null : userId,
              ...(origin ? { actor: 'agent' as const } : {}),
              type: 'Booking',
              action: 'Booking created',
              comment: `${origin ? `By agent ${origin.agentName}: ` : ''}${labels.join('; ')}. Total due ${poundsText(totals.total_due)}.`,
            },
            sql`b`,
          )})
          select (select id from b) as id,
                 ${limited.length ? sql`(select coalesce(json_agg(t), '[]'::json) from taken t)` : sql`'[]'::json`} as taken`,
    );
    if (b.id === null) {
      refuseUnlessPlaces(limited, b.taken, guests);
      throw new Error('createBooking: the booking was not written, yet its places fit');
    }
    const bookingId = b.id;
    const lineIds: number[] = [];
    for (const { line, n, priced: p } of lines)
      lineIds.push(await placeTourLine(tx, bookingId, line, p, `tour_bookings.${n}`, f.roomsConfirmed));
    if (origin?.passengers.length) await addNamedPassengers(tx, bookingId, lineIds, origin.passengers);
    return { id: bookingId };
  });
}

/**
 * Stores `passengers` on new booking `bookingId` in order (ids ascending: the first is the lead)
 * and allocates each to every tour line of `lineIds` — one statement.
 */
async function addNamedPassengers(
  tx: Db,
  bookingId: number,
  lineIds: readonly number[],
  passengers: readonly NewBookingPassenger[],
) {
  const rows = passengers.map(
    (p, n) =>
      sql`(${n}::int, ${p.title ?? null}, ${p.first_name}, ${p.last_name}, ${p.dob ?? null}::date, ${p.gender ?? null})`,
  );
  await tx.execute(
    sql`with v(n, title, first_name, last_name, dob, gender) as (values ${sql.join(rows, sql`, `)}),
        p as (insert into passengers (holiday_booking_id, title, first_name, last_name, dob, gender)
              select ${bookingId}, title, first_name, last_name, dob, gender from v order by n
              returning id)
        insert into tour_booking_passengers (tour_booking_id, passenger_id)
        select l.id, p.id from p cross join unnest(${`{${lineIds.join(',')}}`}::int[]) as l(id)`,
  );
}
