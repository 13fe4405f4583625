import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A multipart body with text fields and optional files. */
function multipart(
  fields: Record<string, string>,
  files: Record<string, { name: string; data: Buffer; type: string }> = {},
) {
  const boundary = `----tours${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const [k, f] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// Tours (spec 3 §2 Tours, §5 Tour form, §7 Tours): create, read, list, search, suppression, update
// with the information PDF, the lists the screens read, 422s and 403s.
describe.each(testDbKinds)('tours on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const tour = {
    name: 'Italian Lakes & Mountains',
    reference: 'ILM-7',
    tour_type: 'air',
    enabled: 1,
    deposit_price: '150',
    duration: 7,
    minimum_age: '',
    release_days_before: 42,
    destination: 110,
    tour_places: 40,
    stop_sell: false,
    is_passport_details_required: true,
    itinerary: 'Day 1: fly to Verona.',
  };
  let id: number;

  it('creates a tour as multipart (tour JSON and information PDF) and reads it back', async () => {
    const form = multipart(
      { tour: JSON.stringify(tour) },
      { information_doc_file: { name: 'Lakes itinerary.pdf', data: PDF, type: 'application/pdf' } },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tours/',
      headers: { ...bearer(t.adminToken), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Tour created successfully.' });
    id = res.json().data.id;
    const one = (await call('GET', `/tours/${id}`, t.accountantToken)).json().data[0];
    expect(one).toMatchObject({
      id,
      name: 'Italian Lakes & Mountains',
      reference: 'ILM-7',
      tour_type: 'air',
      enabled: 1,
      deposit_price: '150.00',
      duration: 7,
      minimum_age: null,
      is_passport_details_required: true,
      information_doc_name: 'Lakes itinerary.pdf',
      has_information_doc: true,
      accommodation: [],
      extras: [],
    });
    const file = await call('GET', `/tours/tours-document/${id}/download`, t.accountantToken);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('Lakes itinerary.pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('lists tours server-side with search, and only suppressed ones with show_only_suppressed=yes', async () => {
    await call('POST', '/tours', t.adminToken, {
      ...tour,
      name: 'Cornish Coast by Coach',
      reference: 'CCC-5',
      tour_type: 'coach',
    });
    const searched = await call('GET', '/tours/table?draw=2&search[value]=cornish', t.accountantToken);
    expect(searched.json()).toMatchObject({ draw: 2, recordsTotal: 2, recordsFiltered: 1 });
    expect(searched.json().data[0]).toMatchObject({
      name: 'Cornish Coast by Coach',
      tour_type: 'coach',
      is_suppressed: false,
    });

    const sup = await call('POST', '/tours/update/tour-suppression', t.adminToken, {
      tour_id: id,
      supression: 'yes',
    });
    expect(sup.json()).toEqual({ status: true, message: 'Tour suppressed successfully.' });
    const normal = await call('GET', '/tours/table', t.accountantToken);
    expect(normal.json().data.map((r: { name: string }) => r.name)).toEqual(['Cornish Coast by Coach']);
    const suppressed = await call('GET', '/tours/table?show_only_suppressed=yes', t.accountantToken);
    expect(suppressed.json().data.map((r: { name: string }) => r.name)).toEqual([
      'Italian Lakes & Mountains',
    ]);
    await call('POST', '/tours/update/tour-suppression', t.adminToken, { tour_id: id, supression: 'no' });
    expect((await call('GET', '/tours/table', t.accountantToken)).json().recordsTotal).toBe(2);
  });

  it('updates a tour; a new PDF replaces the old one; no PDF keeps it', async () => {
    const form = multipart({ tour: JSON.stringify({ ...tour, name: 'Italian Lakes', stop_sell: true }) });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/tours/${id}`,
      headers: { ...bearer(t.adminToken), ...form.headers },
      payload: form.payload,
    });
    expect(res.json()).toMatchObject({ success: true, message: 'Tour updated successfully.' });
    const one = (await call('GET', `/tours/${id}`, t.adminToken)).json().data[0];
    expect(one).toMatchObject({
      name: 'Italian Lakes',
      stop_sell: true,
      information_doc_name: 'Lakes itinerary.pdf',
    });
  });

  it('answers 422 per field: required fields, a non-PDF document, a taken reference', async () => {
    const empty = await call('POST', '/tours', t.adminToken, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({
      name: ['Name is required.'],
      reference: ['Reference is required.'],
      deposit_price: ['Deposit price is required.'],
      duration: ['Duration is required.'],
      release_days_before: ['Release days before is required.'],
      tour_places: ['Tour places is required.'],
    });
    const form = multipart(
      { tour: JSON.stringify({ ...tour, reference: 'NEW-1' }) },
      { information_doc_file: { name: 'x.pdf', data: Buffer.from('not a pdf'), type: 'application/pdf' } },
    );
    const notPdf = await t.app.inject({
      method: 'POST',
      url: '/api/tours',
      headers: { ...bearer(t.adminToken), ...form.headers },
      payload: form.payload,
    });
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().errors).toEqual({
      information_doc_file: ['The information document must be a PDF file.'],
    });
    const taken = await call('POST', '/tours', t.adminToken, { ...tour, reference: 'ilm-7' });
    expect(taken.json().errors).toEqual({ reference: ['Another tour already has this reference.'] });
    const missing = await call('GET', '/tours/tours-document/999999/download', t.adminToken);
    expect(missing.statusCode).toBe(404);
  });

  it('answers the lists the tour screens read', async () => {
    const types = (await call('GET', '/tours/tour-type', t.accountantToken)).json().data;
    expect(types.map((x: { id: string }) => x.id)).toEqual(['air', 'coach', 'self-drive', 'world-wide']);
    const data = (await call('GET', '/tours/tour-data', t.accountantToken)).json().data;
    expect(Object.keys(data).sort()).toEqual([
      'accomodations',
      'bonding_types',
      'countries',
      'pickUpRegions',
    ]);
    expect(data.countries.find((c: { id: number }) => c.id === 220).name).toBe('United Kingdom');
    const airports = (await call('GET', '/airports/by_country/GB', t.accountantToken)).json().data;
    const codes = airports.map((a: { iata_code: string }) => a.iata_code);
    expect(codes).toEqual(expect.arrayContaining(['MAN', 'LGW', 'LHR', 'BHX']));
    expect(codes).not.toContain('CDG');
  });

  it('adds tour accommodation with days 1..duration+1 and refuses others', async () => {
    const acc = (
      (await t.db.execute(
        `insert into accommodations (accommodation_name) values ('Hotel du Lac') returning id`,
      )) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0].id;
    const zero = await call('POST', `/tours/${id}/accommodation`, t.adminToken, {
      accommodation_id: acc,
      check_in_day: 0,
      check_out_day: 5,
    });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors).toEqual({ check_in_day: ['Check-in day must be at least 1.'] });
    const late = await call('POST', `/tours/${id}/accommodation`, t.adminToken, {
      accommodation_id: acc,
      check_in_day: 1,
      check_out_day: 9,
    });
    expect(late.json().errors).toEqual({ check_out_day: ['Check-out day must be between 1 and 8.'] });
    const same = await call('POST', `/tours/${id}/accommodation`, t.adminToken, {
      accommodation_id: acc,
      check_in_day: 3,
      check_out_day: 3,
    });
    expect(same.json().errors).toEqual({ check_out_day: ['Check-out day must be after the check-in day.'] });
    const ok = await call('POST', `/tours/${id}/accommodation`, t.adminToken, {
      accommodation_id: acc,
      check_in_day: 1,
      check_out_day: 8,
    });
    expect(ok.json()).toMatchObject({ success: true });
    const taId = ok.json().data.id;
    const detail = (await call('GET', `/tours/accommodation/${taId}`, t.accountantToken)).json().data;
    expect(detail).toMatchObject({
      accommodation_name: 'Hotel du Lac',
      duration: 7,
      rooms: [],
      tour_name: 'Italian Lakes',
    });
    const updated = await call('POST', `/tours/accommodation/${taId}`, t.adminToken, {
      accommodation_id: acc,
      check_in_day: 2,
      check_out_day: 7,
    });
    expect(updated.json()).toMatchObject({ success: true, message: 'Accommodation updated successfully.' });
    expect((await call('GET', `/tours/${id}`, t.adminToken)).json().data[0].accommodation[0]).toMatchObject({
      check_in_day: 2,
      check_out_day: 7,
    });
    const deleted = await call('POST', `/tours/accommodation/${taId}/delete`, t.adminToken);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Accommodation deleted successfully.' });
  });

  it('answers 403 to role 2 on every tour write, 404 for an unknown tour', async () => {
    const writes: [string, object][] = [
      ['/tours', tour],
      [`/tours/${id}`, tour],
      ['/tours/update/tour-suppression', { tour_id: id, supression: 'yes' }],
      [`/tours/${id}/accommodation`, { accommodation_id: 1, check_in_day: 1, check_out_day: 2 }],
      ['/tours/accommodation/1', { accommodation_id: 1, check_in_day: 1, check_out_day: 2 }],
      ['/tours/accommodation/1/delete', {}],
      ['/tours/accommodation/1/rooms', { accommodation_room_id: 1 }],
      ['/tours/accommodation/rooms/1/delete', {}],
      ['/tours/rooms/1', { supplement: '1.00' }],
      ['/tours/groups/exclude-accommodation', { tour_group_id: 1, tour_accommodation_id: 1, checked: true }],
    ];
    for (const [url, body] of writes) {
      expect((await call('POST', url, t.accountantToken, body)).statusCode, url).toBe(403);
    }
    expect((await call('GET', '/tours/999999', t.adminToken)).statusCode).toBe(404);
    expect((await call('POST', '/tours/999999', t.adminToken, tour)).statusCode).toBe(404);
  });
});
