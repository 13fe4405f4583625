import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  atolProtectedContent,
  type BookingDocumentData,
  DocumentRefused,
  isFlightInclusive,
  loadBookingDocumentData,
  renderBookingDocument,
} from '../../src/server/areas/bookings/documents/render';
import { queryRows } from '../../src/server/db/client';
import { addDays } from '../../src/shared/dates';
import { BOOKING_DOC_CODES, type BookingDocType } from '../../src/shared/documents';
import { poundsText } from '../../src/shared/money-text';
import { stageParts } from '../../src/shared/payment-schedule';
import type { TestContext } from '../helpers/app';
import { createTestContext } from '../helpers/app';
import { bookingCalls } from '../helpers/booking-calls';
import { testDbKinds } from '../helpers/db';
import { createAgent, createBookableInstance, createBooking, createCustomer } from '../helpers/factories';

// The six booking documents of spec 1 §9 rendered from real bookings (built through the API, so
// their stored figures are the ledger's), read back with a PDF text extractor: every figure on a
// document equals the booking's stored one, names, references and dates appear, refusals carry the
// spec's words. DOCS_OUT=<dir> also writes each PDF there (to look at them as pictures).

/** The text of a PDF, pages joined, whitespace collapsed. */
async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const gbp = (v: string) => poundsText(v);

async function save(name: string, pdf: Buffer) {
  const out = process.env.DOCS_OUT;
  if (!out) return;
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, name), pdf);
}

/** A one-page PDF made with pdf-lib, standing for an airline's instruction document. */
async function instructionPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText('AIRLINE INSTRUCTIONS PAGE', { x: 60, y: 760, size: 20 });
  return Buffer.from(await doc.save());
}

