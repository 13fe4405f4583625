import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import {
  CHANGE_TYPE_REQUIRED,
  DELETE_REFUSED,
  DISCOUNT_END_MESSAGE,
  DISCOUNT_START_MESSAGE,
  END_DATE_MESSAGE,
} from '../../src/shared/api/availability';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';

interface Night {
  availability_date: string;
  availability: number;
  remaining_availability: number;
  confirmed_locked_availability: number;
  locked_availability: number;
  stop_sell: boolean;
}

// Room availability, prices and discounts (spec 3 §4 change types, §5 Availability update and Price
// discount form, §7 'Accommodation'): each change over a range is one transaction and availability
// never goes below the rooms bookings hold.
describe.each(testDbKinds)('room availability and prices on %s', (kind) => {
  let t: TestContext;
  let accommodationId: number;
  beforeAll(async () => {
    t = await createTestContext(kind);
    const res = await call('POST', '/accommodation', t.adminToken, {
      accommodation_name: 'Hotel Lago Maggiore',
    });
    accommodationId = res.json().data.id;
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const newRoom = async (name = 'Double') =>
    (
      await call('POST', `/accommodation/rooms/${accommodationId}`, t.adminToken, {
        name,
        board_basis: 'Half Board',
        occupancy: 2,
      })
    ).json().data.id as number;
  const change = (roomId: number, body: object, token = t.adminToken) =>
    call('POST', `/accommodation/room/availability/${roomId}`, token, body);
  const nights = (roomId: number) =>
    queryRows<Night>(
      t.db,
      sql`select availability_date, availability, remaining_availability, confirmed_locked_availability,
                 locked_availability, stop_sell
          from room_availability where accommodation_room_id = ${roomId} order by availability_date`,
    );

  it('updateExisting sets every night of the range, creating missing ones, and counts the nights changed', async () => {
    const room = await newRoom();
    const first = await change(room, {
      start_date: '2027-06-01',
      end_date: '2027-06-03',
      type: 'updateExisting',
      availability: 5,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, data: { nights_changed: 3, prices_saved: 0 } });
    expect(first.json().message).toBe('Availability updated: 3 nights changed.');
    // Bookings hold rooms on 2 June (2 confirmed, 1 unconfirmed).
    await t.db.execute(
      sql`update room_availability set remaining_availability = 2, confirmed_locked_availability = 2, locked_availability = 1
          where accommodation_room_id = ${room} and availability_date = '2027-06-02'`,
    );
    const second = await change(room, {
      start_date: '2027-06-02',
      end_date: '2027-06-04',
      type: 'updateExisting',
      availability: '8',
    });
    expect(second.json().data.nights_changed).toBe(3);
    expect(await nights(room)).toMatchObject([
      { availability_date: '2027-06-01', availability: 5, remaining_availability: 5 },
      {
        availability_date: '2027-06-02',
        availability: 8,
        remaining_availability: 5,
        confirmed_locked_availability: 2,
        locked_availability: 1,
      },
      { availability_date: '2027-06-03', availability: 8, remaining_availability: 8 },
      { availability_date: '2027-06-04', availability: 8, remaining_availability: 8 },
    ]);
    // The same change again changes nothing.
    const again = await change(room, {
      start_date: '2027-06-02',
      end_date: '2027-06-04',
      type: 'updateExisting',
      availability: 8,
    });
    expect(again.json().data.nights_changed).toBe(0);
  });

  it('refuses a change that would go below the booked rooms on any night, changing nothing', async () => {
    const room = await newRoom('Twin');
    await change(room, {
      start_date: '2027-07-01',
      end_date: '2027-07-05',
      type: 'updateExisting',
      availability: 6,
    });
    // 4 rooms booked on 4 July (only remaining kept, as the demo data does).
    await t.db.execute(
      sql`update room_availability set remaining_availability = 2 where accommodation_room_id = ${room} and availability_date = '2027-07-04'`,
    );
    const before = await nights(room);
    const set = await change(room, {
      start_date: '2027-07-01',
      end_date: '2027-07-08',
      type: 'updateExisting',
      availability: 3,
    });
    expect(set.statusCode).toBe(422);
    expect(set.json().message).toBe(
      'Availability cannot go below the rooms already booked: one night is short (first 04/07/2027: 4 booked, 3 would be available). Nothing was changed.',
    );
    expect(set.json().errors.availability).toEqual([set.json().message]);
    expect(await nights(room)).toEqual(before);

    const dec = await change(room, {
      start_date: '2027-07-01',
      end_date: '2027-07-05',
      type: 'incrementAvailability',
      availability: -3,
    });
    expect(dec.statusCode).toBe(422);
    expect(await nights(room)).toEqual(before);

    // Down to exactly the booked count is fine: remaining 0 on 4 July.
    const ok = await change(room, {
      start_date: '2027-07-01',
      end_date: '2027-07-05',
      type: 'incrementAvailability',
      availability: -2,
    });
    expect(ok.json().data.nights_changed).toBe(5);
    expect((await nights(room)).map((n) => [n.availability, n.remaining_availability])).toEqual([
      [4, 4],
      [4, 4],
      [4, 4],
      [4, 0],
      [4, 4],
    ]);
  });

  it('counts Confirmed + Unconfirmed as booked even where remaining was not lowered', async () => {
    const room = await newRoom('Held');
    await change(room, {
      start_date: '2027-07-10',
      end_date: '2027-07-11',
      type: 'updateExisting',
      availability: 10,
    });
    await t.db.execute(
      sql`update room_availability set confirmed_locked_availability = 3, locked_availability = 2
          where accommodation_room_id = ${room} and availability_date = '2027-07-11'`,
    );
    const refused = await change(room, {
      start_date: '2027-07-10',
      end_date: '2027-07-11',
      type: 'updateExisting',
      availability: 4,
    });
    expect(refused.statusCode).toBe(422);
    const ok = await change(room, {
      start_date: '2027-07-10',
      end_date: '2027-07-11',
      type: 'updateExisting',
      availability: 5,
    });
    expect(ok.json().data.nights_changed).toBe(2);
    expect((await nights(room)).map((n) => [n.availability, n.remaining_availability])).toEqual([
      [5, 5],
      [5, 0],
    ]);
  });

  it('serialises concurrent changes of the same nights (each change is one locked transaction)', async () => {
    const room = await newRoom('Busy');
    await change(room, {
      start_date: '2027-11-01',
      end_date: '2027-11-05',
      type: 'updateExisting',
      availability: 10,
    });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        change(room, {
          start_date: '2027-11-01',
          end_date: '2027-11-05',
          type: 'incrementAvailability',
          availability: 1,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(results.map((r) => r.json().data.nights_changed)).toEqual([5, 5, 5, 5, 5, 5]);
    expect((await nights(room)).map((n) => [n.availability, n.remaining_availability])).toEqual(
      Array.from({ length: 5 }, () => [16, 16]),
    );
  });

  it('incrementAvailability adds n to existing nights and creates missing nights only when n > 0', async () => {
    const room = await newRoom('Single');
    await change(room, {
      start_date: '2027-08-01',
      end_date: '2027-08-02',
      type: 'updateExisting',
      availability: 3,
    });
    const up = await change(room, {
      start_date: '2027-08-01',
      end_date: '2027-08-03',
      type: 'incrementAvailability',
      availability: 2,
    });
    expect(up.json().data.nights_changed).toBe(3);
    expect((await nights(room)).map((n) => n.availability)).toEqual([5, 5, 2]);
    const down = await change(room, {
      start_date: '2027-08-01',
      end_date: '2027-08-05',
      type: 'incrementAvailability',
      availability: -1,
    });
    expect(down.json().data.nights_changed).toBe(3);
    expect(
      (await nights(room)).map((n) => [n.availability_date, n.availability, n.remaining_availability]),
    ).toEqual([
      ['2027-08-01', 4, 4],
      ['2027-08-02', 4, 4],
      ['2027-08-03', 1, 1],
    ]);
  });

  it('skipExistingAndCreate creates only the missing nights', async () => {
    const room = await newRoom('Family');
    await change(room, {
      start_date: '2027-09-02',
      end_date: '2027-09-02',
      type: 'updateExisting',
      availability: 9,
    });
    const res = await change(room, {
      start_date: '2027-09-01',
      end_date: '2027-09-03',
      type: 'skipExistingAndCreate',
      availability: 2,
    });
    expect(res.json().data.nights_changed).toBe(2);
    expect((await nights(room)).map((n) => n.availability)).toEqual([2, 9, 2]);
  });

  it('stopSale and resumeSale set and clear stop sell on the existing nights', async () => {
    const room = await newRoom('Suite');
    await change(room, {
      start_date: '2027-10-01',
      end_date: '2027-10-04',
      type: 'updateExisting',
      availability: 2,
    });
    const stop = await change(room, { start_date: '2027-10-02', end_date: '2027-10-09', type: 'stopSale' });
    expect(stop.json().data.nights_changed).toBe(3);
    expect((await nights(room)).map((n) => n.stop_sell)).toEqual([false, true, true, true]);
    const resume = await change(room, {
      start_date: '2027-10-01',
      end_date: '2027-10-03',
      type: 'resumeSale',
    });
    expect(resume.json().data.nights_changed).toBe(2);
    expect((await nights(room)).map((n) => n.stop_sell)).toEqual([false, false, false, true]);
    expect((await nights(room)).length).toBe(4);

    const table = await call(
      'GET',
      `/accommodation/room/availability/${room}/table?startDate=2027-10-02&endDate=2027-10-31&draw=4`,
      t.accountantToken,
    );
    expect(table.json()).toMatchObject({ draw: 4, recordsTotal: 3, recordsFiltered: 3 });
    expect(table.json().data[0]).toMatchObject({
      availability_date: '2027-10-02',
      availability: 2,
      confirmed_locked_availability: 0,
      locked_availability: 0,
      remaining_availability: 2,
      stop_sell: false,
    });
  });

  it('refuses delete with the spec message, and checks dates, type and number', async () => {
    const room = await newRoom('Deluxe');
    const del = await change(room, { start_date: '2027-06-01', end_date: '2027-06-03', type: 'delete' });
    expect(del.statusCode).toBe(422);
    expect(del.json()).toMatchObject({
      success: false,
      message: DELETE_REFUSED,
      errors: { type: [DELETE_REFUSED] },
    });

    const bad = await change(room, { start_date: '2027-06-05', end_date: '2027-06-01' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ end_date: [END_DATE_MESSAGE], type: [CHANGE_TYPE_REQUIRED] });
    const noNumber = await change(room, {
      start_date: '2027-06-01',
      end_date: '2027-06-01',
      type: 'updateExisting',
      availability: '',
    });
    expect(noNumber.json().errors).toEqual({ availability: ['Availability is required.'] });
    const negative = await change(room, {
      start_date: '2027-06-01',
      end_date: '2027-06-01',
      type: 'skipExistingAndCreate',
      availability: -1,
    });
    expect(negative.json().errors).toEqual({ availability: ['Availability must be at least 0.'] });
    const tooLong = await change(room, {
      start_date: '2027-01-01',
      end_date: '2029-12-31',
      type: 'stopSale',
    });
    expect(tooLong.json().errors.end_date).toEqual(['One change may cover at most 731 nights.']);
    expect(
      (await change(999999, { start_date: '2027-06-01', end_date: '2027-06-01', type: 'stopSale' }))
        .statusCode,
    ).toBe(404);
    expect(await nights(room)).toEqual([]);
  });

  it('upserts prices for each night, lists, edits and deletes them', async () => {
    const room = await newRoom('Prices');
    const usd = (
      await queryRows<{ id: number }>(
        t.db,
        sql`insert into currencies (name, short_name, symbol, exchange_rate, start_date, end_date)
            values ('US Dollar', 'USD', '$', 1.25, '2020-01-01', '2099-12-31') returning id`,
      )
    )[0].id;
    const both = await change(room, {
      start_date: '2027-06-01',
      end_date: '2027-06-03',
      type: 'updateExisting',
      availability: 4,
      selected_currency: '',
      exchange_rate: 1,
      price_by: 'per_person',
      price: '89.50',
    });
    expect(both.json()).toMatchObject({ data: { nights_changed: 3, prices_saved: 3 } });
    expect(both.json().message).toBe('Availability updated: 3 nights changed. Prices saved for 3 nights.');
    // Prices only (no change type): the foreign currency's rate is used when none is sent.
    const prices = await change(room, {
      start_date: '2027-06-03',
      end_date: '2027-06-04',
      selected_currency: usd,
      price_by: 'per_night',
      price: 150,
    });
    expect(prices.json()).toMatchObject({
      message: 'Prices saved for 2 nights.',
      data: { nights_changed: 0, prices_saved: 2 },
    });

    const list = await call(
      'POST',
      `/accommodation/room/get-availability/${room}/prices`,
      t.accountantToken,
      {
        start_date: '2027-06-01',
        end_date: '2027-06-30',
      },
    );
    expect(list.json()).toMatchObject({ status: true, message: '4 prices found.' });
    const rows = list.json().data;
    expect(rows.map((r: { room_availability_date: string }) => r.room_availability_date)).toEqual([
      '2027-06-01',
      '2027-06-02',
      '2027-06-03',
      '2027-06-04',
    ]);
    expect(rows[0]).toMatchObject({
      currency: { short_name: 'GBP', symbol: '£' },
      exchange_rate: '1',
      price_type: 'per_person',
      price: '89.50',
      price_gbp: '89.50',
      discounts_count: 0,
    });
    expect(rows[2]).toMatchObject({
      currency_id: usd,
      currency: { short_name: 'USD', symbol: '$' },
      exchange_rate: '1.25',
      price_type: 'per_night',
      price: '150.00',
      price_gbp: '120.00',
    });

    const edit = await call('POST', `/accommodation/room/update-availability/${room}/prices`, t.adminToken, {
      price_id: rows[0].id,
      selected_currency: usd,
      exchange_rate: '1.3',
      price_by: 'per_night',
      price: '99.99',
    });
    expect(edit.json()).toMatchObject({
      success: true,
      data: { price: '99.99', exchange_rate: '1.3', price_type: 'per_night' },
    });
    const sterlingRate = await call(
      'POST',
      `/accommodation/room/update-availability/${room}/prices`,
      t.adminToken,
      {
        price_id: rows[0].id,
        selected_currency: 'GBP',
        exchange_rate: '1.3',
        price_by: 'per_night',
        price: '99.99',
      },
    );
    expect(sterlingRate.json().errors).toEqual({
      exchange_rate: ['Sterling (GBP) is the base currency: its rate is always 1.'],
    });
    const badPrice = await call(
      'POST',
      `/accommodation/room/update-availability/${room}/prices`,
      t.adminToken,
      {
        price_id: rows[0].id,
        exchange_rate: '0',
        price_by: 'per_night',
        price: '-1',
      },
    );
    expect(badPrice.json().errors).toMatchObject({
      exchange_rate: ['The exchange rate must be greater than 0.'],
      price: ['Price must be at least 0.'],
    });

    const otherRoom = await newRoom('Other');
    expect(
      (
        await call('POST', `/accommodation/room/delete-availability/${otherRoom}/prices`, t.adminToken, {
          price_id: rows[1].id,
        })
      ).statusCode,
    ).toBe(404);
    const del = await call('POST', `/accommodation/room/delete-availability/${room}/prices`, t.adminToken, {
      price_id: rows[1].id,
    });
    expect(del.json()).toMatchObject({ success: true, message: 'Price deleted successfully.' });
    const after = await call('POST', `/accommodation/room/get-availability/${room}/prices`, t.adminToken, {
      start_date: '2027-06-01',
      end_date: '2027-06-30',
    });
    expect(after.json().data).toHaveLength(3);
  });

  const priceIdsOf = async (roomId: number) =>
    (
      await queryRows<{ id: number }>(
        t.db,
        sql`select id from accommodation_prices where accommodation_room_id = ${roomId} order by room_availability_date`,
      )
    ).map((r) => r.id);

  it('keeps price discounts without overlaps, single and bulk (all or nothing)', async () => {
    const room = await newRoom('Discounts');
    await change(room, { start_date: '2027-06-01', end_date: '2027-06-03', price: '100.00' });
    const [p1, p2, p3] = await priceIdsOf(room);
    const handle = (priceId: number, body: object) =>
      call('POST', `/accommodation/room/price-discount/${priceId}/handle`, t.adminToken, body);

    const added = await handle(p1, {
      flag: 'add',
      booking_start_date: '2027-01-01',
      booking_end_date: '2027-01-31',
      percent_discount: true,
      discount_price: '10',
    });
    expect(added.json()).toMatchObject({ success: true, message: 'Discount added successfully.' });
    const discountId = added.json().data.id;

    const overlap = await handle(p1, {
      flag: 'add',
      booking_start_date: '2027-01-31',
      booking_end_date: '2027-02-15',
      discount_price: '5.00',
    });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().errors).toEqual({
      booking_start_date: [DISCOUNT_START_MESSAGE],
      booking_end_date: [DISCOUNT_END_MESSAGE],
    });
    const reversed = await handle(p1, {
      flag: 'add',
      booking_start_date: '2027-03-10',
      booking_end_date: '2027-03-01',
      discount_price: '5.00',
    });
    expect(reversed.json().errors).toEqual({
      booking_start_date: [DISCOUNT_START_MESSAGE],
      booking_end_date: [DISCOUNT_END_MESSAGE],
    });
    const missing = await handle(p1, { flag: 'add', booking_start_date: '', discount_price: '' });
    expect(missing.json().errors).toMatchObject({
      booking_start_date: ['Booking start date is required.'],
      booking_end_date: ['Booking end date is required.'],
      discount_price: ['Discount price is required.'],
    });
    const tooMuch = await handle(p1, {
      flag: 'add',
      booking_start_date: '2027-04-01',
      booking_end_date: '2027-04-02',
      percent_discount: 1,
      discount_price: '100.01',
    });
    expect(tooMuch.json().errors).toEqual({ discount_price: ['A percentage discount may be at most 100.'] });

    // Editing a discount may keep its own window.
    const edited = await handle(p1, {
      flag: 'edit',
      id: discountId,
      booking_start_date: '2027-01-01',
      booking_end_date: '2027-02-10',
      percent_discount: false,
      discount_price: '12.50',
    });
    expect(edited.json()).toMatchObject({ success: true, message: 'Discount updated successfully.' });
    const got = await call('GET', `/accommodation/room/price-discount/${p1}`, t.accountantToken);
    expect(got.json().data.price).toMatchObject({ id: p1, price: '100.00', discounts_count: 1 });
    expect(got.json().data.discounts).toEqual([
      {
        id: discountId,
        accommodation_price_id: p1,
        booking_start_date: '2027-01-01',
        booking_end_date: '2027-02-10',
        percent_discount: false,
        discount_price: '12.50',
      },
    ]);

    // Bulk: refused for all when one price clashes; then added to every price.
    const bulk = (body: object) =>
      call('POST', '/accommodation/room/handle-multiple-prices-discount', t.adminToken, {
        flag: 'add',
        percent_discount: false,
        discount_price: '7.00',
        ...body,
      });
    const clash = await bulk({
      multiple_price_ids: [p1, p2, p3],
      booking_start_date: '2027-02-01',
      booking_end_date: '2027-02-28',
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().message).toBe(
      'These booking dates overlap a discount of the price for 01/06/2027. Nothing was saved.',
    );
    expect(clash.json().errors).toEqual({
      booking_start_date: [DISCOUNT_START_MESSAGE],
      booking_end_date: [DISCOUNT_END_MESSAGE],
    });
    const counts = async () =>
      (
        await call('POST', `/accommodation/room/get-availability/${room}/prices`, t.adminToken, {
          start_date: '2027-06-01',
          end_date: '2027-06-03',
        })
      )
        .json()
        .data.map((p: { discounts_count: number }) => p.discounts_count);
    expect(await counts()).toEqual([1, 0, 0]);
    const okBulk = await bulk({
      multiple_price_ids: [p1, p2, p3],
      booking_start_date: '2027-03-01',
      booking_end_date: '2027-03-31',
    });
    expect(okBulk.json()).toMatchObject({ success: true, message: 'Discount added to 3 prices.' });
    expect(await counts()).toEqual([2, 1, 1]);
    expect(
      (
        await bulk({
          multiple_price_ids: [],
          booking_start_date: '2027-05-01',
          booking_end_date: '2027-05-02',
        })
      ).json().errors,
    ).toEqual({
      multiple_price_ids: ['Select at least one price.'],
    });
    expect(
      (
        await bulk({
          multiple_price_ids: [p1, 999999],
          booking_start_date: '2027-05-01',
          booking_end_date: '2027-05-02',
        })
      ).statusCode,
    ).toBe(404);

    const del = await call(
      'POST',
      `/accommodation/room/price-discount/${p1}/delete-discount/${discountId}`,
      t.adminToken,
    );
    expect(del.json()).toMatchObject({ success: true, message: 'Discount deleted successfully.' });
    expect(
      (
        await call(
          'POST',
          `/accommodation/room/price-discount/${p2}/delete-discount/${discountId}`,
          t.adminToken,
        )
      ).statusCode,
    ).toBe(404);
    expect(await counts()).toEqual([1, 1, 1]);
  });

  it('clones prices with their discounts to the same nights of another room', async () => {
    const source = await newRoom('Clone source');
    const target = await newRoom('Clone target');
    await change(source, {
      start_date: '2027-06-01',
      end_date: '2027-06-03',
      price: '120.00',
      price_by: 'per_night',
    });
    await change(target, { start_date: '2027-06-02', end_date: '2027-06-02', price: '50.00' });
    const [s1, s2] = await priceIdsOf(source);
    const targetP2 = (await priceIdsOf(target))[0];
    await call('POST', `/accommodation/room/price-discount/${targetP2}/handle`, t.adminToken, {
      flag: 'add',
      booking_start_date: '2026-01-01',
      booking_end_date: '2026-12-31',
      discount_price: '1.00',
    });
    await call('POST', `/accommodation/room/price-discount/${s2}/handle`, t.adminToken, {
      flag: 'add',
      booking_start_date: '2027-01-01',
      booking_end_date: '2027-01-31',
      percent_discount: true,
      discount_price: '15',
    });
    const res = await call('POST', '/accommodation/room/handle-prices-clonnig', t.adminToken, {
      accomodation_room_id: target,
      selected_price_ids: [s1, s2],
    });
    expect(res.json()).toMatchObject({
      success: true,
      message: '2 prices copied to Clone target (Hotel Lago Maggiore).',
    });
    const copied = (
      await call('POST', `/accommodation/room/get-availability/${target}/prices`, t.adminToken, {
        start_date: '2027-06-01',
        end_date: '2027-06-30',
      })
    ).json().data;
    expect(
      copied.map(
        (p: {
          room_availability_date: string;
          price: string;
          price_type: string;
          discounts_count: number;
        }) => [p.room_availability_date, p.price, p.price_type, p.discounts_count],
      ),
    ).toEqual([
      ['2027-06-01', '120.00', 'per_night', 0],
      ['2027-06-02', '120.00', 'per_night', 1],
    ]);
    const discounts = (
      await call('GET', `/accommodation/room/price-discount/${copied[1].id}`, t.adminToken)
    ).json().data.discounts;
    expect(discounts).toMatchObject([
      {
        booking_start_date: '2027-01-01',
        booking_end_date: '2027-01-31',
        percent_discount: true,
        discount_price: '15.00',
      },
    ]);

    const same = await call('POST', '/accommodation/room/handle-prices-clonnig', t.adminToken, {
      accomodation_room_id: source,
      selected_price_ids: [s1],
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({
      accomodation_room_id: ['Choose another room: the prices already belong to this one.'],
    });
    const none = await call('POST', '/accommodation/room/handle-prices-clonnig', t.adminToken, {
      accomodation_room_id: '',
      selected_price_ids: [],
    });
    expect(none.json().errors).toEqual({
      accomodation_room_id: ['Choose the room to copy to.'],
      selected_price_ids: ['Select at least one price.'],
    });
  });

  it('answers 403 to role 2 on every write', async () => {
    const room = await newRoom('Readonly');
    await change(room, { start_date: '2027-06-01', end_date: '2027-06-01', price: '10.00' });
    const [priceId] = await priceIdsOf(room);
    const token = t.accountantToken;
    const discount = {
      flag: 'add',
      booking_start_date: '2027-01-01',
      booking_end_date: '2027-01-02',
      discount_price: '1',
    };
    expect(
      (await change(room, { start_date: '2027-06-01', end_date: '2027-06-01', type: 'stopSale' }, token))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', `/accommodation/room/update-availability/${room}/prices`, token, {
          price_id: priceId,
          exchange_rate: 1,
          price_by: 'per_night',
          price: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', `/accommodation/room/delete-availability/${room}/prices`, token, {
          price_id: priceId,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/accommodation/room/price-discount/${priceId}/handle`, token, discount))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', '/accommodation/room/handle-multiple-prices-discount', token, {
          ...discount,
          multiple_price_ids: [priceId],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/accommodation/room/price-discount/${priceId}/delete-discount/1`, token))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', '/accommodation/room/handle-prices-clonnig', token, {
          accomodation_room_id: room,
          selected_price_ids: [priceId],
        })
      ).statusCode,
    ).toBe(403);
    // Reading prices is open to staff.
    expect(
      (
        await call('POST', `/accommodation/room/get-availability/${room}/prices`, token, {
          start_date: '2027-06-01',
          end_date: '2027-06-01',
        })
      ).statusCode,
    ).toBe(200);
  });
});
