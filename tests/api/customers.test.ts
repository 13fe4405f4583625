import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { queryRows } from '../../src/server/db/client';
import { old_customers } from '../../src/server/db/schema';
import { bearer, createTestContext, type TestContext, testConfig } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAffiliate, createBooking, createCustomer } from '../helpers/factories';

/**
 * A stand-in for getAddress.io speaking its documented answers (Autocomplete and Get): the key
 * 'good-key' is accepted, any other answers 401; 'NN1 3ER' has two addresses, 'B1 1AA' none,
 * 'E1 6AN' answers 404 and 'M1 1AE' a 500.
 */
async function startFakeGetAddress() {
  const calls: string[] = [];
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    calls.push(`${url.pathname}${url.search}`);
    if (url.searchParams.get('api-key') !== 'good-key')
      return send(res, 401, { Message: 'api-key not valid.' });
    const [, kind, rawTerm] = url.pathname.split('/');
    const term = decodeURIComponent(rawTerm ?? '');
    if (kind === 'autocomplete') {
      if (term === 'NN1 3ER')
        return send(res, 200, {
          suggestions: [
            { address: '10 Watkin Terrace, Northampton, Northamptonshire', url: '/get/AAA111', id: 'AAA111' },
            { address: '12 Watkin Terrace, Northampton, Northamptonshire', url: '/get/BBB222', id: 'BBB222' },
          ],
        });
      if (term === 'B1 1AA') return send(res, 200, { suggestions: [] });
      if (term === 'E1 6AN') return send(res, 404, { Message: 'Not Found' });
      return send(res, 500, { Message: 'Internal error' });
    }
    if (kind === 'get' && term === 'AAA111') {
      return send(res, 200, {
        postcode: 'NN1 3ER',
        latitude: 52.24593734741211,
        longitude: -0.891636312007904,
        formatted_address: ['10 Watkin Terrace', '', '', 'Northampton', 'Northamptonshire'],
        thoroughfare: 'Watkin Terrace',
        building_name: '',
        sub_building_name: '',
        sub_building_number: '',
        building_number: '10',
        line_1: '10 Watkin Terrace',
        line_2: '',
        line_3: '',
        line_4: '',
        locality: '',
        town_or_city: 'Northampton',
        county: 'Northamptonshire',
        district: 'Northampton',
        country: 'England',
        residential: true,
      });
    }
    return send(res, 404, { Message: 'Not Found' });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise((r) => server.close(r)) };
}

const aCustomer = (over: Record<string, unknown> = {}) => ({
  title: 'Mrs',
  first_name: 'Margaret',
  last_name: 'Hollins',
  email: 'Margaret.Hollins@Example.co.uk',
  phone_number: '01632 960123',
  mobile_number: '07700 900456',
  street_address: '14 Abbey Road',
  address_line_2: '',
  town: 'Harrogate',
  county: 'North Yorkshire',
  postcode: 'hg1 2aa',
  country_id: 220,
  opt_out_email: false,
  opt_out_mailing: true,
  is_blacklisted: false,
  ...over,
});

