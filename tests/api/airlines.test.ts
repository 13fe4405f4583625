import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { storedNames } from '../helpers/files';

/** A minimal but well-formed one-page PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
/** The 8-byte PNG signature plus a little: an image renamed .pdf. */
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

/** A multipart/form-data body built the way a browser builds it. */
async function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) {
    form.append(
      'instruction_doc_file',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/pdf' }),
      file.name,
    );
  }
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') as string },
  };
}

// Airlines (spec 3 §2 'Flights and airlines', §3 Airline, §5 'Airline: PDF only', §7).
describe.each(testDbKinds)('airlines on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const upload = async (
    url: string,
    token: string,
    fields: Record<string, string>,
    file?: { name: string; data: Buffer; type?: string },
  ) => {
    const body = await multipart(fields, file);
    return t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const storedFiles = async () => storedNames(t.app.files, 'airlines');

  it('creates an airline with its instruction PDF and downloads the same bytes under the original name', async () => {
    const created = await upload(
      '/airlines',
      t.adminToken,
      {
        name: 'Jet2',
        contact_name: 'Sam Ellis',
        web_check_in_before_days: '28',
        airline_content: 'Check in online from 28 days before.\nPrint your boarding passes.',
      },
      { name: 'Jet2 check-in guide.pdf', data: PDF },
    );
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ success: true, message: 'Airline created successfully.' });
    const id = created.json().data.id;

    const one = await call('GET', `/airlines/${id}`, t.accountantToken);
    expect(one.json().data).toEqual({
      id,
      name: 'Jet2',
      contact_name: 'Sam Ellis',
      web_check_in_before_days: 28,
      airline_content: 'Check in online from 28 days before.\nPrint your boarding passes.',
      instruction_doc_name: 'Jet2 check-in guide.pdf',
      has_instruction_doc: true,
    });

    const file = await call('GET', `/airlines/airline-instruction/${id}/download`, t.accountantToken);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('filename="Jet2 check-in guide.pdf"');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('replaces the PDF on update and removes the old file; keeps it when no file is sent', async () => {
    const id = (
      await upload('/airlines', t.adminToken, { name: 'TUI Airways' }, { name: 'old.pdf', data: PDF })
    ).json().data.id;
    const before = await storedFiles();
    const newPdf = Buffer.concat([PDF, Buffer.from('% second version\n')]);
    const updated = await upload(
      `/airlines/${id}`,
      t.adminToken,
      { name: 'TUI Airways', contact_name: 'Desk', web_check_in_before_days: '', airline_content: '' },
      { name: 'C:\\fakepath\\TUI instructions.pdf', data: newPdf },
    );
    expect(updated.json()).toMatchObject({ success: true, message: 'Airline updated successfully.' });
    const after = await storedFiles();
    expect(after.length).toBe(before.length);
    const one = (await call('GET', `/airlines/${id}`, t.adminToken)).json().data;
    expect(one).toMatchObject({
      instruction_doc_name: 'TUI instructions.pdf',
      web_check_in_before_days: null,
    });
    const file = await call('GET', `/airlines/airline-instruction/${id}/download`, t.adminToken);
    expect(file.rawPayload.equals(newPdf)).toBe(true);

    // No file: the document stays; JSON is accepted as well as multipart.
    const renamed = await call('POST', `/airlines/${id}`, t.adminToken, { name: 'TUI' });
    expect(renamed.statusCode).toBe(200);
    expect((await call('GET', `/airlines/${id}`, t.adminToken)).json().data).toMatchObject({
      name: 'TUI',
      instruction_doc_name: 'TUI instructions.pdf',
    });
  });

  it('refuses a PNG or a text file renamed .pdf with 422 and stores nothing', async () => {
    const before = await storedFiles();
    for (const data of [PNG, Buffer.from('just some text, not a PDF')]) {
      const res = await upload('/airlines', t.adminToken, { name: 'Fake' }, { name: 'fake.pdf', data });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ instruction_doc_file: ['The document must be a PDF file.'] });
    }
    expect(await storedFiles()).toEqual(before);
    const list = (await call('GET', '/airlines', t.adminToken)).json().data;
    expect(list.map((a: { name: string }) => a.name)).not.toContain('Fake');
  });

  it('answers 422 per field, naming every bad field at once', async () => {
    const res = await upload(
      '/airlines',
      t.adminToken,
      { name: ' ', web_check_in_before_days: '-2' },
      { name: 'x.pdf', data: PNG },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Name is required.'],
      web_check_in_before_days: ['Web check-in days must be at least 0.'],
      instruction_doc_file: ['The document must be a PDF file.'],
    });
    const frac = await call('POST', '/airlines', t.adminToken, {
      name: 'X',
      web_check_in_before_days: '1.5',
    });
    expect(frac.json().errors).toEqual({
      web_check_in_before_days: ['Web check-in days must be a whole number.'],
    });
  });

  it('lists airlines by name (GET airlines and airlines/), tables them with search', async () => {
    await call('POST', '/airlines', t.adminToken, { name: 'easyJet', contact_name: 'Ops Luton' });
    await call('POST', '/airlines', t.adminToken, { name: 'British Airways' });
    for (const url of ['/airlines', '/airlines/']) {
      const res = await call('GET', url, t.accountantToken);
      expect(res.statusCode).toBe(200);
      const names = res.json().data.map((a: { name: string }) => a.name);
      expect(names).toEqual(
        [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
      );
      expect(Object.keys(res.json().data[0]).sort()).toEqual(['id', 'name']);
    }
    const searched = await call('GET', '/airlines/table?draw=2&search[value]=luton', t.accountantToken);
    expect(searched.json()).toMatchObject({ draw: 2, recordsFiltered: 1 });
    expect(searched.json().data[0]).toMatchObject({ name: 'easyJet', contact_name: 'Ops Luton' });
    const sorted = await call(
      'GET',
      '/airlines/table?order[0][column]=0&order[0][dir]=desc&columns[0][data]=name',
      t.accountantToken,
    );
    const names = sorted.json().data.map((a: { name: string }) => a.name);
    expect(names[0] >= names[names.length - 1]).toBe(true);
  });

  it("answers 404 'File not found' when there is no document, and 404 for an unknown airline", async () => {
    const id = (await call('POST', '/airlines', t.adminToken, { name: 'Ryanair' })).json().data.id;
    const res = await call('GET', `/airlines/airline-instruction/${id}/download`, t.adminToken);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('File not found');
    expect(
      (await call('GET', '/airlines/airline-instruction/999999/download', t.adminToken)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/airlines/999999', t.adminToken)).statusCode).toBe(404);
    expect((await call('POST', '/airlines/999999', t.adminToken, { name: 'X' })).statusCode).toBe(404);
    expect((await call('POST', '/airlines/999999/delete', t.adminToken)).statusCode).toBe(404);
  });

  it('deletes an airline with its file; refuses while flights use it', async () => {
    const id = (
      await upload('/airlines', t.adminToken, { name: 'Loganair' }, { name: 'l.pdf', data: PDF })
    ).json().data.id;
    const before = await storedFiles();
    const del = await call('POST', `/airlines/${id}/delete`, t.adminToken);
    expect(del.json()).toMatchObject({ success: true, message: 'Airline deleted successfully.' });
    expect((await storedFiles()).length).toBe(before.length - 1);

    const busy = (await call('POST', '/airlines', t.adminToken, { name: 'Aer Lingus' })).json().data.id;
    await t.db.execute(
      `insert into flights (flight_number, airline_id, departure_airport_id, arrival_airport_id, departure_time, arrival_time)
       select 'EI123', ${busy}, min(id), max(id), '2030-05-01 09:00', '2030-05-01 10:30' from airports`,
    );
    const refused = await call('POST', `/airlines/${busy}/delete`, t.adminToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'This airline cannot be deleted: flights use it. Move or delete those flights first.',
    });
  });

  it('answers 403 to role 2 on every write', async () => {
    const id = (await call('POST', '/airlines', t.adminToken, { name: 'Wizz Air' })).json().data.id;
    expect((await call('POST', '/airlines', t.accountantToken, { name: 'X' })).statusCode).toBe(403);
    expect(
      (await upload('/airlines', t.accountantToken, { name: 'X' }, { name: 'x.pdf', data: PDF })).statusCode,
    ).toBe(403);
    expect((await call('POST', `/airlines/${id}`, t.accountantToken, { name: 'X' })).statusCode).toBe(403);
    expect((await call('POST', `/airlines/${id}/delete`, t.accountantToken)).statusCode).toBe(403);
    expect((await call('GET', `/airlines/${id}`, t.adminToken)).json().data.name).toBe('Wizz Air');
  });
});
