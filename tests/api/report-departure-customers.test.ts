import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createCustomer } from '../helpers/factories';
import {
  asObjects,
  type Cell,
  expectReportLayout,
  fetchReport,
  hasLibreOffice,
  libreOfficeCsv,
  readXlsxReport,
  refusedReport,
} from '../helpers/reports';

const DEPARTURES = '/reports/departure-customer-details';

/** A tour with one group and an instance leaving on `departure` (`place`: the instance's other fields). */
async function departure(
  db: Db,
  tour: { name: string; tour_type: 'air' | 'coach' | 'self-drive'; is_passport_details_required?: boolean },
  departureDate: string,
  place: Partial<typeof s.tour_instances.$inferInsert> = {},
) {
  const [tr] = await db
    .insert(s.tours)
    .values({ duration: 5, ...tour })
    .returning();
  const [group] = await db
    .insert(s.tour_groups)
    .values({ tour_id: tr.id, start_date: departureDate })
    .returning();
  const [instance] = await db
    .insert(s.tour_instances)
    .values({ tour_id: tr.id, tour_group_id: group.id, departure_date: departureDate, ...place })
    .returning();
  return { tour: tr, instance };
}

// Booking customer detail (spec 3 §3 customer filter modes, §4, §5, §7 POST
// reports/departure-customer-details; issue #15).
describe.each(testDbKinds)('departure customer details report on %s', (kind) => {
  let t: TestContext;
  const ids = { ann: 0, tom: 0, lakes: 0 };

  beforeAll(async () => {
    t = await createTestContext(kind);
    const db = t.db;
    const [airport] = await db
      .insert(s.airports)
      .values({ airport_name: 'Northern Field', iata_code: 'ZQX', country_code: 'GB' })
      .returning();
    const [pickup] = await db
      .insert(s.pickup_points)
      .values({ pickup_point_name: 'Leeds Coach Station' })
      .returning();
    const fjords = await departure(
      db,
      { name: 'Norway Fjords', tour_type: 'air', is_passport_details_required: true },
      '2027-05-10',
      { departure_airport_id: airport.id },
    );
    const lakes = await departure(db, { name: 'Lakes by Coach', tour_type: 'coach' }, '2027-05-12', {
      pickup_point_id: pickup.id,
    });
    ids.lakes = lakes.tour.id;
    const drive = await departure(
      db,
      { name: 'Scotland Self Drive', tour_type: 'self-drive' },
      '2027-05-12',
      {
        self_drive: true,
      },
    );
    const june = await departure(db, { name: 'Summer Fjords', tour_type: 'air' }, '2027-06-20', {
      departure_airport_id: airport.id,
    });
    // Lake Hotel's twin and single, offered on the coach tour.
    const [hotel] = await db
      .insert(s.accommodations)
      .values({ accommodation_name: 'Lake Hotel' })
      .returning();
    const [twin, single] = await db
      .insert(s.accommodation_rooms)
      .values([
        { accommodation_id: hotel.id, name: 'Twin Room', occupancy: 2 },
        { accommodation_id: hotel.id, name: 'Single Room', occupancy: 1 },
      ])
      .returning();
    const [ta] = await db
      .insert(s.tour_accommodations)
      .values({ tour_id: lakes.tour.id, accommodation_id: hotel.id, check_in_day: 1, check_out_day: 5 })
      .returning();
    const [twinRoom, singleRoom] = await db
      .insert(s.tour_rooms)
      .values([
        { tour_accommodation_id: ta.id, accommodation_room_id: twin.id },
        { tour_accommodation_id: ta.id, accommodation_room_id: single.id },
      ])
      .returning();

    const ann = await createCustomer(db, {
      title: 'Mrs',
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.test',
      phone_number: '0113 496 0000',
      mobile_number: '07700 900001',
    });
    const tom = await createCustomer(db, {
      title: 'Mr',
      first_name: 'Tom',
      last_name: 'Hill',
      email: 'tom@example.test',
      phone_number: null,
      mobile_number: '07700 900002',
    });
    Object.assign(ids, { ann: ann.id, tom: tom.id });

    const booking = async (ref: string, customerId: number | null, extra: object = {}) => {
      const [b] = await db
        .insert(s.bookings)
        .values({
          booking_ref: ref,
          customer_id: customerId,
          status: 'Confirmed',
          changes_accepted: 1,
          created_at: '2026-02-01T12:00:00Z',
          ...extra,
        })
        .returning();
      return b;
    };
    const line = async (
      bookingId: number,
      d: { tour: { id: number }; instance: { id: number; departure_date: string } },
      tourRoomId: number | null = null,
    ) => {
      await db
        .update(s.bookings)
        .set({ departure_date: d.instance.departure_date })
        .where(eq(s.bookings.id, bookingId));
      const [l] = await db
        .insert(s.tour_bookings)
        .values({
          holiday_booking_id: bookingId,
          tour_id: d.tour.id,
          tour_instance_id: d.instance.id,
          tour_room_id: tourRoomId,
          guests: 2,
          rooms: 1,
        })
        .returning();
      return l;
    };
    type P = Partial<typeof s.passengers.$inferInsert> & { first_name: string; last_name: string };
    const people = (bookingId: number, list: P[]) =>
      db
        .insert(s.passengers)
        .values(list.map((p) => ({ holiday_booking_id: bookingId, ...p })))
        .returning();
    const passport = {
      passport_no: '533380006',
      passport_expiry: '2031-04-30',
      passport_nationality: 'British',
    };

    // DC-1: the fjords (passports asked), two passengers allocated to no line.
    const dc1 = await booking('DC-1', ann.id);
    await line(dc1.id, fjords);
    await people(dc1.id, [
      { title: 'Mrs', first_name: 'Ann', last_name: 'Lee', dob: '1970-02-03', ...passport },
      { title: 'Mr', first_name: 'Ken', last_name: 'Lee', dob: '1968-11-30' },
    ]);
    // DC-2: Pending, changes not accepted, the coach tour (no passports asked: not shown).
    const dc2 = await booking('DC-2', tom.id, { status: 'Pending', changes_accepted: 0 });
    await line(dc2.id, lakes, twinRoom.id);
    await people(dc2.id, [
      { title: 'Mr', first_name: 'Tom', last_name: 'Hill', dob: '1980-05-05', ...passport },
    ]);
    // DC-3: cancelled — never listed.
    const dc3 = await booking('DC-3', tom.id, { status: 'Cancelled', cancelled_at: '2026-03-01T10:00:00Z' });
    await line(dc3.id, fjords);
    await people(dc3.id, [{ first_name: 'Gone', last_name: 'Away' }]);
    // DC-4: two rooms on the coach tour; Amy and Ben in the twin, Cal in the single, Dee allocated nowhere.
    const dc4 = await booking('DC-4', ann.id);
    const l1 = await line(dc4.id, lakes, twinRoom.id);
    const l2 = await line(dc4.id, lakes, singleRoom.id);
    const p4 = await people(dc4.id, [
      { first_name: 'Amy', last_name: 'Ash' },
      { first_name: 'Ben', last_name: 'Ash' },
      { first_name: 'Cal', last_name: 'Ash' },
      { first_name: 'Dee', last_name: 'Ash' },
    ]);
    await db.insert(s.tour_booking_passengers).values([
      { tour_booking_id: l1.id, passenger_id: p4[0].id },
      { tour_booking_id: l1.id, passenger_id: p4[1].id },
      { tour_booking_id: l2.id, passenger_id: p4[2].id },
    ]);
    // DC-5: no customer (an agent's booking), self drive, booked 00:30 on 1 April 2026 in London.
    const dc5 = await booking('DC-5', null, { created_at: '2026-03-31T23:30:00Z' });
    await line(dc5.id, drive);
    await people(dc5.id, [{ title: 'Mr', first_name: 'Sam', last_name: 'Drive' }]);
    // DC-6: departs in June.
    const dc6 = await booking('DC-6', tom.id);
    await line(dc6.id, june);
    await people(dc6.id, [{ title: 'Mr', first_name: 'Tom', last_name: 'Hill' }]);
  });
  afterAll(async () => t?.close());

  const may = { departure_from_date: '2027-05-01', departure_to_date: '2027-05-31' };
  const empty = 'No passengers depart for these filters.';
  const names = async (body: object) => {
    const r = await readXlsxReport((await fetchReport(t, DEPARTURES, body)).data);
    if (r.rows[0]?.[0] === empty) return [empty];
    return asObjects(r).map((x: Record<string, Cell>) => `${x['Booking ref']} ${x['First name']}`);
  };

  it('refuses a to date before its from date and accepts no filters at all', async () => {
    const r = await refusedReport(t, DEPARTURES, {
      departure_from_date: '2027-05-02',
      departure_to_date: '2027-05-01',
    });
    expect(r.status).toBe(422);
    expect(r.body.errors?.departure_to_date).toEqual(['The to date must not be before the from date.']);
    expect(await names({})).toHaveLength(9); // every live passenger: 2 + 1 + 4 + 1 + 1
  });

  it('lists each passenger of the live bookings departing, with passports only where the tour asks', async () => {
    const file = await fetchReport(t, DEPARTURES, may);
    expect(file.name).toBe('Departure-Report.xlsx');
    const r = await readXlsxReport(file.data);
    expectReportLayout(r, 'Booking Customer Detail', [], ['Departure', 'Date of birth', 'Passport expiry']);
    expect(r.filters).toContain('Departure: 01/05/2027 to 31/05/2027');
    expect(r.header).toEqual([
      'Booking ref',
      'Booking date',
      'Tour',
      'Departure',
      'Pickup point / airport',
      'Room',
      'Title',
      'First name',
      'Last name',
      'Date of birth',
      'Passport number',
      'Passport expiry',
      'Nationality',
      'Customer',
      'Customer email',
      'Phone',
      'Mobile',
    ]);
    const rows = asObjects(r);
    // By departure, tour, ref, passenger; Dee (allocated nowhere) on DC-4's first line.
    expect(rows.map((x) => `${x['Booking ref']} ${x['First name']} ${x.Room ?? '-'}`)).toEqual([
      'DC-1 Ann -',
      'DC-1 Ken -',
      'DC-2 Tom Lake Hotel – Twin Room',
      'DC-4 Amy Lake Hotel – Twin Room',
      'DC-4 Ben Lake Hotel – Twin Room',
      'DC-4 Cal Lake Hotel – Single Room',
      'DC-4 Dee Lake Hotel – Twin Room',
      'DC-5 Sam -',
    ]);
    expect(rows[0]).toEqual({
      'Booking ref': 'DC-1',
      'Booking date': '01/02/2026',
      Tour: 'Norway Fjords',
      Departure: '10/05/2027',
      'Pickup point / airport': 'Northern Field (ZQX)',
      Room: null,
      Title: 'Mrs',
      'First name': 'Ann',
      'Last name': 'Lee',
      'Date of birth': '03/02/1970',
      'Passport number': '533380006',
      'Passport expiry': '30/04/2031',
      Nationality: 'British',
      Customer: 'Mrs Ann Lee',
      'Customer email': 'ann@example.test',
      Phone: '0113 496 0000',
      Mobile: '07700 900001',
    });
    expect(rows[1]).toMatchObject({ Title: 'Mr', 'Date of birth': '30/11/1968', 'Passport number': null });
    // The coach tour asks no passports: Tom's are not shown.
    expect(rows[2]).toMatchObject({
      Tour: 'Lakes by Coach',
      Departure: '12/05/2027',
      'Pickup point / airport': 'Leeds Coach Station',
      'Date of birth': '05/05/1980',
      'Passport number': null,
      'Passport expiry': null,
      Nationality: null,
      Customer: 'Mr Tom Hill',
      'Customer email': 'tom@example.test',
      Phone: null,
      Mobile: '07700 900002',
    });
    expect(rows[7]).toMatchObject({
      Tour: 'Scotland Self Drive',
      'Pickup point / airport': 'Self drive',
      'Booking date': '01/04/2026',
      Customer: null,
      'Customer email': null,
    });
    // No totals on a list of people.
    expect(r.rows.some((x) => String(x[0]).startsWith('Total'))).toBe(false);
  });

  it('filters by tour, unaccepted changes, booking date and the customer choice', async () => {
    expect(await names({ ...may, tour_id: ids.lakes })).toEqual([
      'DC-2 Tom',
      'DC-4 Amy',
      'DC-4 Ben',
      'DC-4 Cal',
      'DC-4 Dee',
    ]);
    expect(await names({ ...may, unaccepted_only: 'yes' })).toEqual(['DC-2 Tom']);
    // 23:30 UTC on 31 March 2026 is 00:30 on 1 April in London.
    expect(await names({ booking_from_date: '2026-04-01', booking_to_date: '2026-04-01' })).toEqual([
      'DC-5 Sam',
    ]);
    expect(await names({ booking_from_date: '2026-03-31', booking_to_date: '2026-03-31' })).toEqual([empty]);
    expect(await names({ departure_from_date: '2027-06-01', departure_to_date: '2027-06-30' })).toEqual([
      'DC-6 Tom',
    ]);
    expect(await names({ ...may, filterMode: 'only', only_customer: [ids.tom] })).toEqual(['DC-2 Tom']);
    // A customerless booking is not one of the excluded customers'.
    expect(await names({ ...may, filterMode: 'exclude', excluded_customer: `${ids.ann}` })).toEqual([
      'DC-2 Tom',
      'DC-5 Sam',
    ]);
    // The lists count only in their own mode; an empty list restricts nothing.
    expect(await names({ ...may, filterMode: 'all', only_customer: [ids.tom] })).toHaveLength(8);
    expect(await names({ ...may, filterMode: 'only', only_customer: [] })).toHaveLength(8);
    const r = await readXlsxReport(
      (
        await fetchReport(t, DEPARTURES, {
          ...may,
          tour_id: ids.lakes,
          unaccepted_only: 1,
          filterMode: 'exclude',
          excluded_customer: [ids.ann, ids.tom],
        })
      ).data,
    );
    expect(r.filters).toContain('Tour: Lakes by Coach');
    expect(r.filters).toContain('Changes not accepted only');
    expect(r.filters).toContain('Excluding customers: Mr Tom Hill, Mrs Ann Lee');
    expect(r.rows).toEqual([[empty]]);
  });

  it.runIf(hasLibreOffice && kind === 'pglite')('reads the same in LibreOffice', async () => {
    const file = await fetchReport(t, DEPARTURES, may);
    const lines = (await libreOfficeCsv(file.data)) as string[][];
    expect(lines[3].slice(0, 5)).toEqual([
      'Booking ref',
      'Booking date',
      'Tour',
      'Departure',
      'Pickup point / airport',
    ]);
    const ann = lines.find((l) => l[0] === 'DC-1' && l[7] === 'Ann') as string[];
    expect(ann.slice(1, 13)).toEqual([
      '01/02/2026',
      'Norway Fjords',
      '10/05/2027',
      'Northern Field (ZQX)',
      '',
      'Mrs',
      'Ann',
      'Lee',
      '03/02/1970',
      '533380006',
      '30/04/2031',
      'British',
    ]);
  });
});
