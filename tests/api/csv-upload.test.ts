import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';

/** POST csvupload as the screen sends it: multipart with the file in `csv` and `updateOnly`. */
function upload(t: TestContext, csv: string, updateOnly: boolean, token = t.adminToken) {
  const boundary = `----csv${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="updateOnly"\r\n\r\n${updateOnly}\r\n`,
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="instances.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/csvupload',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const HEADER =
  'tour_reference,group_start_date,departure_date,departure_airport,pickup_point,instance_title,base_price,base_sale_price,base_cost,deposit_price,tour_places,accommodation,room,room_price,room_sale_price,room_cost';

// Bulk Tour Instance Uploader (spec 3 §2 Tours): every row checked before any is written; a bad
// row names its line and nothing is written; pricing-only mode updates prices of existing instances.
describe.each(testDbKinds)('CSV instance upload on %s', (kind) => {
  let t: TestContext;

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(t.adminToken), payload });
  const rows = async <T>(q: string) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
  const count = async (table: string) =>
    (await rows<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n;
  let tourId: number;
  let groupId: number;
  afterAll(async () => t?.close());

  beforeAll(async () => {
    t = await createTestContext(kind);
    tourId = (
      await call('POST', '/tours', {
        name: 'Algarve Sunshine',
        reference: 'ALG-7',
        tour_type: 'air',
        deposit_price: '200',
        duration: 7,
        release_days_before: 42,
        tour_places: 40,
      })
    ).json().data.id;
    groupId = (
      await call('POST', '/tours/groups', { tour_id: tourId, start_date: '2027-06-05', base_price: '699' })
    ).json().data.id;
    const acc = (
      await rows<{ id: number }>(
        `insert into accommodations (accommodation_name) values ('Hotel Faro') returning id`,
      )
    )[0].id;
    const room = (
      await rows<{ id: number }>(
        `insert into accommodation_rooms (accommodation_id, name, board_basis, occupancy) values (${acc}, 'Sea View Double', 'Half Board', 2) returning id`,
      )
    )[0].id;
    const ta = (
      await call('POST', `/tours/${tourId}/accommodation`, {
        accommodation_id: acc,
        check_in_day: 1,
        check_out_day: 8,
      })
    ).json().data.id;
    await call('POST', `/tours/accommodation/${ta}/rooms`, { accommodation_room_id: room, supplement: '40' });
  });

  it('publishes the column layout as a downloadable template', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/csvupload/template',
      headers: bearer(t.accountantToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('tour-instances-template.csv');
    expect(res.body.trim()).toBe(HEADER);
  });

  it('writes nothing when one row is bad, and names its line', async () => {
    const csv = [
      HEADER,
      'ALG-7,05/06/2027,05/06/2027,MAN,,,699.00,,480.00,,30,Hotel Faro,Sea View Double,760.00,,520.00',
      'ALG-7,05/06/2027,05/06/2027,LGW,,,689.00,,,,,,,,,',
      'ALG-7,05/06/2027,06/06/2027,XXX,,,12.345,,,,,,,,,',
      'NOPE-1,05/06/2027,05/06/2027,MAN,,,,,,,,,,,,',
    ].join('\n');
    const res = await upload(t, csv, false);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      message: '2 rows have errors; nothing was imported.',
    });
    expect(res.json().lines).toEqual([
      {
        line: 4,
        errors: ["Unknown airport IATA code 'XXX'.", 'base_price must be an amount with at most 2 decimals.'],
      },
      { line: 5, errors: ["No tour has the reference 'NOPE-1'."] },
    ]);
    expect(res.json().errors['line 4'][0]).toBe("Line 4: Unknown airport IATA code 'XXX'.");
    expect(await count('tour_instances')).toBe(0);
    expect(await count('tour_instance_prices')).toBe(0);
  });

  it('imports every row in one go: instances created, room prices saved', async () => {
    const csv = [
      HEADER,
      'ALG-7,05/06/2027,05/06/2027,MAN,,,699.00,,480.00,,30,Hotel Faro,Sea View Double,760.00,,520.00',
      'alg-7,2027-06-05,05/06/2027,LGW,,Gatwick departure,689.00,,,,,,,,,',
    ].join('\r\n');
    const res = await upload(t, csv, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'File uploaded succesfully',
      data: { rows: 2, instances_created: 2, instances_updated: 0, prices_saved: 1 },
    });
    const instances = (await call('GET', `/tours/${tourId}/instances`)).json().data;
    expect(
      instances.map((i: { instance_title: string; base_price: string }) => [i.instance_title, i.base_price]),
    ).toEqual([
      ['Gatwick departure', '689.00'],
      ['Manchester (MAN)', '699.00'],
    ]);
    const man = instances[1].id;
    const offer = (await call('POST', '/tours/get-instance-rooms', { instance_id: man })).json().data[0];
    expect(offer).toMatchObject({ name: 'Sea View Double', price: '760.00', cost: '520.00' });
    expect(instances.every((i: { tour_group_id: number }) => i.tour_group_id === groupId)).toBe(true);
  });

  it('pricing update only: changes prices of existing instances, creates none', async () => {
    const missing = await upload(t, `${HEADER}\nALG-7,05/06/2027,05/06/2027,BHX,,,650.00,,,,,,,,,`, true);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().lines).toEqual([
      { line: 2, errors: ['No such instance to update (pricing update only does not create instances).'] },
    ]);
    const csv = [
      HEADER,
      'ALG-7,05/06/2027,05/06/2027,MAN,,Ignored title,719.00,689.00,,99.00,12,Hotel Faro,Sea View Double,0.00,,',
    ].join('\n');
    const res = await upload(t, csv, true);
    expect(res.json()).toMatchObject({ success: true, data: { instances_created: 0, instances_updated: 1 } });
    const man = (await call('GET', `/tours/${tourId}/instances?DepartureAirport=MAN`)).json().data[0];
    expect(man).toMatchObject({
      instance_title: 'Manchester (MAN)',
      base_price: '719.00',
      base_sale_price: '689.00',
      tour_places: 30,
    });
    const offer = (await call('POST', '/tours/get-instance-rooms', { instance_id: man.id })).json().data[0];
    expect(offer).toMatchObject({ price: '759.00', sale_price: '729.00', price_source: 'base' });
    expect(await count('tour_instances')).toBe(2);
  });

  it('refuses a file that is not the template, and role 2', async () => {
    const wrong = await upload(t, 'name,price\nx,1', false);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.csv).toEqual([
      'Line 1: Missing column(s): tour_reference, group_start_date, departure_date.',
      'Line 1: Unknown column(s): name, price.',
    ]);
    expect((await upload(t, HEADER, false)).json().errors.csv).toEqual(['The file has no rows.']);
    expect((await upload(t, `${HEADER}\nALG-7`, false, t.accountantToken)).statusCode).toBe(403);
  });
});
