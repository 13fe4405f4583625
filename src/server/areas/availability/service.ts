import Decimal from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type availabilityInput,
  type cloneInput,
  DELETE_REFUSED,
  DISCOUNT_END_MESSAGE,
  DISCOUNT_START_MESSAGE,
  type discountInput,
  type multipleDiscountInput,
  type priceUpdateInput,
} from '../../../shared/api/availability';
import { ukDate } from '../../../shared/dates';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { assertRoom } from './queries';

type AvailabilityValues = z.output<typeof availabilityInput>;

/**
 * Rooms bookings hold on a night: the larger of (availability − remaining) and (Confirmed +
 * Unconfirmed). Bookings take rooms by lowering remaining_availability and count them as confirmed or
 * unconfirmed (locked); where only one of the two is kept (the demo data keeps remaining only), the
 * larger still counts every booked room, so a change never hands booked rooms back.
 */
const HELD = sql`greatest(availability - remaining_availability, confirmed_locked_availability + locked_availability, 0)`;

const ids = (list: number[]) =>
  sql.join(
    list.map((i) => sql`${i}`),
    sql`, `,
  );

/** How many rows a statement returned (its RETURNING list). */
const count = async (db: Db, q: SQL) => (await queryRows<{ id: number }>(db, q)).length;

/**
 * POST accommodation/room/availability/{id} (spec 3 §4, §5 Availability update): applies one change
 * type to every night from start_date to end_date (both included) and, when a price is sent, saves
 * that price for each of those nights — all in ONE transaction, under row locks (the room row, then
 * the nights' rows `for update`), so concurrent changes and bookings queue instead of interleaving.
 *
 * With n the number sent and held the rooms bookings hold on a night (see HELD):
 * - updateExisting: every night gets availability = n and remaining = n − held; nights without a row
 *   are created (availability = remaining = n). Refused (422, nothing changed) if n < held on any night.
 * - incrementAvailability: availability += n on every existing night (n may be negative) and
 *   remaining = availability − held; refused if any night would end below its held rooms. When n > 0,
 *   nights without a row are created with n; when n ≤ 0 they are left alone (nothing to take away).
 * - skipExistingAndCreate: only nights without a row are created, with availability = remaining = n.
 * - stopSale / resumeSale: stop_sell is set / cleared on the existing nights of the range.
 * - delete: refused with the spec's message (spec 3 §5).
 *
 * Answers how many nights changed (rows created or whose values changed) and how many prices were
 * saved. A price row is upserted per night (unique room + date): currency (null = GBP), exchange
 * rate (default: the currency's current rate, 1 for GBP), price_by, price.
 */
