import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { NOTHING_TO_PROCESS_MESSAGE } from '../../src/shared/api/brochure-requests';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAffiliate, createCustomer } from '../helpers/factories';
import { unzip } from '../helpers/zip';

// Brochure requests (issue #14; spec 2 §2, §4, §7; spec 3 §2, §4, §7): the list and its filters,
// 'Process new requests' → a zip of one PDF cover letter per unsent request, marked sent under one
// batch id in the same transaction, the export, and linking or creating the customer.

const pdfText = async (pdf: Buffer) =>
  (await extractText(new Uint8Array(pdf), { mergePages: true })).text.replace(/\s+/g, ' ');

const REQUESTERS = [
  ['Ada', 'Lovelace', '12 St James Square', 'London', 'SW1Y 4JH'],
  ['Grace', 'Hopper', '3 Castle Street', 'Edinburgh', 'EH2 3AH'],
  ['Alan', 'Turing', '78 High Street', 'Wilmslow', 'SK9 1AA'],
  ['Mary', 'Somerville', '5 Abbey Road', 'Jedburgh', 'TD8 6AA'],
  ['Charles', 'Babbage', '1 Dorset Street', 'London', 'W1U 4EG'],
  ['Rosalind', 'Franklin', '9 Drayton Gardens', 'London', 'SW10 9RY'],
  ['Isambard', 'Brunel', '4 Temple Gate', 'Bristol', 'BS1 6QH'],
  ['Florence', 'Nightingale', '10 Embley Lane', 'Romsey', 'SO51 6DN'],
  ['Tim', 'Berners-Lee', '2 Barnes Close', 'Leeds', 'LS6 2QT'],
  ['Seán', "O'Brien", '7 Quay Street', 'Newry', 'BT34 1AA'],
] as const;