// Customers (spec 2 §2 Customers, §3, §5, §6, §7; spec 1 §7 postcode look-up and notes).
describe.each(testDbKinds)('customers on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

  it('creates, reads and updates a customer; the postcode is normalised, the country defaults to 220', async () => {
    const affiliate = await createAffiliate(t.db, { name: 'Yorkshire Post Travel' });
    const created = await call('POST', '/customers', t.adminToken, {
      ...aCustomer({ affiliate_id: affiliate.id }),
      country_id: '',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ success: true, message: 'Customer created successfully.' });
    const id = created.json().data.id;

    const one = await call('GET', `/customers/${id}`, t.accountantToken);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({
      id,
      title: 'Mrs',
      full_name: 'Margaret Hollins',
      email: 'margaret.hollins@example.co.uk',
      postcode: 'HG1 2AA',
      address_line_2: null,
      country_id: 220,
      country_name: 'United Kingdom',
      affiliate_id: affiliate.id,
      affiliate_name: 'Yorkshire Post Travel',
      opt_out_mailing: true,
      is_blacklisted: false,
    });

    const updated = await call('POST', `/customers/${id}`, t.adminToken, {
      customer: aCustomer({ first_name: 'Maggie', is_blacklisted: 'true', affiliate_id: null, title: '' }),
    });
    expect(updated.json()).toMatchObject({ success: true, message: 'Customer updated successfully.' });
    expect((await call('GET', `/customers/${id}`, t.adminToken)).json().data).toMatchObject({
      first_name: 'Maggie',
      title: null,
      is_blacklisted: true,
      affiliate_id: null,
    });

    expect((await call('GET', '/customers/999999', t.adminToken)).statusCode).toBe(404);
    expect((await call('POST', '/customers/999999', t.adminToken, aCustomer())).statusCode).toBe(404);
  });

  it('answers 422 with a message per field (spec 2 §5) and keeps a foreign postcode as typed', async () => {
    const res = await call('POST', '/customers', t.adminToken, {
      first_name: ' ',
      email: 'not-an-email',
      postcode: 'ABC',
      title: 'King',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      errors: {
        first_name: ['First name is required.'],
        last_name: ['Last name is required.'],
        email: ['Enter a valid email address.'],
      },
    });
    expect(res.json().errors.title[0]).toContain('Title must be one of');

    const postcode = await call('POST', '/customers', t.adminToken, aCustomer({ postcode: 'NOT A CODE' }));
    expect(postcode.statusCode).toBe(422);
    expect(postcode.json().errors).toEqual({ postcode: ['Enter a valid UK post code, e.g. SW1A 1AA.'] });

    const refs = await call(
      'POST',
      '/customers',
      t.adminToken,
      aCustomer({ country_id: 99999, affiliate_id: 99999 }),
    );
    expect(refs.statusCode).toBe(422);
    expect(refs.json().errors).toEqual({
      country_id: ['The selected country does not exist.'],
      affiliate_id: ['The selected affiliate does not exist.'],
    });

    const [ireland] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from countries where iso_code = 'IE'`,
    );
    const abroad = await call(
      'POST',
      '/customers',
      t.adminToken,
      aCustomer({ country_id: ireland.id, postcode: 'D02 X285' }),
    );
    expect(abroad.statusCode).toBe(200);
    const abroadId = abroad.json().data.id;
    expect((await call('GET', `/customers/${abroadId}`, t.adminToken)).json().data.postcode).toBe('D02 X285');
  });

  it('answers 403 to role 2 on create, update and brochure requests; role 2 may add notes', async () => {
    const c = await createCustomer(t.db);
    expect((await call('POST', '/customers', t.accountantToken, aCustomer())).statusCode).toBe(403);
    expect((await call('POST', `/customers/${c.id}`, t.accountantToken, aCustomer())).statusCode).toBe(403);
    expect(
      (
        await call('POST', '/brochures/requests', t.accountantToken, {
          customer_id: c.id,
          brochure_id: 1,
          qty: 1,
        })
      ).statusCode,
    ).toBe(403);
    const note = await call('POST', '/customer-note/add-note', t.accountantToken, {
      customer_id: c.id,
      comment: 'Called about the brochure.',
    });
    expect(note.statusCode).toBe(200);
  });

  it('lists customers newest first with pincode_search and open_search (spec 2 §7, §9)', async () => {
    const a = await createCustomer(t.db, {
      first_name: 'Eleanor',
      last_name: 'Pemberton',
      postcode: 'YO1 7HH',
      phone_number: '01904 555 123',
      created_at: '2020-01-02T10:00:00Z',
    });
    const b = await createCustomer(t.db, {
      first_name: 'Edward',
      last_name: 'Pemberton',
      postcode: 'YO10 5DD',
      email: 'ted@pemberton.example',
      created_at: '2020-01-03T10:00:00Z',
    });
    const table = (q: string) =>
      call('GET', `/customers/table?${q}`, t.accountantToken).then((r) => r.json());
    const byPostcode = await table('pincode_search=yo1');
    expect(byPostcode.data.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
    expect((await table('pincode_search=YO1%207')).data.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect((await table('open_search=pemberton')).recordsTotal).toBe(2);
    expect((await table('open_search=ted%40pemberton')).data[0].id).toBe(b.id);
    expect((await table('open_search=01904555')).data.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const columns = ['first_name', 'last_name', 'email', 'phone_number', 'postcode', 'created_at']
      .map((c, i) => `columns[${i}][data]=${c}`)
      .join('&');
    const page = await table(`draw=2&start=0&length=25&order[0][column]=5&order[0][dir]=desc&${columns}`);
    expect(page.draw).toBe(2);
    const dates = page.data.map((r: { created_at: string }) => new Date(r.created_at).getTime());
    expect(dates).toEqual([...dates].sort((x: number, y: number) => y - x));
  });

  it('exports the filtered list as customers.csv', async () => {
    await createCustomer(t.db, {
      first_name: 'Csv',
      last_name: 'Exportington',
      postcode: 'EX1 1AA',
      town: '=HYPERLINK("x")',
      is_blacklisted: true,
      created_at: '2024-06-30T23:30:00Z',
    });
    await createCustomer(t.db, { first_name: 'Other', last_name: 'Person', postcode: 'EX2 2BB' });
    const res = await call('GET', '/customers/export?pincode_search=ex1', t.accountantToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('filename="customers.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'ID,Title,First name,Last name,Email,Phone,Mobile,Street address,Address line 2,Address line 3,Address line 4,Town,County,Post code,Country,Affiliate,Opt out email,Opt out mailing,Blacklisted,Created',
    );
    expect(lines).toHaveLength(2);
    // Created in Europe/London (BST): 01/07/2024; the formula is defused with a quote.
    expect(lines[1]).toContain(',Csv,Exportington,');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toMatch(/,EX1 1AA,United Kingdom,,No,No,Yes,01\/07\/2024$/);

    const searched = await call('GET', '/customers/export?search=exportington', t.accountantToken);
    expect(searched.body.trim().split('\n')).toHaveLength(2);
    const all = await call('GET', '/customers/export', t.accountantToken);
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from customers`);
    expect(all.body.trim().split('\n')).toHaveLength(n + 1);
    expect((await call('GET', '/customers/export?bogus=1', t.accountantToken)).statusCode).toBe(422);
  });

  it("answers a customer's current and old bookings", async () => {
    const c = await createCustomer(t.db, {
      first_name: 'Olwen',
      last_name: 'Price',
      email: 'olwen.price@example.test',
      postcode: 'CF10 1AA',
    });
    await t.db.insert(old_customers).values([
      { id: 8101, first_name: 'Olwen', last_name: 'Price', email: 'OLWEN.PRICE@example.test' },
      { id: 8102, first_name: 'olwen', last_name: 'price', postcode: 'cf101aa' },
      { id: 8103, first_name: 'Olwen', last_name: 'Price', postcode: 'SA1 1AA' },
    ]);
    const current = await createBooking(t.db, {
      customer_id: c.id,
      departure_date: '2027-05-01',
      status: 'Confirmed',
      created_at: '2026-02-01T10:00:00Z',
    });
    const linkedOld = await createBooking(t.db, { customer_id: c.id, old_booking_id: 50001 });
    const byEmail = await createBooking(t.db, { old_customer_id: 8101, old_booking_id: 50002 });
    const byNamePostcode = await createBooking(t.db, { old_customer_id: 8102, old_booking_id: 50003 });
    await createBooking(t.db, { old_customer_id: 8103, old_booking_id: 50004 });

    const res = await call('GET', `/customers/${c.id}/bookings`, t.accountantToken);
    expect(res.statusCode).toBe(200);
    const { bookings, old_bookings } = res.json().data;
    expect(bookings).toEqual([
      expect.objectContaining({
        id: current.id,
        booking_ref: current.booking_ref,
        departure_date: '2027-05-01',
        status: 'Confirmed',
      }),
    ]);
    expect(old_bookings.map((b: { id: number }) => b.id).sort()).toEqual(
      [linkedOld.id, byEmail.id, byNamePostcode.id].sort(),
    );
    expect(old_bookings.find((b: { id: number }) => b.id === byEmail.id)).toMatchObject({
      booking_ref: null,
      old_booking_id: 50002,
    });
    expect((await call('GET', '/customers/999999/bookings', t.adminToken)).statusCode).toBe(404);
  });

  it('adds and lists notes with date, time and the author (spec 1 §7 customer-note)', async () => {
    const c = await createCustomer(t.db);
    const empty = await call('POST', '/customer-note/get-notes', t.adminToken, { customer_id: c.id });
    expect(empty.json()).toEqual({ status: true, note_list: [] });

    const added = await call('POST', '/customer-note/add-note', t.adminToken, {
      customer_id: c.id,
      comment: 'Prefers a ground floor room.',
    });
    expect(added.json()).toMatchObject({ status: true, message: 'Note added successfully.' });
    await call('POST', '/customer-note/add-note', t.accountantToken, {
      customer_id: c.id,
      note: 'Paid by cheque.',
    });

    const list = (
      await call('POST', '/customer-note/get-notes', t.accountantToken, { customer_id: c.id })
    ).json();
    expect(list.note_list).toHaveLength(2);
    expect(list.note_list[0]).toMatchObject({
      note: 'Paid by cheque.',
      admin: { name: 'Test Accountant' },
      admin_name: 'Test Accountant',
    });
    expect(list.note_list[1].note).toBe('Prefers a ground floor room.');
    expect(list.note_list[1].note_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(list.note_list[1].note_time).toMatch(/^\d{2}:\d{2}$/);

    const blank = await call('POST', '/customer-note/add-note', t.adminToken, {
      customer_id: c.id,
      comment: '  ',
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ comment: ['Please write a note.'] });
    expect(
      (await call('POST', '/customer-note/add-note', t.adminToken, { customer_id: 999999, comment: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('records brochure requests for a customer and lists them (spec 2 §7)', async () => {
    const c = await createCustomer(t.db);
    const affiliate = await createAffiliate(t.db, { name: 'Coach Weekly' });
    const rows = await queryRows<{ id: number }>(
      t.db,
      sql`insert into brochures (brochure_name, is_active) values ('Coach Holidays 2027', true), ('Old Brochure', false) returning id`,
    );
    const [active, inactive] = rows.map((r) => r.id);

    const empty = await call('GET', `/brochures/requests/by_customer/${c.id}`, t.accountantToken);
    expect(empty.json()).toEqual({ success: true, data: [] });

    const res = await call('POST', '/brochures/requests', t.adminToken, {
      customer_id: c.id,
      brochure_id: active,
      affiliate_id: affiliate.id,
      qty: '2',
    });
    expect(res.json()).toMatchObject({ success: true, message: 'Brochure request added successfully.' });
    const list = (await call('GET', `/brochures/requests/by_customer/${c.id}`, t.accountantToken)).json();
    expect(list.data).toEqual([
      expect.objectContaining({
        brochure_name: 'Coach Holidays 2027',
        brochures_names: 'Coach Holidays 2027',
        qty: 2,
        sent: false,
        affiliate_name: 'Coach Weekly',
      }),
    ]);

    const bad = await call('POST', '/brochures/requests', t.adminToken, {
      customer_id: c.id,
      brochure_id: '',
      qty: 0,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      brochure_id: ['Please choose a brochure.'],
      qty: ['Quantity must be at least 1.'],
    });
    const refs = await call('POST', '/brochures/requests', t.adminToken, {
      customer_id: 999999,
      brochure_id: inactive,
      affiliate_id: 999999,
      qty: 1,
    });
    expect(refs.statusCode).toBe(422);
    expect(refs.json().errors).toEqual({
      customer_id: ['The selected customer does not exist.'],
      brochure_id: ['The selected brochure is no longer active.'],
      affiliate_id: ['The selected affiliate does not exist.'],
    });
    expect((await call('GET', '/brochures/requests/by_customer/999999', t.adminToken)).statusCode).toBe(404);
  });

  it('without GETADDRESS_API_KEY suggests the addresses on file for the postcode', async () => {
    await createCustomer(t.db, {
      street_address: '12 Mill Lane',
      town: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS6 2QT',
    });
    await createCustomer(t.db, {
      street_address: '2 Mill Lane',
      town: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS6 2QT',
    });
    await createCustomer(t.db, {
      street_address: '2 Mill Lane',
      town: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS6 2QT',
    });
    await createCustomer(t.db, { street_address: null, postcode: 'LS6 2QT' });

    const res = await call('GET', '/customers/postcode/lookup?postcode=ls62qt', t.accountantToken);
    expect(res.statusCode).toBe(200);
    const { suggestions } = res.json().data;
    expect(suggestions.map((s: { address: string }) => s.address)).toEqual([
      '2 Mill Lane, Leeds, West Yorkshire',
      '12 Mill Lane, Leeds, West Yorkshire',
    ]);
    const full = await call(
      'GET',
      `/customers/postcode/full-address?address_id=${suggestions[0].id}`,
      t.accountantToken,
    );
    expect(full.json().data).toEqual({
      line_1: '2 Mill Lane',
      line_2: '',
      line_3: '',
      line_4: '',
      town_or_city: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS6 2QT',
      country: 'United Kingdom',
      country_id: 220,
    });

    // 'No list found': an empty list, not an error.
    const none = await call('GET', '/customers/postcode/lookup?postcode=ZE1%200AA', t.accountantToken);
    expect(none.json()).toEqual({ success: true, data: { suggestions: [] } });
    const invalid = await call('GET', '/customers/postcode/lookup?postcode=hello', t.accountantToken);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.postcode).toEqual(['Enter a valid UK post code, e.g. SW1A 1AA.']);
    expect(
      (await call('GET', '/customers/postcode/full-address?address_id=local-999999', t.adminToken))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', '/customers/postcode/full-address?address_id=XYZ', t.adminToken)).statusCode,
    ).toBe(404);
  });

  describe('with GETADDRESS_API_KEY (a local getAddress.io stand-in)', () => {
    let fake: Awaited<ReturnType<typeof startFakeGetAddress>>;
    let keyed: FastifyInstance;
    let badKey: FastifyInstance;
    beforeAll(async () => {
      fake = await startFakeGetAddress();
      const app = (key: string) =>
        buildApp({
          db: t.db,
          config: testConfig({ DATA_DIR: t.dataDir, GETADDRESS_API_KEY: key, GETADDRESS_URL: fake.url }),
          webDir: '/nonexistent',
        });
      keyed = await app('good-key');
      badKey = await app('wrong-key');
    });
    afterAll(async () => {
      await keyed?.close();
      await badKey?.close();
      await fake?.close();
    });
    const get = (app: FastifyInstance, url: string) =>
      app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(t.adminToken) });

    it('suggests getAddress.io addresses and fills the form from the chosen one', async () => {
      const res = await get(keyed, '/customers/postcode/lookup?postcode=nn13er');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.suggestions).toEqual([
        { id: 'AAA111', address: '10 Watkin Terrace, Northampton, Northamptonshire' },
        { id: 'BBB222', address: '12 Watkin Terrace, Northampton, Northamptonshire' },
      ]);
      expect(fake.calls).toContain('/autocomplete/NN1%203ER?api-key=good-key&all=true');
      const full = await get(keyed, '/customers/postcode/full-address?address_id=AAA111');
      expect(full.json().data).toEqual({
        line_1: '10 Watkin Terrace',
        line_2: '',
        line_3: '',
        line_4: '',
        town_or_city: 'Northampton',
        county: 'Northamptonshire',
        postcode: 'NN1 3ER',
        country: 'England',
        country_id: 220,
      });
    });

    it('turns empty answers and 404s into an empty list, and refusals into clear messages', async () => {
      expect(
        (await get(keyed, '/customers/postcode/lookup?postcode=B1%201AA')).json().data.suggestions,
      ).toEqual([]);
      expect(
        (await get(keyed, '/customers/postcode/lookup?postcode=E1%206AN')).json().data.suggestions,
      ).toEqual([]);
      const gone = await get(keyed, '/customers/postcode/full-address?address_id=ZZZ999');
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ success: false, message: 'Address not found.' });
      const broken = await get(keyed, '/customers/postcode/lookup?postcode=M1%201AE');
      expect(broken.statusCode).toBe(502);
      expect(broken.json().message).toBe(
        'The address look-up service is not available right now. Please type the address.',
      );
      const refused = await get(badKey, '/customers/postcode/lookup?postcode=NN1%203ER');
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toEqual({
        success: false,
        message: 'The address look-up service refused our API key. Please type the address.',
      });
    });

    it('answers 502 with a message when the service cannot be reached', async () => {
      const offline = await buildApp({
        db: t.db,
        config: testConfig({
          DATA_DIR: t.dataDir,
          GETADDRESS_API_KEY: 'good-key',
          GETADDRESS_URL: 'http://127.0.0.1:9',
        }),
        webDir: '/nonexistent',
      });
      const res = await get(offline, '/customers/postcode/lookup?postcode=NN1%203ER');
      await offline.close();
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toContain('not available right now');
    });
  });
});