export async function applyAvailabilityChange(
  db: Db,
  roomId: number,
  v: AvailabilityValues,
): Promise<{ nights_changed: number; prices_saved: number }> {
  if (v.type === 'delete') throw validationError({ type: [DELETE_REFUSED] }, DELETE_REFUSED);
  return inTransaction(db, async (tx) => {
    await assertRoom(tx, roomId, true);
    const inRange = sql`accommodation_room_id = ${roomId} and availability_date between ${v.start_date}::date and ${v.end_date}::date`;
    const nights = sql`(select gs::date as d from generate_series(${v.start_date}::date, ${v.end_date}::date, interval '1 day') gs) as n`;
    const missingNights = (n: number) =>
      count(
        tx,
        sql`insert into room_availability (accommodation_room_id, availability_date, availability, remaining_availability)
            select ${roomId}, n.d, ${n}, ${n} from ${nights}
            where not exists (select 1 from room_availability ra where ra.accommodation_room_id = ${roomId} and ra.availability_date = n.d)
            returning id`,
      );
    // Lock the range's existing nights before reading them.
    await queryRows(
      tx,
      sql`select id from room_availability where ${inRange} order by availability_date for update`,
    );

    let changed = 0;
    const n = v.availability ?? 0;
    if (v.type === 'updateExisting' || v.type === 'incrementAvailability') {
      const newAvailability = v.type === 'updateExisting' ? sql`${n}::int` : sql`(availability + ${n}::int)`;
      const short = await queryRows<{ availability_date: string; held: number; would_be: number }>(
        tx,
        sql`select availability_date, ${HELD} as held, ${newAvailability} as would_be from room_availability
            where ${inRange} and ${newAvailability} < ${HELD} order by availability_date`,
      );
      if (short.length > 0) {
        const first = short[0];
        const message = `Availability cannot go below the rooms already booked: ${short.length === 1 ? 'one night is' : `${short.length} nights are`} short (first ${ukDate(first.availability_date)}: ${first.held} booked, ${first.would_be} would be available). Nothing was changed.`;
        throw validationError({ availability: [message] }, message);
      }
      if (n !== 0 || v.type === 'updateExisting') {
        changed += await count(
          tx,
          sql`update room_availability
              set availability = ${newAvailability}, remaining_availability = ${newAvailability} - ${HELD}, updated_at = now()
              where ${inRange} and (availability <> ${newAvailability} or remaining_availability <> ${newAvailability} - ${HELD})
              returning id`,
        );
      }
      if (v.type === 'updateExisting' || n > 0) changed += await missingNights(n);
    } else if (v.type === 'skipExistingAndCreate') {
      changed += await missingNights(n);
    } else if (v.type === 'stopSale' || v.type === 'resumeSale') {
      const stop = v.type === 'stopSale';
      changed += await count(
        tx,
        sql`update room_availability set stop_sell = ${stop}, updated_at = now()
            where ${inRange} and stop_sell <> ${stop} returning id`,
      );
    }

    let pricesSaved = 0;
    if (v.price !== undefined) {
      const currencyId = v.selected_currency ?? null;
      let rate = v.exchange_rate;
      checkSterlingRate(currencyId, rate);
      if (currencyId !== null) {
        const [currency] = await queryRows<{ exchange_rate: string }>(
          tx,
          sql`select exchange_rate::text from currencies where id = ${currencyId}`,
        );
        if (!currency) throw validationError({ selected_currency: ['Choose a currency from the list.'] });
        rate = rate ?? currency.exchange_rate;
      }
      pricesSaved = await count(
        tx,
        sql`insert into accommodation_prices (accommodation_room_id, room_availability_date, currency_id, exchange_rate, price_type, price)
            select ${roomId}, n.d, ${currencyId}::int, ${rate ?? '1'}::numeric, ${v.price_by ?? 'per_person'}, ${v.price}::numeric
            from ${nights}
            on conflict (accommodation_room_id, room_availability_date) do update
              set currency_id = excluded.currency_id, exchange_rate = excluded.exchange_rate,
                  price_type = excluded.price_type, price = excluded.price, updated_at = now()
            returning id`,
      );
    }
    return { nights_changed: changed, prices_saved: pricesSaved };
  });
}

/** The answer's message for an availability change. */
export function availabilityMessage(
  type: string | undefined,
  r: { nights_changed: number; prices_saved: number },
) {
  const parts: string[] = [];
  const nights = (k: number) => `${k} night${k === 1 ? '' : 's'}`;
  if (type) parts.push(`Availability updated: ${nights(r.nights_changed)} changed.`);
  if (r.prices_saved > 0 || !type) parts.push(`Prices saved for ${nights(r.prices_saved)}.`);
  return parts.join(' ');
}

/** Sterling (no currency id) is the base currency: a rate other than 1 is refused. */
function checkSterlingRate(currencyId: number | null, rate: string | undefined) {
  if (currencyId === null && rate !== undefined && !new Decimal(rate).eq(1)) {
    throw validationError({ exchange_rate: ['Sterling (GBP) is the base currency: its rate is always 1.'] });
  }
}

/** POST accommodation/room/update-availability/{id}/prices: saves one price row of room {id}. */
export async function updatePrice(
  db: Db,
  roomId: number,
  v: z.output<typeof priceUpdateInput>,
): Promise<void> {
  const currencyId = v.selected_currency ?? null;
  checkSterlingRate(currencyId, v.exchange_rate);
  if (currencyId !== null) {
    const [c] = await queryRows<{ id: number }>(db, sql`select id from currencies where id = ${currencyId}`);
    if (!c) throw validationError({ selected_currency: ['Choose a currency from the list.'] });
  }
  const n = await count(
    db,
    sql`update accommodation_prices
        set currency_id = ${currencyId}, exchange_rate = ${v.exchange_rate}::numeric, price_type = ${v.price_by},
            price = ${v.price}::numeric, updated_at = now()
        where id = ${v.price_id} and accommodation_room_id = ${roomId} returning id`,
  );
  if (n === 0) throw notFound('Price not found.');
}

