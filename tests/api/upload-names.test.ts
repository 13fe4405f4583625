import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { advertise_sizes } from '../../src/server/db/schema';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAffiliate, createBooking, createTourInstance } from '../helpers/factories';

/** A 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A minimal PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

interface Part {
  field: string;
  name: string;
  data: Buffer;
  type: string;
}

/** A multipart/form-data body as a browser builds it. */
async function multipart(fields: Record<string, string>, parts: Part[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const p of parts) form.append(p.field, new Blob([new Uint8Array(p.data)], { type: p.type }), p.name);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') as string },
  };
}

/** The file name a download answer gives (the ASCII `filename="…"`). */
const nameOf = (res: LightMyRequestResponse) =>
  /filename="([^"]*)"/.exec(String(res.headers['content-disposition']))?.[1];

// Issue 'Safe on the open internet', point 6: an upload keeps no lying extension. GIF bytes sent
// as poly.svg and PDF bytes sent as x.html, through real upload routes, download named for what
// they are (poly.gif, x.pdf) with that Content-Type; bytes of no known type download as
// application/octet-stream named .bin — never as HTML or SVG.
describe.each(testDbKinds)('uploaded files download as what their bytes are, on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(t.adminToken), payload });
  const upload = async (url: string, fields: Record<string, string>, parts: Part[]) => {
    const body = await multipart(fields, parts);
    return t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...bearer(t.adminToken), ...body.headers },
      payload: body.payload,
    });
  };
  const expectDownload = (res: LightMyRequestResponse, name: string, type: string, bytes: Buffer) => {
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(nameOf(res)).toBe(name);
    expect(res.headers['content-type']).toBe(type);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  };

  it("a booking's additional documents: poly.svg (GIF) → poly.gif, x.html (PDF) → x.pdf", async () => {
    const booking = await createBooking(t.db);
    const res = await upload(`/bookings/${booking.id}/additional-documents`, {}, [
      { field: 'files[0]', name: 'poly.svg', data: GIF, type: 'image/svg+xml' },
      { field: 'files[1]', name: 'x.html', data: PDF, type: 'text/html' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [gif, pdf] = res.json().data as { id: number; name: string }[];
    expectDownload(
      await call('GET', `/bookings/${gif.id}/additional-documents/download`),
      'poly.gif',
      'image/gif',
      GIF,
    );
    expectDownload(
      await call('GET', `/bookings/${pdf.id}/additional-documents/download`),
      'x.pdf',
      'application/pdf',
      PDF,
    );
    // The same file through the booking history's download.
    const [entry] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from booking_history where holiday_booking_id = ${booking.id} and document_name = 'poly.svg'`,
    );
    expectDownload(
      await call('POST', '/download-booking-history-document', { id: entry.id }),
      'poly.gif',
      'image/gif',
      GIF,
    );
  });

  it("an airline's instruction document: x.html (PDF) → x.pdf", async () => {
    const res = await upload('/airlines', { name: 'Lying Air', web_check_in_before_days: '28' }, [
      { field: 'instruction_doc_file', name: 'x.html', data: PDF, type: 'text/html' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expectDownload(
      await call('GET', `/airlines/airline-instruction/${res.json().data.id}/download`),
      'x.pdf',
      'application/pdf',
      PDF,
    );
  });

  it("an advert's artwork: poly.svg (GIF) → poly.gif, its invoice x.html (PDF) → x.pdf", async () => {
    const affiliate = await createAffiliate(t.db);
    await createTourInstance(t.db);
    const [size] = await t.db.insert(advertise_sizes).values({ size_name: 'Half page' }).returning();
    const res = await upload(
      `/affiliates/advertisement/${affiliate.id}/submit`,
      {
        size_id: String(size.id),
        placemenet_date: '2027-03-01',
        expiry_date: '2027-03-31',
        total_cost: '450.00',
        is_graphic_created: 'false',
        is_sent: 'false',
      },
      [
        { field: 'graphic_file', name: 'poly.svg', data: GIF, type: 'image/svg+xml' },
        { field: 'invoice_file', name: 'x.html', data: PDF, type: 'text/html' },
      ],
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.advertisement_id;
    expectDownload(
      await call('POST', `/affiliates/download-artwork/${id}`, { download_type: 'graphic' }),
      'poly.gif',
      'image/gif',
      GIF,
    );
    expectDownload(
      await call('POST', `/affiliates/download-artwork/${id}`, { download_type: 'invoice' }),
      'x.pdf',
      'application/pdf',
      PDF,
    );
  });

  it('a stored file of no known type downloads as application/octet-stream named .bin', async () => {
    // Uploads refuse such bytes; a file stored before the rule (or by another way in) still must
    // not reach a browser as HTML.
    const { instance } = await createTourInstance(t.db);
    const booking = await createBooking(t.db, { instance });
    const [line] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from tour_bookings where holiday_booking_id = ${booking.id}`,
    );
    const key = await t.app.files.save('airline-invoices', HTML, 'html');
    const [cost] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into tour_booking_airline_costs (tour_booking_id, flight_cost, airline_invoice_name, airline_invoice_path)
          values (${line.id}, '80.00', 'x.html', ${key}) returning id`,
    );
    expectDownload(
      await call('POST', '/update-booking/download-supplement-costing-doc', { airline_id: cost.id }),
      'x.bin',
      'application/octet-stream',
      HTML,
    );
  });
});