describe.each(testDbKinds)('brochure requests on %s', (kind) => {
  let t: TestContext;
  let brochureId: number;
  let otherBrochureId: number;
  let affiliateId: number;
  beforeAll(async () => {
    t = await createTestContext(kind);
    const [b1, b2] = await t.db
      .insert(s.brochures)
      .values([{ brochure_name: 'Europe by Coach 2027' }, { brochure_name: 'River Cruises 2027' }])
      .returning({ id: s.brochures.id });
    brochureId = b1.id;
    otherBrochureId = b2.id;
    affiliateId = (await createAffiliate(t.db, { name: 'Saga Magazine' })).id;
    await t.app.inject({
      method: 'POST',
      url: '/api/brochures/cover-letter',
      headers: bearer(t.adminToken),
      payload: {
        type: 'brochure_cover_letter_content',
        content:
          '<p>Dear {customer},</p><h2>Why travel with us</h2><p>Thank you for asking for our <strong>brochures</strong>.</p>' +
          '<ul><li><p>Door-to-door pickups</p></li></ul>' +
          '<table><tbody><tr><th><p>Call</p></th><td><p>0161 496 0750</p></td></tr></tbody></table>' +
          '<p>Kind regards,<br>The Reservations Team</p>',
      },
    });
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token = t.adminToken, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

  async function addRequesters(rows: readonly (readonly string[])[], brochure = brochureId) {
    return t.db
      .insert(s.brochure_requests)
      .values(
        rows.map(([first, last, street, town, postcode], i) => ({
          brochure_id: brochure,
          qty: i === 0 ? 2 : 1,
          affiliate_id: i === 1 ? affiliateId : null,
          requester_first_name: first,
          requester_last_name: last,
          requester_email: `${first.toLowerCase()}@example.co.uk`
            .normalize('NFKD')
            .replace(/[^\x20-\x7e]/g, ''),
          requester_street_address: street,
          requester_town: town,
          requester_postcode: postcode,
        })),
      )
      .returning({ id: s.brochure_requests.id });
  }

  it('processes ten unsent requests into a zip of ten cover letters and marks them sent under one batch', async () => {
    const ids = (await addRequesters(REQUESTERS)).map((r) => r.id);
    // A request made from a customer screen: the letter goes to the customer's own address.
    const customer = await createCustomer(t.db, {
      title: 'Mrs',
      first_name: 'Edith',
      last_name: 'Cavell',
      street_address: '1 Swardeston Lane',
      town: 'Norwich',
      postcode: 'NR14 8DD',
    });
    const made = await call('POST', '/brochures/requests', t.adminToken, {
      customer_id: customer.id,
      brochure_id: otherBrochureId,
      qty: 1,
    });
    expect(made.statusCode, made.body).toBe(200);

    const list = await call('GET', '/brochures/requests/table?length=25');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().recordsTotal).toBe(11);
    const row = list.json().data.find((r: { id: number }) => r.id === ids[1]);
    expect(row).toMatchObject({
      brochures_names: 'Europe by Coach 2027',
      sent: false,
      customer: null,
      brochure_requester_name: 'Grace Hopper',
      brochure_requester: { postcode: 'EH2 3AH', affiliate: { name: 'Saga Magazine' } },
    });

    const res = await call('GET', '/brochures/requests/process');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const batch = String(res.headers['x-batch-id']);
    expect(res.headers['content-disposition']).toContain(`cover-letters-${batch}.zip`);
    const entries = await unzip(res.rawPayload);
    expect(entries.size).toBe(11);
    const texts = new Map<string, string>();
    for (const [name, pdf] of entries) {
      expect(name).toMatch(/^cover-letter-\d+-.+\.pdf$/);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      texts.set(name, await pdfText(pdf));
    }
    for (const [i, [first, last, street, town, postcode]] of REQUESTERS.entries()) {
      const text = [...texts.entries()].find(([name]) => name.startsWith(`cover-letter-${ids[i]}-`))?.[1];
      expect(text, `${first} ${last}`).toBeDefined();
      expect(text).toContain(`${first} ${last}`);
      expect(text).toContain(street);
      expect(text).toContain(town);
      expect(text).toContain(postcode);
      expect(text).toContain(`Dear ${first} ${last},`);
      expect(text).toContain('Why travel with us');
      expect(text).toContain('0161 496 0750');
      expect(text).toContain('Europe by Coach 2027');
    }
    const edith = [...texts.values()].find((x) => x.includes('Edith'));
    expect(edith).toContain('Mrs Edith Cavell');
    expect(edith).toContain('NR14 8DD');
    expect(edith).toContain('River Cruises 2027');
    expect([...texts.values()].find((x) => x.includes('Lovelace'))).toContain('2 copies');

    const state = await queryRows<{ sent: boolean; batch_id: string | null; n: number }>(
      t.db,
      sql`select sent, batch_id, count(*)::int as n from brochure_requests group by 1, 2`,
    );
    expect(state).toEqual([{ sent: true, batch_id: batch, n: 11 }]);

    const again = await call('GET', '/brochures/requests/process');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ success: false, message: NOTHING_TO_PROCESS_MESSAGE });

    // Sent requests leave the default list; 'Include sent brochure' and the batch filter find them.
    expect((await call('GET', '/brochures/requests/table')).json().recordsTotal).toBe(0);
    const sent = await call('GET', `/brochures/requests/table?include_send_brochures=1&batch_id=${batch}`);
    expect(sent.json().recordsFiltered).toBe(11);
    const byName = await call(
      'GET',
      '/brochures/requests/table?include_send_brochures=true&customer_name=hopper&brochure_name=coach',
    );
    expect(byName.json().data.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
  });

  it('sends each letter once when two members of staff process at the same moment', async () => {
    const ids = (await addRequesters(REQUESTERS.slice(0, 5))).map((r) => r.id);
    const [a, b] = await Promise.all([
      call('GET', '/brochures/requests/process'),
      call('GET', '/brochures/requests/process', t.accountantToken),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 422]);
    const won = a.statusCode === 200 ? a : b;
    expect((await unzip(won.rawPayload)).size).toBe(5);
    const rows = await queryRows<{ batch_id: string }>(
      t.db,
      sql`select distinct batch_id from brochure_requests where id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    expect(rows).toEqual([{ batch_id: String(won.headers['x-batch-id']) }]);
  });

  it('processes only the chosen requests when ids are given', async () => {
    const ids = (await addRequesters(REQUESTERS.slice(0, 3))).map((r) => r.id);
    const res = await call('GET', `/brochures/requests/process?ids=${ids[0]},${ids[2]}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await unzip(res.rawPayload)).size).toBe(2);
    const left = await call('GET', '/brochures/requests/table');
    expect(left.json().data.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
    expect((await call('GET', '/brochures/requests/process?ids=abc')).statusCode).toBe(422);
    // Process the rest, so the next tests start with nothing unsent.
    expect((await call('GET', '/brochures/requests/process')).statusCode).toBe(200);
  });

  it('lists processed batches and downloads one again: the zip kept that day, or the letters made again once retention removed it (issue #22)', async () => {
    const ids = (await addRequesters(REQUESTERS.slice(0, 3))).map((r) => r.id);
    const first = await call('GET', '/brochures/requests/process');
    expect(first.statusCode, first.body).toBe(200);
    const batch = String(first.headers['x-batch-id']);
    const listed = await call('GET', '/brochures/requests/batches', t.accountantToken);
    expect(listed.statusCode).toBe(200);
    const row = listed.json().data.find((b: { batch_id: string }) => b.batch_id === batch);
    expect(row).toEqual({
      batch_id: batch,
      processed_at: `${batch.slice(0, 4)}-${batch.slice(4, 6)}-${batch.slice(6, 8)}T${batch.slice(9, 11)}:${batch.slice(11, 13)}`,
      letters: 3,
      kept: true,
    });
    // The kept copy: the very bytes processing answered.
    const again = await call('GET', `/brochures/requests/batches/${batch}/download`, t.accountantToken);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/zip');
    expect(String(again.headers['content-disposition'])).toContain(`cover-letters-${batch}.zip`);
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    // Once the retention period removed it, the same letters are made again, dated that day.
    await t.app.files.remove(`cover-letters/${batch}.zip`);
    expect(
      (await call('GET', '/brochures/requests/batches'))
        .json()
        .data.find((b: { batch_id: string }) => b.batch_id === batch).kept,
    ).toBe(false);
    const remade = await call('GET', `/brochures/requests/batches/${batch}/download`);
    expect(remade.statusCode).toBe(200);
    const before = await unzip(first.rawPayload);
    const after = await unzip(remade.rawPayload);
    expect([...after.keys()]).toEqual([...before.keys()]);
    expect([...after.keys()].every((k) => ids.some((id) => k.startsWith(`cover-letter-${id}-`)))).toBe(true);
    const text = (await extractText(new Uint8Array([...after.values()][0]), { mergePages: true })).text;
    const batchDay = new Date(`${batch.slice(0, 4)}-${batch.slice(4, 6)}-${batch.slice(6, 8)}T12:00:00Z`);
    expect(text).toContain(
      batchDay.toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    );
    // Unknown and malformed batches.
    expect((await call('GET', '/brochures/requests/batches/20990101-0000-ffff/download')).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/brochures/requests/batches/bad%20id/download')).statusCode).toBe(422);
  });

  it('lists and exports the requests of a date range (brochure-request.xlsx with real dates)', async () => {
    await addRequesters(REQUESTERS.slice(3, 5));
    await t.db.execute(
      sql`update brochure_requests set created_at = '2026-03-10 23:30:00+00' where requester_last_name = 'Somerville' and not sent`,
    );
    const list = await call(
      'GET',
      '/brochures/requests/filter?brochure_requested_from=2026-03-10&brochure_requested_to=2026-03-10&type=list',
    );
    expect(list.statusCode, list.body).toBe(200);
    // 23:30 UTC on 10 March is still 10 March in London (GMT).
    expect(
      list.json().data.map((r: { brochure_requester_name: string }) => r.brochure_requester_name),
    ).toEqual(['Mary Somerville']);
    const bad = await call(
      'GET',
      '/brochures/requests/filter?brochure_requested_from=2026-03-11&brochure_requested_to=2026-03-10&type=list',
    );
    expect(bad.statusCode).toBe(422);

    const res = await call('GET', '/brochures/requests/filter?type=export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('brochure-request.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual(
      expect.arrayContaining([
        'Requested',
        'Brochure',
        'Qty',
        'First name',
        'Last name',
        'Post code',
        'Sent',
        'Batch',
      ]),
    );
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const total = (
      await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from brochure_requests`)
    )[0].n;
    expect(ws.actualRowCount).toBe(total + 1);
    const mary = ws.getRow(2);
    expect(mary.getCell(1).value).toEqual(new Date('2026-03-10T00:00:00Z'));
    expect(mary.getCell(1).numFmt).toBe('dd/mm/yyyy');
    expect(mary.getCell(5).value).toBe('Somerville');
    expect(mary.getCell(14).value).toBe('No');
  });

  it('creates a customer from the requester (role 1 only) and links another to a customer; then neither is offered', async () => {
    const [first, second] = await addRequesters([
      ['Jane', 'Austen', '8 Gay Street', 'Bath', 'ba1 2pH'],
      ['Charlotte', 'Bronte', '1 Church Street', 'Haworth', 'BD22 8DR'],
    ]);
    expect(
      (await call('GET', `/brochures/requests/${first.id}/create-customer`, t.accountantToken)).statusCode,
    ).toBe(403);
    const created = await call('GET', `/brochures/requests/${first.id}/create-customer`);
    expect(created.statusCode, created.body).toBe(200);
    const customerId = created.json().data;
    expect(created.json()).toMatchObject({ success: true, message: 'Customer created successfully.' });
    const customer = (await call('GET', `/customers/${customerId}`)).json().data;
    expect(customer).toMatchObject({
      first_name: 'Jane',
      last_name: 'Austen',
      street_address: '8 Gay Street',
      town: 'Bath',
      postcode: 'BA1 2PH',
      email: 'jane@example.co.uk',
      country_id: 220,
    });
    const one = await call('GET', `/brochures/requests/${first.id}`);
    expect(one.json().data[0]).toMatchObject({
      customer_id: customerId,
      customer: { id: customerId, first_name: 'Jane', last_name: 'Austen' },
      customer_name: 'Jane Austen',
    });
    const twice = await call('GET', `/brochures/requests/${first.id}/create-customer`);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe('This brochure request is already linked to a customer.');

    const target = await createCustomer(t.db, { first_name: 'Charlotte', last_name: 'Brontë' });
    expect(
      (
        await call('POST', `/brochures/requests/${second.id}/link-customer`, t.adminToken, {
          customer_id: 2147483647,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await call('POST', `/brochures/requests/${second.id}/link-customer`, t.adminToken, {
          customer_id: '',
        })
      ).json().errors,
    ).toEqual({ customer_id: ['Please choose a customer.'] });
    const linked = await call('POST', `/brochures/requests/${second.id}/link-customer`, t.accountantToken, {
      customer_id: target.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().message).toBe('Customer linked successfully.');
    // The requester's own details stay what the letter and the list show.
    const row = (await call('GET', `/brochures/requests/${second.id}`)).json().data[0];
    expect(row).toMatchObject({ customer_id: target.id, brochure_requester_name: 'Charlotte Bronte' });
    expect(
      (
        await call('POST', `/brochures/requests/${second.id}/link-customer`, t.adminToken, {
          customer_id: target.id,
        })
      ).statusCode,
    ).toBe(422);
    expect((await call('GET', '/brochures/requests/2147483647')).statusCode).toBe(404);
    expect((await call('GET', '/brochures/requests/2147483647/create-customer')).statusCode).toBe(404);

    // The customers list's lookup: by post code (spaces and case ignored), sent ones included.
    const lookup = await call('GET', '/customers/brochure-request-table?customer_post_code=ba12');
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json().data.map((r: { id: number }) => r.id)).toEqual([first.id]);
    const all = await call('GET', '/customers/brochure-request-table?customer_name=hopper');
    expect(all.json().recordsFiltered).toBeGreaterThanOrEqual(1);
  });

  it('refuses a requester whose details cannot make a customer, naming the field', async () => {
    const [row] = await t.db
      .insert(s.brochure_requests)
      .values({
        brochure_id: brochureId,
        requester_first_name: 'Nobody',
        requester_postcode: 'not a postcode',
      })
      .returning({ id: s.brochure_requests.id });
    const res = await call('GET', `/brochures/requests/${row.id}/create-customer`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['last_name']);
    expect(res.json().message).toMatch(/^The requester's details cannot make a customer: /);
  });
});