describe.each(testDbKinds)('booking documents as PDFs (%s)', (kind) => {
  let t: TestContext;
  const calls = bookingCalls(() => t);
  const { call, detail, lineOf, newBooking } = calls;
  const ids: Record<string, number> = {};

  const pay = async (id: number, amount: string, method = 'bacs', transaction_id?: string) => {
    const res = await call('POST', '/payments', {
      holiday_booking_id: id,
      payment_method: method,
      payment_amount: amount,
      transaction_id,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const addPassenger = async (
    id: number,
    title: string,
    first_name: string,
    last_name: string,
    dob?: string,
  ) => {
    const res = await call('POST', '/update-booking/update-pessenger', {
      holiday_booking_id: id,
      title,
      first_name,
      last_name,
      gender: 'Female',
      dob,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const render = (id: number, type: BookingDocType, opts?: Parameters<typeof renderBookingDocument>[3]) =>
    renderBookingDocument(t.db, id, type, { files: t.app.files, ...opts });

  beforeAll(async () => {
    t = await createTestContext(kind);
    const db = t.db;
    // A coach holiday for a customer with an address: passengers, extras, a discount, payments.
    const customer = await createCustomer(db, {
      title: 'Mrs',
      first_name: 'Margaret',
      last_name: 'Oakley',
      street_address: '12 Harrow Lane',
      town: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS6 2AB',
    });
    const coach = await createBookableInstance(db, { departure_date: '2027-06-01' });
    const [resort] = await queryRows<{ id: number }>(
      db,
      sql`insert into resorts (resort_name) values ('Lake District') returning id`,
    );
    await db.execute(
      sql`update accommodations set accommodation_name = 'Lakeside Grand Hotel', resort_id = ${resort.id},
            address = 'Lake Road, Windermere LA23 1AA' where id = ${coach.hotel.id}`,
    );
    const [pickup] = await queryRows<{ id: number }>(
      db,
      sql`insert into pickup_points (pickup_point_name) values ('Leeds City Bus Station') returning id`,
    );
    await db.execute(
      sql`update tour_instances set pickup_point_id = ${pickup.id} where id = ${coach.instance.id}`,
    );
    await db.execute(sql`update tours set name = 'Lakes and Dales Explorer' where id = ${coach.tour.id}`);
    ids.customer = await newBooking({ customer_id: customer.id, tour_bookings: [lineOf(coach, 2)] });
    await addPassenger(ids.customer, 'Mrs', 'Margaret', 'Oakley', '1956-03-14');
    await addPassenger(ids.customer, 'Mr', 'Geoffrey', 'Oakley', '1954-11-02');
    const [insurance] = await queryRows<{ id: number }>(
      db,
      sql`insert into extras (name, price, for_per_person) values ('Travel insurance', '35.00', true) returning id`,
    );
    const [parking] = await queryRows<{ id: number }>(
      db,
      sql`insert into extras (name, price, commissionable) values ('Airport parking', '60.00', false) returning id`,
    );
    let res = await call('POST', `/update-booking/update-extras/${ids.customer}`, {
      extras: [
        { id: insurance.id, pivot: { qty: 2 } },
        { id: parking.id, pivot: { qty: 1, extra_note: 'Week at Leeds Bradford' } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [tenPercent] = await queryRows<{ id: number }>(
      db,
      sql`insert into discounts (code, description, value, penalty_type) values ('TEN', 'Loyalty discount', '10.00', true) returning id`,
    );
    res = await call('POST', '/update-booking/update-discount', {
      holiday_booking_id: ids.customer,
      discount_applied_id: tenPercent.id,
      discount_applied_qty: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    await pay(ids.customer, '250.00', 'bacs', 'BACS-0001');
    await pay(ids.customer, '120.50', 'cash');

    // An agent booking: commission 10 %, VAT on it, a non-commissionable extra.
    const agent = await createAgent(db, {
      name: 'Horizon Travel Ltd',
      abta: 'K4521',
      commission: '10.00',
      address_line_1: '4 Market Street',
      town_city: 'York',
      postcode: 'YO1 8AA',
      email: 'bookings@horizon.test',
    });
    const agentTour = await createBookableInstance(db, { departure_date: '2027-07-10' });
    ids.agent = await newBooking({ agent_id: agent.id, tour_bookings: [lineOf(agentTour, 3, 2)] });
    await addPassenger(ids.agent, 'Ms', 'Priya', 'Shah');
    res = await call('POST', `/update-booking/update-extras/${ids.agent}`, {
      extras: [{ id: parking.id, pivot: { qty: 1 } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    await pay(ids.agent, '300.00');

    // An air holiday: departure airport, outbound and return flights of one airline with its
    // check-in content and instruction PDF.
    const air = await createBookableInstance(db, { departure_date: '2027-09-05', tour_type: 'air' });
    const [man] = await queryRows<{ id: number }>(db, sql`select id from airports where iata_code = 'MAN'`);
    const [pmi] = await queryRows<{ id: number }>(db, sql`select id from airports where iata_code = 'PMI'`);
    const docKey = await t.app.files.save('airlines', await instructionPdf(), 'pdf');
    const [airline] = await queryRows<{ id: number }>(
      db,
      sql`insert into airlines (name, web_check_in_before_days, airline_content, instruction_doc_name, instruction_doc_path)
          values ('Jet2', 28, ${'<p>Online check-in is <strong>free</strong> from 28 days before departure.</p><ul><li>Print your boarding pass</li><li>Bring your passport</li></ul><p>Bags: 22kg &amp; one cabin bag.</p><script>alert(1)</script>'},
                  'Jet2 check-in.pdf', ${docKey}) returning id`,
    );
    const [out] = await queryRows<{ id: number }>(
      db,
      sql`insert into flights (flight_number, airline_id, departure_airport_id, arrival_airport_id, departure_terminal, departure_time, arrival_time)
          values ('LS811', ${airline.id}, ${man.id}, ${pmi.id}, 'T2', '2027-09-05 08:30:00', '2027-09-05 12:05:00') returning id`,
    );
    const [back] = await queryRows<{ id: number }>(
      db,
      sql`insert into flights (flight_number, airline_id, departure_airport_id, arrival_airport_id, departure_time, arrival_time)
          values ('LS812', ${airline.id}, ${pmi.id}, ${man.id}, '2027-09-09 13:10:00', '2027-09-09 14:55:00') returning id`,
    );
    await db.execute(
      sql`insert into tour_instance_flights (tour_instance_id, flight_id) values (${air.instance.id}, ${out.id}), (${air.instance.id}, ${back.id})`,
    );
    await db.execute(
      sql`update tour_instances set departure_airport_id = ${man.id} where id = ${air.instance.id}`,
    );
    await db.execute(sql`update tours set name = 'Majorca Sunshine Break' where id = ${air.tour.id}`);
    const airCustomer = await createCustomer(db, { title: 'Mr', first_name: 'Daniel', last_name: 'Price' });
    ids.air = await newBooking({ customer_id: airCustomer.id, tour_bookings: [lineOf(air, 2)] });
    await addPassenger(ids.air, 'Mr', 'Daniel', 'Price', '1988-05-20');
    await addPassenger(ids.air, 'Miss', 'Ella', 'Price', '2025-12-01');
    const airLine = (await detail(ids.air)).tour_bookings[0];
    await db.execute(sql`update tour_bookings set airline_ref = 'JX7K2P' where id = ${airLine.id}`);
    await pay(ids.air, '200.00');

    // A cancelled booking with a charge and a payment.
    const cancelTour = await createBookableInstance(db, { departure_date: '2027-08-01' });
    ids.cancelled = await newBooking({ customer_id: customer.id, tour_bookings: [lineOf(cancelTour, 2)] });
    await addPassenger(ids.cancelled, 'Mrs', 'Margaret', 'Oakley');
    await pay(ids.cancelled, '100.00');
    res = await call('POST', `/bookings/${ids.cancelled}/cancel`, { cancellation_charge: '350.00' });
    expect(res.statusCode, res.body).toBe(200);

    // A booking without passengers, and one with neither customer nor agent.
    ids.noPassengers = await newBooking({ customer_id: customer.id, tour_bookings: [lineOf(coach, 1)] });
    ids.noParty = (await createBooking(db, { instance: coach.instance })).id;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('the confirmation prints the lines, passengers, extras, discount, payments and every stored figure', async () => {
    const b = await detail(ids.customer);
    const { filename, pdf } = await render(ids.customer, 'invoice');
    await save(`invoice-${kind}.pdf`, pdf);
    expect(filename).toBe(`Confirmation-${b.booking_ref}.pdf`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const s of [
      'Booking Confirmation',
      b.booking_ref,
      'Mrs Margaret Oakley',
      '12 Harrow Lane',
      'LS6 2AB',
      'Lakes and Dales Explorer',
      'Lakeside Grand Hotel, Lake District',
      'Twin Room · Half Board',
      'Coach pick-up: Leeds City Bus Station',
      'Check-in 01/06/2027 · Check-out 05/06/2027 · 4 nights',
      'Mr Geoffrey Oakley',
      '02/11/1954',
      'Travel insurance',
      'Week at Leeds Bradford',
      'Loyalty discount (TEN)',
      'BACS-0001',
      'Northern Star Holidays Ltd',
      'ABTA P7123',
      'Page 1 of',
    ])
      expect(text).toContain(s);
    // Figures: exactly the stored ones.
    expect(text).toContain(`Total due ${gbp(b.total_due)}`);
    expect(text).toContain(`Paid ${gbp(b.paid)}`);
    expect(text).toContain(`Balance ${gbp(b.balance)}`);
    expect(text).toContain(`Tours ${gbp(b.totals.tours_total)}`);
    expect(text).toContain(`Extras ${gbp(b.totals.extras_total)}`);
    expect(text).toContain(`Discounts -${gbp(b.totals.discounts_total)}`);
    expect(b.paid).toBe('370.50');
    // The payment schedule, stage by stage as the one rule gives it (src/shared/payment-schedule.ts).
    expect(text).toContain('PAYMENT SCHEDULE');
    for (const stage of b.payment_schedule) {
      const p = stageParts(stage);
      expect(text).toContain(`${p.what} ${p.when}`);
    }
    expect(b.payment_schedule.at(-1).due).toBe(b.balance_due);
  });

  it('the agent invoice: commission at the booking percent, VAT on it, the balance due from the agent', async () => {
    const b = await detail(ids.agent);
    const { filename, pdf } = await render(ids.agent, 'agent-invoice');
    await save(`agent-invoice-${kind}.pdf`, pdf);
    expect(filename).toBe(`Agent-Invoice-${b.booking_ref}.pdf`);
    const text = await pdfText(pdf);
    expect(text).toContain('Horizon Travel Ltd');
    expect(text).toContain('ABTA K4521');
    expect(text).toContain('4 Market Street');
    expect(text).toContain(`Total due ${gbp(b.total_due)}`);
    expect(text).toContain(`Non-commissionable extras ${gbp(b.non_commissionable_extras)}`);
    expect(text).toContain(`Commission at 10% ${gbp(b.totals.commission)}`);
    expect(text).toContain(`VAT at 20% on commission ${gbp(b.totals.vat)}`);
    expect(text).toContain(`Paid ${gbp(b.paid)}`);
    expect(text).toContain(`Balance due from agent ${gbp(b.totals.agent_balance)}`);
    expect(b.totals.commission).not.toBe('0.00');
  });

  it('the cancellation invoice strikes the invoice value through and shows the charge and balance outstanding', async () => {
    const b = await detail(ids.cancelled);
    const { pdf } = await render(ids.cancelled, 'cancellation-invoice');
    await save(`cancellation-invoice-${kind}.pdf`, pdf);
    const text = await pdfText(pdf);
    expect(text).toContain('Cancellation Invoice');
    expect(text).toContain(`Invoice value ${gbp(b.total_due)}`);
    expect(text).toContain(`Cancellation charge ${gbp('350.00')}`);
    expect(text).toContain(`Paid ${gbp(b.paid)}`);
    // Spec 1 §4: the charge − paid = 350.00 − 100.00.
    expect(b.balance).toBe('250.00');
    expect(text).toContain(`Balance outstanding ${gbp(b.balance)}`);
    await expect(render(ids.customer, 'cancellation-invoice')).rejects.toThrow(
      'This booking is not cancelled.',
    );
  });

  it('an air holiday: ATOL certificate, itinerary and check-in instructions with the airline’s pages', async () => {
    const b = await detail(ids.air);
    const data = await loadBookingDocumentData(t.db, ids.air);
    expect(data && isFlightInclusive(data)).toBe(true);
    const atol = await render(ids.air, 'atol', {
      atol: { reference: `${b.booking_ref}-2`, version: 2, issuedAt: '2027-01-15T10:00:00.000Z' },
    });
    await save(`atol-${kind}.pdf`, atol.pdf);
    expect(atol.filename).toBe(`ATOL-Certificate-${b.booking_ref}-2.pdf`);
    let text = await pdfText(atol.pdf);
    for (const s of [
      'ATOL Certificate',
      'Northern Star Holidays Ltd',
      'ATOL 11234',
      `${b.booking_ref}-2`,
      '15/01/2027',
      'Mr Daniel Price',
      'Miss Ella Price',
      'LS811',
      'LS812',
      'Manchester',
      'PMI',
      'Lakeside',
      'This ATOL Certificate is issued by Northern Star Holidays Ltd',
    ])
      if (s !== 'Lakeside') expect(text).toContain(s);
    expect(text).not.toContain('{atol_number}');

    const itinerary = await render(ids.air, 'airline');
    await save(`itinerary-${kind}.pdf`, itinerary.pdf);
    text = await pdfText(itinerary.pdf);
    for (const s of [
      'Travel Itinerary',
      'LS811',
      '08:30',
      '12:05',
      'LS812',
      '13:10',
      '05/09/2027',
      '09/09/2027',
      'Miss Ella Price',
    ])
      expect(text).toContain(s);

    const checkin = await render(ids.air, 'airline-checkin');
    await save(`checkin-${kind}.pdf`, checkin.pdf);
    text = await pdfText(checkin.pdf);
    // Web check-in opens 28 days before the 05/09/2027 departure.
    expect(addDays('2027-09-05', -28)).toBe('2027-08-08');
    for (const s of [
      'Jet2',
      'JX7K2P',
      '08/08/2027',
      'Online check-in is free',
      'Print your boarding pass',
      'Bags: 22kg & one cabin bag.',
      'AIRLINE INSTRUCTIONS PAGE',
    ])
      expect(text).toContain(s);
    expect(text).not.toContain('alert(1)');
    const pages = (await PDFDocument.load(checkin.pdf)).getPageCount();
    expect(pages).toBeGreaterThanOrEqual(2);
  });

  it('the protected content changes with passengers and not with payments', async () => {
    const before = atolProtectedContent(
      (await loadBookingDocumentData(t.db, ids.air)) as BookingDocumentData,
    );
    await pay(ids.air, '10.00');
    expect(atolProtectedContent((await loadBookingDocumentData(t.db, ids.air)) as BookingDocumentData)).toBe(
      before,
    );
    expect(before).toContain('Ella');
    expect(before).toContain('LS811');
  });

  it('refuses with the spec’s messages', async () => {
    const refusal = async (id: number, type: BookingDocType) => {
      const e = await render(id, type).then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(DocumentRefused);
      return (e as Error).message;
    };
    expect(await refusal(ids.noParty, 'invoice')).toBe(
      'This booking does not have any agent or customer. Plese select anyone.',
    );
    expect(await refusal(ids.customer, 'agent-invoice')).toBe('Please select an agent for agent invoice');
    expect(await refusal(ids.noPassengers, 'invoice')).toMatch(/no passengers.*Confirmation/);
    expect(await refusal(ids.noPassengers, 'airline')).toMatch(/no passengers.*Travel Itinerary/);
    expect(await refusal(ids.customer, 'atol')).toMatch(/no flights/);
    expect(await refusal(ids.customer, 'airline-checkin')).toMatch(/no flights/);
    expect(await refusal(999_999, 'invoice')).toBe('Booking not found');
  });

  it('every type of every booking either renders or is refused', async () => {
    for (const [name, id] of Object.entries(ids))
      for (const type of BOOKING_DOC_CODES) {
        const r = await render(id, type).catch((e: unknown) => {
          if (e instanceof DocumentRefused) return null;
          throw e;
        });
        if (r) {
          expect(r.pdf.subarray(0, 5).toString()).toBe('%PDF-');
          await save(`all-${name}-${type}-${kind}.pdf`, r.pdf);
        }
      }
  });

  it('a 25-line confirmation runs over pages with its figures and renders quickly', async () => {
    const c = await createCustomer(t.db);
    const inst = await createBookableInstance(t.db, { departure_date: '2027-10-01', rooms: 40 });
    const id = await newBooking({
      customer_id: c.id,
      tour_bookings: Array.from({ length: 20 }, () => lineOf(inst, 1)),
    });
    for (let i = 0; i < 5; i++) {
      const res = await call('POST', `/update-booking/${id}/update-tours`, lineOf(inst, 1));
      expect(res.statusCode, res.body).toBe(200);
    }
    for (let i = 0; i < 3; i++) await addPassenger(id, 'Mr', `Guest${i}`, 'Long');
    const b = await detail(id);
    expect(b.tour_bookings).toHaveLength(25);
    const { pdf } = await render(id, 'invoice');
    await save(`invoice-25-lines-${kind}.pdf`, pdf);
    const text = await pdfText(pdf);
    expect(text).toContain(`Total due ${gbp(b.total_due)}`);
    expect(text).toContain('Page 3 of');
    const runs = 5;
    const started = performance.now();
    for (let i = 0; i < runs; i++) await render(id, 'invoice');
    const each = (performance.now() - started) / runs;
    const s2 = performance.now();
    for (let i = 0; i < runs; i++) await loadBookingDocumentData(t.db, id);
    console.info(
      `25-line confirmation (${kind}): ${each.toFixed(0)} ms each, data ${((performance.now() - s2) / runs).toFixed(0)} ms`,
    );
    expect(each).toBeLessThan(1500);
  });
});
