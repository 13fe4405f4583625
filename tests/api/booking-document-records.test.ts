import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { DOCUMENT_MESSAGES } from '../../src/shared/api/booking-documents';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAgent, createBooking, createCustomer, createTourInstance } from '../helpers/factories';
import { readStored } from '../helpers/files';
import { outboxMessages } from '../helpers/outbox';

/** YYYY-MM-DD `days` from today (UTC). */
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** YYYY-MM-DD `years` before `ymd`. */
const yearsBefore = (ymd: string, years: number) => `${Number(ymd.slice(0, 4)) - years}${ymd.slice(4)}`;

const pdfText = async (pdf: Buffer) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text;

// Document records and ATOL certificates (spec 1 §2 documents, §3 Document record, §5, §7, §8, §9;
// issue #12 'Booking documents' and 'ATOL certificates').
describe.each(testDbKinds)('booking document records and ATOL certificates on %s', (kind) => {
  let t: TestContext;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const get = (url: string, token = t.adminToken) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  const post = (url: string, payload: object, token = t.adminToken) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });

  const countRecords = async (bookingId: number) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from booking_document_records where holiday_booking_id = ${bookingId}`,
      )
    )[0].n;

  /**
   * An air tour departing in `days` days with one flight, and a booking on it for a customer with
   * `passengers` passengers (names Pax{n}; `infants` of them under 2 on departure).
   */
  async function airBooking(opts: { days?: number; passengers?: number; infants?: number } = {}) {
    const n = ++seq;
    const departure = daysFromNow(opts.days ?? 120);
    const t1 = await createTourInstance(t.db, { tour_type: 'air', departure_date: departure });
    const [from, to] = await t.db
      .insert(s.airports)
      .values([
        { airport_name: `Gatwick ${n}`, iata_code: `Q${n}A`, country_code: 'GB' },
        { airport_name: `Faro ${n}`, iata_code: `Q${n}B`, country_code: 'PT' },
      ])
      .returning();
    const [flight] = await t.db
      .insert(s.flights)
      .values({
        flight_number: `QX${100 + n}`,
        departure_airport_id: from.id,
        arrival_airport_id: to.id,
        departure_time: `${departure} 09:15:00`,
        arrival_time: `${departure} 12:40:00`,
      })
      .returning();
    await t.db
      .insert(s.tour_instance_flights)
      .values({ tour_instance_id: t1.instance.id, flight_id: flight.id });
    const customer = await createCustomer(t.db, { email: `traveller${n}@example.test` });
    const booking = await createBooking(t.db, { customer_id: customer.id, instance: t1.instance });
    const count = opts.passengers ?? 2;
    for (let i = 0; i < count; i++) {
      const infant = i >= count - (opts.infants ?? 0);
      await t.db.insert(s.passengers).values({
        holiday_booking_id: booking.id,
        title: infant ? 'Master' : 'Mr',
        first_name: `Pax${n}x${i}`,
        last_name: `Traveller${n}`,
        dob: infant ? yearsBefore(departure, 1) : yearsBefore(departure, 40),
      });
    }
    return { booking, customer, flight, departure, instance: t1.instance };
  }

  const pay = (bookingId: number, amount = '100.00') =>
    post('/payments', {
      holiday_booking_id: bookingId,
      payment_method: 'bacs',
      payment_amount: amount,
      transaction_id: `T${++seq}`,
      allow_overpayment: true,
    });

  const certificates = (bookingId: number) =>
    queryRows<{
      id: number;
      version: number;
      reference: string;
      reason: string;
      superseded_at: string | null;
      document_record_id: number | null;
      passengers_protected: number;
      apc_passengers: number;
      apc_per_passenger: string;
      apc_total: string;
    }>(
      t.db,
      sql`select id, version, reference, reason, superseded_at::text as superseded_at, document_record_id,
                 passengers_protected, apc_passengers, apc_per_passenger::text as apc_per_passenger,
                 apc_total::text as apc_total
          from atol_certificates where holiday_booking_id = ${bookingId} order by version`,
    );

  const storedBytes = async (recordId: number) => {
    const [r] = await queryRows<{ file_key: string }>(
      t.db,
      sql`select file_key from booking_document_records where id = ${recordId}`,
    );
    const bytes = await readStored(t.app.files, r.file_key);
    if (!bytes) throw new Error(`record ${recordId}: ${r.file_key} is not stored`);
    return bytes;
  };

  it('generates a confirmation, keeps it as a record and downloads its exact bytes', async () => {
    const { booking } = await airBooking();
    const res = await get(`/bookings/${booking.id}/documents/invoice?type=download`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.name).toBe(`Confirmation-${booking.booking_ref}.pdf`);
    expect(data.file).toBe(`${booking.id}-invoice.pdf`);
    expect(data.url).toBe(`/bookings/document/${booking.id}-invoice.pdf/download`);

    const download = await get(`/bookings/document/${booking.id}-invoice.pdf/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment;.*Confirmation-/);
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const inline = await get(`/bookings/document/${booking.id}-invoice.pdf`);
    expect(String(inline.headers['content-disposition'])).toMatch(/^inline;/);
    expect(inline.rawPayload.equals(download.rawPayload)).toBe(true);
    expect(download.rawPayload.equals(await storedBytes(data.record_id))).toBe(true);
    expect(await pdfText(download.rawPayload)).toContain(booking.booking_ref as string);

    const list = await get(`/bookings/${booking.id}/document-records`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({
      id: data.record_id,
      doc_type: 'invoice',
      name: data.name,
      created_for: 'download',
      created_by: { name: 'Test Admin' },
    });
    expect(list.json().atol.offered).toBe(true);
    const one = await get(`/bookings/${booking.id}/document-records/${data.record_id}`);
    expect(one.json().data.url).toBe(`/bookings/document-record/${data.record_id}/download`);
    const exact = await get(one.json().data.url);
    expect(exact.statusCode).toBe(200);
    expect(exact.rawPayload.equals(download.rawPayload)).toBe(true);

    // A record of another booking is not this booking's: 404.
    const other = await airBooking();
    const wrong = await get(`/bookings/${other.booking.id}/document-records/${data.record_id}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('File not found');
    expect((await get('/bookings/document-record/2147483647/download')).statusCode).toBe(404);
    expect((await get(`/bookings/document/${other.booking.id}-invoice.pdf`)).json().message).toBe(
      'File not found',
    );
  });

  it('keeps an issued record unchanged after the booking changes; print makes a new record', async () => {
    const { booking } = await airBooking();
    const first = (await get(`/bookings/${booking.id}/documents/invoice?type=print`)).json().data;
    expect(first.url).toBe(`/bookings/document/${booking.id}-invoice.pdf`);
    const before = await storedBytes(first.record_id);
    const added = await post('/update-booking/update-pessenger', {
      holiday_booking_id: booking.id,
      title: 'Ms',
      first_name: 'Latecomer',
      last_name: 'Addison',
    });
    expect(added.statusCode, added.body).toBe(200);
    const second = (await get(`/bookings/${booking.id}/documents/invoice?type=print`)).json().data;
    expect(second.record_id).not.toBe(first.record_id);
    const old = await get(`/bookings/document-record/${first.record_id}/download`);
    expect(old.rawPayload.equals(before)).toBe(true);
    expect(await pdfText(old.rawPayload)).not.toContain('Latecomer');
    const newest = await get(`/bookings/document/${booking.id}-invoice.pdf`);
    expect(await pdfText(newest.rawPayload)).toContain('Latecomer');
    const records = (await get(`/bookings/${booking.id}/document-records`)).json().data;
    expect(records.map((r: { created_for: string }) => r.created_for)).toEqual(['print', 'print']);
  });

  it("refuses with the spec's messages and stores nothing", async () => {
    const { booking } = await airBooking();
    const noParty = await createBooking(t.db, {});
    const customerOnly = await createCustomer(t.db);
    const noPassengers = await createBooking(t.db, { customer_id: customerOnly.id });
    const coach = await createTourInstance(t.db);
    const coachBooking = await createBooking(t.db, {
      customer_id: customerOnly.id,
      instance: coach.instance,
    });
    await t.db
      .insert(s.passengers)
      .values({ holiday_booking_id: coachBooking.id, first_name: 'A', last_name: 'B' });
    const cases: [string, string][] = [
      [`/bookings/${booking.id}/documents/%20`, DOCUMENT_MESSAGES.noType],
      [`/bookings/${booking.id}/documents/`, DOCUMENT_MESSAGES.noType],
      [`/bookings/${booking.id}/documents/brochure`, DOCUMENT_MESSAGES.unknownType('brochure')],
      [`/bookings/${noParty.id}/documents/invoice`, DOCUMENT_MESSAGES.noParty],
      [`/bookings/${booking.id}/documents/agent-invoice`, DOCUMENT_MESSAGES.agentInvoiceNoAgent],
      [`/bookings/${noPassengers.id}/documents/invoice`, DOCUMENT_MESSAGES.noPassengers(['Confirmation'])],
      [
        `/bookings/${noPassengers.id}/documents/airline`,
        DOCUMENT_MESSAGES.noPassengers(['Travel Itinerary']),
      ],
      [`/bookings/${coachBooking.id}/documents/atol`, DOCUMENT_MESSAGES.notFlightInclusive],
      [`/bookings/${booking.id}/documents/atol`, DOCUMENT_MESSAGES.atolNeedsPayment],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(422);
      expect(res.json()).toMatchObject({ success: false, message, errors: { doc: [message] } });
    }
    expect(DOCUMENT_MESSAGES.noType).toBe('Select a document type first!');
    expect(DOCUMENT_MESSAGES.noParty).toBe(
      'This booking does not have any agent or customer. Plese select anyone.',
    );
    expect(DOCUMENT_MESSAGES.agentInvoiceNoAgent).toBe('Please select an agent for agent invoice');
    for (const b of [booking, noParty, noPassengers, coachBooking]) expect(await countRecords(b.id)).toBe(0);
    expect(await certificates(booking.id)).toEqual([]);
    expect((await get('/bookings/2147483647/documents/invoice')).statusCode).toBe(404);
    // Non-flight bookings do not offer the ATOL Certificate, and say why.
    const list = (await get(`/bookings/${coachBooking.id}/document-records`)).json();
    expect(list.atol).toEqual({
      offered: false,
      reason: DOCUMENT_MESSAGES.notFlightInclusive,
      certificates: [],
    });
  });

  it('lets role 2 generate and download documents', async () => {
    const { booking } = await airBooking();
    const agent = await createAgent(t.db, { email: 'agency@example.test' });
    await t.db.update(s.bookings).set({ agent_id: agent.id }).where(sql`id = ${booking.id}`);
    const res = await get(`/bookings/${booking.id}/documents/agent-invoice?type=download`, t.accountantToken);
    expect(res.statusCode, res.body).toBe(200);
    const file = await get(`/bookings/document/${booking.id}-agent-invoice.pdf/download`, t.accountantToken);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const list = await get(`/bookings/${booking.id}/document-records`, t.accountantToken);
    expect(list.json().data[0]).toMatchObject({
      doc_type: 'agent-invoice',
      created_by: { name: 'Test Accountant' },
    });
  });

  it("charges APC at the rate in force on the certificate's date (shared/apc.ts): blank setting £2.50, the setting overrides the current rate; keeps the licensable revenue", async () => {
    const setApc = (value: string | null) =>
      t.db.execute(
        sql`update system_settings set value = ${value} where name = 'atol_protection_contribution'`,
      );
    try {
      await setApc(null);
      const first = await airBooking({ passengers: 2 });
      expect((await pay(first.booking.id, '50.00')).statusCode).toBe(200);
      const [a] = await certificates(first.booking.id);
      expect(a).toMatchObject({ apc_passengers: 2, apc_per_passenger: '2.50', apc_total: '5.00' });
      await setApc('3.00');
      const second = await airBooking({ passengers: 2 });
      expect((await pay(second.booking.id, '50.00')).statusCode).toBe(200);
      const [b] = await certificates(second.booking.id);
      expect(b).toMatchObject({ apc_per_passenger: '3.00', apc_total: '6.00' });
      const [row] = await queryRows<{ revenue: string; total: string }>(
        t.db,
        sql`select c.licensable_revenue::text as revenue, b.total_due::text as total
            from atol_certificates c join bookings b on b.id = c.holiday_booking_id where b.id = ${second.booking.id}`,
      );
      expect(row.revenue).toBe(row.total);
    } finally {
      await setApc('2.50');
    }
  });

  it('issues ATOL v1 on the first payment and v2 after a passenger change, keeping v1', async () => {
    const { booking, customer } = await airBooking({ passengers: 4, infants: 1 });
    expect((await pay(booking.id, '50.00')).statusCode).toBe(200);
    let certs = await certificates(booking.id);
    expect(certs).toHaveLength(1);
    expect(certs[0]).toMatchObject({
      version: 1,
      reference: `${booking.booking_ref}-1`,
      reason: 'First payment recorded',
      superseded_at: null,
      passengers_protected: 4,
      apc_passengers: 3,
      apc_per_passenger: '2.50',
      apc_total: '7.50',
    });
    const [record] = await queryRows<{ id: number; created_for: string; doc_type: string }>(
      t.db,
      sql`select id, created_for, doc_type from booking_document_records where id = ${certs[0].document_record_id}`,
    );
    expect(record).toMatchObject({ created_for: 'atol-issue', doc_type: 'atol' });
    const v1Bytes = await storedBytes(record.id);
    const text = await pdfText(v1Bytes);
    expect(text).toContain(`${booking.booking_ref}-1`);
    const [pax] = await queryRows<{ id: number; first_name: string; last_name: string }>(
      t.db,
      sql`select id, first_name, last_name from passengers where holiday_booking_id = ${booking.id} order by id limit 1`,
    );
    expect(text).toContain(pax.first_name);
    expect(text).toContain(pax.last_name);

    const history = await queryRows<{ id: number; comment: string; document_name: string }>(
      t.db,
      sql`select id, comment, document_name from booking_history
          where holiday_booking_id = ${booking.id} and action = 'ATOL Certificate issued' order by id`,
    );
    expect(history).toHaveLength(1);
    expect(history[0].comment).toContain('ATOL Certificate issued, version 1: First payment recorded');
    const outbox = await queryRows<{ to_address: string; kind: string; attachments: { filename: string }[] }>(
      t.db,
      sql`select to_address, kind, attachments from email_outbox where holiday_booking_id = ${booking.id}`,
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to_address: customer.email, kind: 'atol-certificate' });
    expect(outbox[0].attachments[0].filename).toBe(`ATOL-Certificate-${booking.booking_ref}-1.pdf`);

    // A second payment changes nothing protected: no new version.
    expect((await pay(booking.id, '20.00')).statusCode).toBe(200);
    expect(await certificates(booking.id)).toHaveLength(1);

    // A passenger's name changes: version 2; version 1 is kept, superseded, its bytes unchanged.
    const renamed = await post('/update-booking/update-pessenger-detail', {
      id: pax.id,
      title: 'Mr',
      first_name: 'Renamed',
      last_name: pax.last_name,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    certs = await certificates(booking.id);
    expect(certs.map((c) => [c.version, c.reference, c.reason, c.superseded_at !== null])).toEqual([
      [1, `${booking.booking_ref}-1`, 'First payment recorded', true],
      [2, `${booking.booking_ref}-2`, 'passenger updated', false],
    ]);
    expect((await storedBytes(record.id)).equals(v1Bytes)).toBe(true);
    const v2Text = await pdfText(await storedBytes(certs[1].document_record_id as number));
    expect(v2Text).toContain(`${booking.booking_ref}-2`);
    expect(v2Text).toContain('Renamed');
    const outboxCount = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from email_outbox where holiday_booking_id = ${booking.id} and kind = 'atol-certificate'`,
    );
    expect(outboxCount[0].n).toBe(2);

    // The screen's list shows both, newest first; a download carries the current reference.
    const list = (await get(`/bookings/${booking.id}/document-records`)).json();
    expect(list.atol.certificates.map((c: { version: number }) => c.version)).toEqual([2, 1]);
    const dl = await get(`/bookings/${booking.id}/documents/atol?type=download`);
    expect(dl.statusCode, dl.body).toBe(200);
    const atolPdf = await get(`/bookings/document/${booking.id}-atol.pdf/download`);
    expect(await pdfText(atolPdf.rawPayload)).toContain(`${booking.booking_ref}-2`);
    expect(await certificates(booking.id)).toHaveLength(2);

    // The outbox delivers the certificates as PDF attachments: version 1 at once; version 2, issued
    // by a staff change, waits for the email about that change (issue #22), and goes on its own
    // when the changes are accepted without one.
    let mails = await outboxMessages(t, customer.email as string);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`ATOL-Certificate-${booking.booking_ref}-1.pdf`);
    const accepted = await post(`/bookings/${booking.id}/accept-booking-change`, { send_email: 'no' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    mails = await outboxMessages(t, customer.email as string);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain(`${booking.booking_ref}-2`);
  });

  it('does not re-issue within 72 hours of departure: a history note instead', async () => {
    const { booking } = await airBooking({ days: 2 });
    expect((await pay(booking.id)).statusCode).toBe(200);
    expect(await certificates(booking.id)).toHaveLength(1);
    const added = await post('/update-booking/update-pessenger', {
      holiday_booking_id: booking.id,
      first_name: 'Late',
      last_name: 'Addition',
    });
    expect(added.statusCode).toBe(200);
    expect(await certificates(booking.id)).toHaveLength(1);
    const [note] = await queryRows<{ comment: string }>(
      t.db,
      sql`select comment from booking_history where holiday_booking_id = ${booking.id}
          and action = 'ATOL Certificate not re-issued'`,
    );
    expect(note.comment).toContain('within 72 hours of departure');
  });

  it('issues no certificate for a non-flight booking', async () => {
    const customer = await createCustomer(t.db);
    const coach = await createTourInstance(t.db, { departure_date: daysFromNow(90) });
    const booking = await createBooking(t.db, { customer_id: customer.id, instance: coach.instance });
    await t.db
      .insert(s.passengers)
      .values({ holiday_booking_id: booking.id, first_name: 'C', last_name: 'D' });
    expect((await pay(booking.id)).statusCode).toBe(200);
    expect(await certificates(booking.id)).toEqual([]);
    expect(await countRecords(booking.id)).toBe(0);
  });
});
