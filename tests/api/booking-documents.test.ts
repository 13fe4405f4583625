import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAgent, createBooking, createCustomer, createTourInstance } from '../helpers/factories';
import { storedNames } from '../helpers/files';
import { outboxMessages } from '../helpers/outbox';

/** A minimal one-page PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

interface Part {
  field: string;
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart/form-data body as a browser builds it. */
async function multipart(fields: Record<string, string>, parts: Part[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const p of parts) {
    form.append(
      p.field,
      new Blob([new Uint8Array(p.data)], { type: p.type ?? 'application/octet-stream' }),
      p.name,
    );
  }
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') as string },
  };
}

// Additional documents (spec 1 §3, §5 'images and PDFs, several files at once', §7, §8 'File not
// found'), booking history (§3 History entry, §7, §9 page sizes) and the supplement costing doc (§7).
describe.each(testDbKinds)('booking documents and history on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const upload = async (
    bookingId: number,
    token: string,
    parts: Part[],
    fields: Record<string, string> = {},
  ) => {
    const body = await multipart(fields, parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/additional-documents`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const stored = async () => storedNames(t.app.files, 'booking-documents');
  const docs = (bookingId: number) =>
    queryRows<{ id: number; name: string; mime_type: string; document_detail: string | null }>(
      t.db,
      sql`select id, name, mime_type, document_detail from booking_additional_documents
          where holiday_booking_id = ${bookingId} order by id`,
    );
  const history = (bookingId: number) =>
    queryRows<{ id: number; type: string; action: string; comment: string; document_name: string | null }>(
      t.db,
      sql`select id, type, action, comment, document_name from booking_history
          where holiday_booking_id = ${bookingId} order by id`,
    );
  async function booking(opts: { customerEmail?: string | null; agentEmail?: string | null } = {}) {
    const customer =
      opts.customerEmail !== undefined ? await createCustomer(t.db, { email: opts.customerEmail }) : null;
    const agent = opts.agentEmail !== undefined ? await createAgent(t.db, { email: opts.agentEmail }) : null;
    return createBooking(t.db, { customer_id: customer?.id ?? null, agent_id: agent?.id ?? null });
  }

  describe('additional documents', () => {
    it('uploads two files at once, lists them, and writes one history entry per file', async () => {
      const b = await booking({ customerEmail: 'jo@example.test' });
      const before = await stored();
      const res = await upload(
        b.id,
        t.adminToken,
        [
          { field: 'files[0]', name: 'Passport scan.pdf', data: PDF, type: 'application/pdf' },
          { field: 'files[1]', name: 'C:\\Users\\jo\\Room photo.png', data: PNG, type: 'image/png' },
        ],
        { document_detail: 'Sent by the customer' },
      );
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: 'Documents uploaded successfully.' });
      expect(body.data).toHaveLength(2);
      expect(body.data[0]).toEqual({
        id: expect.any(Number),
        name: 'Passport scan.pdf',
        document_detail: 'Sent by the customer',
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
      expect(body.data[1].name).toBe('Room photo.png');
      expect(await docs(b.id)).toEqual([
        {
          id: body.data[0].id,
          name: 'Passport scan.pdf',
          mime_type: 'application/pdf',
          document_detail: 'Sent by the customer',
        },
        {
          id: body.data[1].id,
          name: 'Room photo.png',
          mime_type: 'image/png',
          document_detail: 'Sent by the customer',
        },
      ]);
      expect((await stored()).length).toBe(before.length + 2);
      expect((await history(b.id)).map((h) => [h.type, h.action, h.document_name])).toEqual([
        ['Additional Document', 'Document uploaded', 'Passport scan.pdf'],
        ['Additional Document', 'Document uploaded', 'Room photo.png'],
      ]);
    });

    it('accepts JPEG and WebP images by their bytes, whatever the declared type', async () => {
      const b = await booking();
      const res = await upload(b.id, t.adminToken, [
        { field: 'files[0]', name: 'a.jpg', data: JPEG, type: 'text/plain' },
        { field: 'files[1]', name: 'b.webp', data: WEBP },
      ]);
      expect(res.statusCode).toBe(200);
      expect((await docs(b.id)).map((d) => d.mime_type)).toEqual(['image/jpeg', 'image/webp']);
    });

    it('refuses the whole upload when one file is not an image or a PDF, naming it, with nothing stored', async () => {
      const b = await booking();
      const before = await stored();
      const res = await upload(b.id, t.adminToken, [
        { field: 'files[0]', name: 'ok.pdf', data: PDF },
        {
          field: 'files[1]',
          name: 'notes.pdf',
          data: Buffer.from('just some text, not a PDF'),
          type: 'application/pdf',
        },
      ]);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'notes.pdf is not an image or a PDF file.',
        errors: { 'files[1]': ['notes.pdf is not an image or a PDF file.'] },
      });
      expect(await docs(b.id)).toEqual([]);
      expect(await history(b.id)).toEqual([]);
      expect(await stored()).toEqual(before);
    });

    it('refuses no file, more than 10 files and a file over 10 MB (422), and an unknown booking (404)', async () => {
      const b = await booking();
      const none = await upload(b.id, t.adminToken, [], { document_detail: 'x' });
      expect(none.statusCode).toBe(422);
      expect(none.json().errors.files).toBeDefined();
      const eleven = Array.from({ length: 11 }, (_, i) => ({
        field: `files[${i}]`,
        name: `p${i}.pdf`,
        data: PDF,
      }));
      const tooMany = await upload(b.id, t.adminToken, eleven);
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().errors.files).toEqual(['Upload at most 10 files at once.']);
      const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
      const tooBig = await upload(b.id, t.adminToken, [{ field: 'files[0]', name: 'big.pdf', data: big }]);
      expect(tooBig.statusCode).toBe(422);
      expect(tooBig.json().errors.files).toBeDefined();
      expect(await docs(b.id)).toEqual([]);
      const unknown = await upload(987654, t.adminToken, [{ field: 'files[0]', name: 'a.pdf', data: PDF }]);
      expect(unknown.statusCode).toBe(404);
    });

    it('refuses role 2 (403): adding additional documents is role 1 only', async () => {
      const b = await booking({ customerEmail: 'x@example.test' });
      const res = await upload(b.id, t.accountantToken, [{ field: 'files[0]', name: 'a.pdf', data: PDF }]);
      expect(res.statusCode).toBe(403);
      expect(await docs(b.id)).toEqual([]);
    });

    it('downloads a document under its original name; deletes it with its file; then File not found', async () => {
      const b = await booking();
      const [doc] = (
        await upload(b.id, t.adminToken, [
          { field: 'files[0]', name: 'Hotel voucher – Lake District.pdf', data: PDF },
        ])
      ).json().data;

      const down = await call('GET', `/bookings/${doc.id}/additional-documents/download`, t.accountantToken);
      expect(down.statusCode).toBe(200);
      expect(down.headers['content-type']).toBe('application/pdf');
      expect(down.headers['content-disposition']).toBe(
        `attachment; filename="Hotel voucher _ Lake District.pdf"; filename*=UTF-8''${encodeURIComponent('Hotel voucher – Lake District.pdf')}`,
      );
      expect(down.rawPayload.equals(PDF)).toBe(true);

      const filesBefore = await stored();
      expect(
        (await call('POST', `/bookings/${doc.id}/additional-documents/delete`, t.accountantToken, {}))
          .statusCode,
      ).toBe(403);
      const del = await call('POST', `/bookings/${doc.id}/additional-documents/delete`, t.adminToken, {});
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ success: true, message: 'Document deleted successfully.' });
      expect(await docs(b.id)).toEqual([]);
      expect((await stored()).length).toBe(filesBefore.length - 1);
      expect((await history(b.id)).map((h) => [h.action, h.document_name])).toEqual([
        ['Document uploaded', 'Hotel voucher – Lake District.pdf'],
        ['Document deleted', 'Hotel voucher – Lake District.pdf'],
      ]);

      const gone = await call('GET', `/bookings/${doc.id}/additional-documents/download`, t.adminToken);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ success: false, message: 'File not found' });
      expect(
        (await call('POST', `/bookings/${doc.id}/additional-documents/delete`, t.adminToken, {})).statusCode,
      ).toBe(404);
    });

    it('emails a document to the customer, else the agent; refuses a booking with neither', async () => {
      const b = await booking({ customerEmail: 'Traveller.Jo@example.test', agentEmail: 'desk@agency.test' });
      const [doc] = (
        await upload(b.id, t.adminToken, [{ field: 'files[0]', name: 'Itinerary.pdf', data: PDF }])
      ).json().data;
      const res = await call('GET', `/bookings/${b.id}/additional-document-email/${doc.id}`, t.adminToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Document emailed to Traveller.Jo@example.test.',
      });
      const mails = await outboxMessages(t, 'Traveller.Jo@example.test');
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toMatch(/filename="?Itinerary\.pdf/);
      expect(mails[0].text).toContain('%PDF-1.4');
      expect((await history(b.id)).at(-1)).toMatchObject({
        action: 'Document emailed',
        comment: 'Itinerary.pdf emailed to Traveller.Jo@example.test',
        document_name: 'Itinerary.pdf',
      });

      // The permission is checked on this GET too.
      expect(
        (await call('GET', `/bookings/${b.id}/additional-document-email/${doc.id}`, t.accountantToken))
          .statusCode,
      ).toBe(403);

      const agentOnly = await booking({ agentEmail: 'sales@lakes-agency.test' });
      const [agentDoc] = (
        await upload(agentOnly.id, t.adminToken, [{ field: 'files[0]', name: 'Map.png', data: PNG }])
      ).json().data;
      await new Promise((r) => setTimeout(r, 5)); // distinct outbox file names
      const toAgent = await call(
        'GET',
        `/bookings/${agentOnly.id}/additional-document-email/${agentDoc.id}`,
        t.adminToken,
      );
      expect(toAgent.statusCode).toBe(200);
      expect(await outboxMessages(t, 'sales@lakes-agency.test')).toHaveLength(1);

      const nobody = await booking();
      const [lonely] = (
        await upload(nobody.id, t.adminToken, [{ field: 'files[0]', name: 'x.pdf', data: PDF }])
      ).json().data;
      const refused = await call(
        'GET',
        `/bookings/${nobody.id}/additional-document-email/${lonely.id}`,
        t.adminToken,
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(
        'This booking does not have any agent or customer. Plese select anyone.',
      );

      // A document of another booking is not found through this booking.
      const wrong = await call(
        'GET',
        `/bookings/${nobody.id}/additional-document-email/${doc.id}`,
        t.adminToken,
      );
      expect(wrong.statusCode).toBe(404);
    });
  });

  describe('history', () => {
    /** 20 entries, one a minute from 09:00 on 1 March 2026; every fifth a refund by the accountant. */
    async function bookingWithHistory() {
      const b = await booking();
      const [admin] = await queryRows<{ id: number }>(
        t.db,
        sql`select id from users where email = 'admin@test.test'`,
      );
      const [acc] = await queryRows<{ id: number }>(
        t.db,
        sql`select id from users where email = 'accounts@test.test'`,
      );
      for (let i = 0; i < 20; i++) {
        const refund = i % 5 === 4;
        await t.db.execute(sql`
          insert into booking_history (holiday_booking_id, user_id, type, action, comment, created_at)
          values (${b.id}, ${refund ? acc.id : i === 0 ? null : admin.id}, ${refund ? 'Payment' : 'Booking'},
                  ${refund ? 'Refund recorded' : `Change ${i}`}, ${`entry ${i}`},
                  ${`2026-03-01T09:${String(i).padStart(2, '0')}:00Z`}::timestamptz)`);
      }
      return b;
    }

    it('pages 15 at a time, newest first, with the user name', async () => {
      const b = await bookingWithHistory();
      const first = await call('POST', `/${b.id}/get-booking-history`, t.accountantToken, { draw: 1 });
      expect(first.statusCode).toBe(200);
      const page = first.json();
      expect(page).toMatchObject({ draw: 1, recordsTotal: 20, recordsFiltered: 20 });
      expect(page.data).toHaveLength(15);
      expect(page.data.map((r: { comment: string }) => r.comment).slice(0, 3)).toEqual([
        'entry 19',
        'entry 18',
        'entry 17',
      ]);
      expect(page.data[0]).toEqual({
        id: expect.any(Number),
        created_at: '2026-03-01T09:19:00.000Z',
        user: { name: 'Test Accountant' },
        type: 'Payment',
        action: 'Refund recorded',
        comment: 'entry 19',
        is_multiple: false,
        multiple_documents_attached: [],
        document_name: null,
      });
      const second = (
        await call('POST', `/${b.id}/get-booking-history`, t.accountantToken, { start: 15, length: 15 })
      ).json();
      expect(second.data.map((r: { comment: string }) => r.comment)).toEqual([
        'entry 4',
        'entry 3',
        'entry 2',
        'entry 1',
        'entry 0',
      ]);
      expect(second.data.at(-1).user).toBeNull();
      const big = (await call('POST', `/${b.id}/get-booking-history`, t.adminToken, { length: 500 })).json();
      expect(big.data).toHaveLength(20);
      const tooBig = await call('POST', `/${b.id}/get-booking-history`, t.adminToken, { length: 501 });
      expect(tooBig.statusCode).toBe(422);
    });

    it('orders on a chosen column and searches type, action, comment and user name', async () => {
      const b = await bookingWithHistory();
      const oldest = (
        await call('POST', `/${b.id}/get-booking-history`, t.adminToken, {
          order: [{ column: 0, dir: 'asc' }],
          columns: [{ data: 'created_at' }, { data: 'type' }],
        })
      ).json();
      expect(oldest.data[0].comment).toBe('entry 0');
      const byType = (
        await call('POST', `/${b.id}/get-booking-history`, t.adminToken, {
          order: [{ column: 1, dir: 'desc' }],
          columns: [{ data: 'created_at' }, { data: 'type' }],
        })
      ).json();
      expect(byType.data[0].type).toBe('Payment');

      const refunds = (
        await call('POST', `/${b.id}/get-booking-history`, t.adminToken, { search: { value: 'refund' } })
      ).json();
      expect(refunds).toMatchObject({ recordsTotal: 20, recordsFiltered: 4 });
      expect(refunds.data.map((r: { comment: string }) => r.comment)).toEqual([
        'entry 19',
        'entry 14',
        'entry 9',
        'entry 4',
      ]);
      const byUser = (
        await call('POST', `/${b.id}/get-booking-history`, t.adminToken, { search: { value: 'accountant' } })
      ).json();
      expect(byUser.recordsFiltered).toBe(4);
      const byComment = (
        await call('POST', `/${b.id}/get-booking-history`, t.adminToken, { search: { value: 'entry 1' } })
      ).json();
      expect(byComment.recordsFiltered).toBe(11); // entry 1 and entry 10–19

      // The same table read with GET (the web app's ServerTable), and the errors.
      const viaGet = await call(
        'GET',
        `/${b.id}/get-booking-history?length=25&search[value]=refund`,
        t.adminToken,
      );
      expect(viaGet.statusCode).toBe(200);
      expect(viaGet.json().recordsFiltered).toBe(4);
      expect((await call('POST', `/987654/get-booking-history`, t.adminToken, {})).statusCode).toBe(404);
      const badOrder = await call('POST', `/${b.id}/get-booking-history`, t.adminToken, {
        order: [{ column: 0, dir: 'asc' }],
        columns: [{ data: 'secret_column' }],
      });
      expect(badOrder.statusCode).toBe(422);
    });

    it('downloads the document a history entry names while it exists; else File not found', async () => {
      const b = await booking();
      const [doc] = (
        await upload(b.id, t.adminToken, [{ field: 'files[0]', name: 'Receipt.png', data: PNG }])
      ).json().data;
      const [entry] = await history(b.id);
      expect(entry.document_name).toBe('Receipt.png');

      const res = await call('POST', '/download-booking-history-document', t.accountantToken, {
        id: entry.id,
        document_name: 'Receipt.png',
        friendly_name: 'Receipt',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toContain('filename="Receipt.png"');
      expect(res.rawPayload.equals(PNG)).toBe(true);
      const byId = await call('POST', '/download-booking-history-document', t.adminToken, {
        id: entry.id,
        document_id: doc.id,
      });
      expect(byId.statusCode).toBe(200);

      await call('POST', `/bookings/${doc.id}/additional-documents/delete`, t.adminToken, {});
      const gone = await call('POST', '/download-booking-history-document', t.adminToken, { id: entry.id });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ message: 'File not found' });
      // An entry that names no document, and an unknown entry.
      const [plain] = await queryRows<{ id: number }>(
        t.db,
        sql`insert into booking_history (holiday_booking_id, type, action) values (${b.id}, 'Booking', 'Saved') returning id`,
      );
      expect(
        (await call('POST', '/download-booking-history-document', t.adminToken, { id: plain.id })).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', '/download-booking-history-document', t.adminToken, { id: 987654 })).statusCode,
      ).toBe(404);
    });
  });

  describe('supplement costing doc', () => {
    it("streams an airline cost's invoice PDF under its original name; 404 File not found otherwise", async () => {
      const { instance } = await createTourInstance(t.db);
      const b = await createBooking(t.db, { instance });
      const [line] = await queryRows<{ id: number }>(
        t.db,
        sql`select id from tour_bookings where holiday_booking_id = ${b.id}`,
      );
      const key = await t.app.files.save('airline-invoices', PDF, 'pdf');
      const [withInvoice] = await queryRows<{ id: number }>(
        t.db,
        sql`insert into tour_booking_airline_costs (tour_booking_id, airline_ref, flight_cost, airline_invoice_name, airline_invoice_path)
            values (${line.id}, 'JET2-44X', '120.00', 'Jet2 invoice 44X.pdf', ${key}) returning id`,
      );
      const [withoutInvoice] = await queryRows<{ id: number }>(
        t.db,
        sql`insert into tour_booking_airline_costs (tour_booking_id, flight_cost) values (${line.id}, '80.00') returning id`,
      );

      const res = await call('POST', '/update-booking/download-supplement-costing-doc', t.accountantToken, {
        airline_id: withInvoice.id,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('filename="Jet2 invoice 44X.pdf"');
      expect(res.rawPayload.equals(PDF)).toBe(true);

      for (const airline_id of [withoutInvoice.id, 987654]) {
        const none = await call('POST', '/update-booking/download-supplement-costing-doc', t.adminToken, {
          airline_id,
        });
        expect(none.statusCode).toBe(404);
        expect(none.json()).toEqual({ success: false, message: 'File not found' });
      }
      const bad = await call('POST', '/update-booking/download-supplement-costing-doc', t.adminToken, {});
      expect(bad.statusCode).toBe(422);
    });
  });
});