/** POST accommodation/room/delete-availability/{id}/prices: deletes one price of room {id} and its discounts. */
export async function deletePrice(db: Db, roomId: number, priceId: number): Promise<void> {
  const n = await count(
    db,
    sql`delete from accommodation_prices where id = ${priceId} and accommodation_room_id = ${roomId} returning id`,
  );
  if (n === 0) throw notFound('Price not found.');
}

type DiscountFields = Pick<
  z.output<typeof discountInput>,
  'booking_start_date' | 'booking_end_date' | 'percent_discount' | 'discount_price'
>;

/** The spec's overlap refusal: both dates carry their message (spec 3 §5 Price discount form). */
const overlapError = (message: string) =>
  validationError(
    { booking_start_date: [DISCOUNT_START_MESSAGE], booking_end_date: [DISCOUNT_END_MESSAGE] },
    message,
  );

/** Prices (of `priceIds`) that already have a discount whose booking window overlaps [start, end]. */
function overlapping(db: Db, priceIds: number[], v: DiscountFields, exceptId = 0) {
  return queryRows<{ room_availability_date: string }>(
    db,
    sql`select distinct p.room_availability_date from accommodation_price_discounts d
        join accommodation_prices p on p.id = d.accommodation_price_id
        where d.accommodation_price_id in (${ids(priceIds)}) and d.id <> ${exceptId}
          and d.booking_start_date <= ${v.booking_end_date}::date and ${v.booking_start_date}::date <= d.booking_end_date
        order by p.room_availability_date`,
  );
}

/**
 * POST accommodation/room/price-discount/{priceId}/handle: adds (flag add) or edits (flag edit, id)
 * a discount of one price. The price row is locked first, so two overlapping discounts saved at the
 * same moment cannot both pass the overlap check. Answers the discount's id.
 */
export async function saveDiscount(
  db: Db,
  priceId: number,
  v: z.output<typeof discountInput>,
): Promise<number> {
  return inTransaction(db, async (tx) => {
    const [price] = await queryRows<{ id: number }>(
      tx,
      sql`select id from accommodation_prices where id = ${priceId} for update`,
    );
    if (!price) throw notFound('Price not found.');
    if (v.flag === 'edit') {
      const [own] = await queryRows<{ id: number }>(
        tx,
        sql`select id from accommodation_price_discounts where id = ${v.id ?? 0} and accommodation_price_id = ${priceId}`,
      );
      if (!own) throw notFound('Discount not found.');
    }
    if ((await overlapping(tx, [priceId], v, v.flag === 'edit' ? v.id : 0)).length > 0) {
      throw overlapError('These booking dates overlap another discount of this price.');
    }
    if (v.flag === 'edit') {
      await tx.execute(
        sql`update accommodation_price_discounts
            set booking_start_date = ${v.booking_start_date}, booking_end_date = ${v.booking_end_date},
                percent_discount = ${v.percent_discount}, discount_price = ${v.discount_price}::numeric, updated_at = now()
            where id = ${v.id ?? 0}`,
      );
      return v.id as number;
    }
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into accommodation_price_discounts (accommodation_price_id, booking_start_date, booking_end_date, percent_discount, discount_price)
          values (${priceId}, ${v.booking_start_date}, ${v.booking_end_date}, ${v.percent_discount}, ${v.discount_price}::numeric)
          returning id`,
    );
    return row.id;
  });
}

/**
 * POST accommodation/room/handle-multiple-prices-discount: the same new discount on every selected
 * price, all or nothing — refused (422, nothing saved) if any price already has an overlapping
 * discount, 404 if a price does not exist.
 */
export async function saveMultipleDiscounts(
  db: Db,
  v: z.output<typeof multipleDiscountInput>,
): Promise<number> {
  return inTransaction(db, async (tx) => {
    const found = await queryRows<{ id: number }>(
      tx,
      sql`select id from accommodation_prices where id in (${ids(v.multiple_price_ids)}) order by id for update`,
    );
    if (found.length !== v.multiple_price_ids.length)
      throw notFound('One of the selected prices no longer exists.');
    const clashes = await overlapping(tx, v.multiple_price_ids, v);
    if (clashes.length > 0) {
      const dates = clashes.slice(0, 5).map((c) => ukDate(c.room_availability_date));
      throw overlapError(
        `These booking dates overlap a discount of the price for ${dates.join(', ')}${clashes.length > 5 ? ' and others' : ''}. Nothing was saved.`,
      );
    }
    return count(
      tx,
      sql`insert into accommodation_price_discounts (accommodation_price_id, booking_start_date, booking_end_date, percent_discount, discount_price)
          select p, ${v.booking_start_date}::date, ${v.booking_end_date}::date, ${v.percent_discount}, ${v.discount_price}::numeric
          from unnest(array[${ids(v.multiple_price_ids)}]::int[]) as p returning id`,
    );
  });
}

/** POST accommodation/room/price-discount/{priceId}/delete-discount/{discountId}. */
export async function deleteDiscount(db: Db, priceId: number, discountId: number): Promise<void> {
  const n = await count(
    db,
    sql`delete from accommodation_price_discounts where id = ${discountId} and accommodation_price_id = ${priceId} returning id`,
  );
  if (n === 0) throw notFound('Discount not found.');
}

/**
 * POST accommodation/room/handle-prices-clonnig ('Clone Price'): copies the selected prices of one
 * room to the SAME nights of the room `accomodation_room_id` (any room of any accommodation, chosen
 * in the clone modal), with their discounts, in one transaction. Where the target room already has a
 * price for that night it is overwritten and its discounts replaced by the copies. Answers the room
 * label and the number of prices copied.
 */
export async function clonePrices(
  db: Db,
  v: z.output<typeof cloneInput>,
): Promise<{ copied: number; room: string }> {
  return inTransaction(db, async (tx) => {
    const target = v.accomodation_room_id;
    const [room] = await queryRows<{ label: string }>(
      tx,
      sql`select ar.name || ' (' || a.accommodation_name || ')' as label from accommodation_rooms ar
          join accommodations a on a.id = ar.accommodation_id where ar.id = ${target} for update of ar`,
    );
    if (!room) throw validationError({ accomodation_room_id: ['That room does not exist.'] });
    const sources = await queryRows<{ id: number; accommodation_room_id: number }>(
      tx,
      sql`select id, accommodation_room_id from accommodation_prices where id in (${ids(v.selected_price_ids)}) order by id for update`,
    );
    if (sources.length !== v.selected_price_ids.length)
      throw notFound('One of the selected prices no longer exists.');
    const rooms = new Set(sources.map((s) => s.accommodation_room_id));
    if (rooms.size > 1)
      throw validationError({ selected_price_ids: ['The selected prices must belong to one room.'] });
    if (rooms.has(target)) {
      throw validationError({
        accomodation_room_id: ['Choose another room: the prices already belong to this one.'],
      });
    }
    const copied = await queryRows<{ id: number }>(
      tx,
      sql`insert into accommodation_prices (accommodation_room_id, room_availability_date, currency_id, exchange_rate, price_type, price)
          select ${target}, room_availability_date, currency_id, exchange_rate, price_type, price
          from accommodation_prices where id in (${ids(v.selected_price_ids)})
          on conflict (accommodation_room_id, room_availability_date) do update
            set currency_id = excluded.currency_id, exchange_rate = excluded.exchange_rate,
                price_type = excluded.price_type, price = excluded.price, updated_at = now()
          returning id`,
    );
    await tx.execute(
      sql`delete from accommodation_price_discounts where accommodation_price_id in (${ids(copied.map((c) => c.id))})`,
    );
    await tx.execute(
      sql`insert into accommodation_price_discounts (accommodation_price_id, booking_start_date, booking_end_date, percent_discount, discount_price)
          select t.id, d.booking_start_date, d.booking_end_date, d.percent_discount, d.discount_price
          from accommodation_price_discounts d
          join accommodation_prices s on s.id = d.accommodation_price_id
          join accommodation_prices t on t.accommodation_room_id = ${target} and t.room_availability_date = s.room_availability_date
          where s.id in (${ids(v.selected_price_ids)})
          order by t.id, d.booking_start_date`,
    );
    return { copied: copied.length, room: room.label };
  });
}
