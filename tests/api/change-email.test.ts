import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { poundsText } from '../../src/shared/money-text';
import { createTestContext, type TestContext } from '../helpers/app';
import { bookingCalls } from '../helpers/booking-calls';
import { testDbKinds } from '../helpers/db';
import {
  createAgent,
  createAvailability,
  createBookableInstance,
  createCustomer,
} from '../helpers/factories';

const pdfText = async (pdf: Buffer) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text;
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The letterhead every email's footer shows (system settings, as the PDFs use them). */
const COMPANY = {
  company_name: 'Wayfarer Tours Ltd',
  company_address: '12 Deansgate\nManchester M3 2BY',
  company_phone: '0161 496 0750',
  company_email: 'reservations@wayfarer.test',
  abta_number: 'P7123',
  atol_number: '11234',
};

/** What every email must carry whoever sent it (issue #22 point 3). */
function expectLetterhead(mail: ParsedMail) {
  const html = String(mail.html);
  const text = mail.text ?? '';
  for (const part of [html, text]) {
    expect(part).toContain('Wayfarer Tours Ltd');
    expect(part).toContain('12 Deansgate, Manchester M3 2BY');
    expect(part).toContain('Tel 0161 496 0750');
    expect(part).toContain('ABTA P7123 · ATOL 11234');
  }
  // A real plain-text part: words, no markup.
  expect(text.length).toBeGreaterThan(40);
  expect(text).not.toMatch(/<\/?(p|div|table|strong)\b/);
}

// Issue #22 points 2 and 3: the change email after a room change and Accept Changes → Yes, and one
// greeting, footer and text part for every email the system sends.
describe.each(testDbKinds)('the change email and every email’s letterhead on %s', (kind) => {
  let t: TestContext;
  const { call, detail, lineOf, newBooking } = bookingCalls(() => t);
  const seen = new Set<string>();

  beforeAll(async () => {
    t = await createTestContext(kind);
    for (const [name, value] of Object.entries(COMPANY))
      await t.db.execute(
        sql`insert into system_settings (name, value) values (${name}, ${value})
            on conflict (name) do update set value = excluded.value`,
      );
  });
  afterAll(async () => t?.close());

  /** Messages delivered since the last call (the outbox drained first), read with mailparser. */
  async function delivered(): Promise<ParsedMail[]> {
    await t.app.outbox.drain();
    const dir = path.join(t.dataDir, 'outbox');
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    const out: ParsedMail[] = [];
    for (const f of files) {
      if (seen.has(f)) continue;
      seen.add(f);
      out.push(await simpleParser(await readFile(path.join(dir, f))));
    }
    return out;
  }
  const toOf = (m: ParsedMail) => (m.to && !Array.isArray(m.to) ? m.to.text : '');

  /** A flight-inclusive tour with a Twin room and a dearer Family room, booked by Mrs Wickersham. */
  async function wickershamBooking(n: number) {
    const inst = await createBookableInstance(t.db, { tour_type: 'air', departure_date: daysFromNow(150) });
    const [from, to] = await t.db
      .insert(s.airports)
      .values([
        { airport_name: `Manchester ${n}`, iata_code: `W${n}M`, country_code: 'GB' },
        { airport_name: `Faro ${n}`, iata_code: `W${n}F`, country_code: 'PT' },
      ])
      .returning();
    const [flight] = await t.db
      .insert(s.flights)
      .values({
        flight_number: `WX${200 + n}`,
        departure_airport_id: from.id,
        arrival_airport_id: to.id,
        departure_time: `${inst.instance.departure_date} 09:15:00`,
        arrival_time: `${inst.instance.departure_date} 12:40:00`,
      })
      .returning();
    await t.db
      .insert(s.tour_instance_flights)
      .values({ tour_instance_id: inst.instance.id, flight_id: flight.id });
    const [family] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into accommodation_rooms (accommodation_id, name, board_basis, occupancy)
          values (${inst.hotel.id}, 'Family Room', 'Half Board', 4) returning id`,
    );
    const [familyTourRoom] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into tour_rooms (tour_accommodation_id, accommodation_room_id, supplement)
          select tour_accommodation_id, ${family.id}, 115.00 from tour_rooms where id = ${inst.tourRoom.id} returning id`,
    );
    await createAvailability(t.db, family.id, inst.instance.departure_date, 4, 3);
    const customer = await createCustomer(t.db, {
      title: 'Mrs',
      first_name: 'Harriet',
      last_name: 'Wickersham',
      email: `harriet${n}@wickersham.test`,
    });
    const id = await newBooking({ customer_id: customer.id, tour_bookings: [lineOf(inst)] });
    for (const [title, first_name] of [
      ['Mrs', 'Harriet'],
      ['Mr', 'George'],
    ]) {
      const res = await call('POST', '/update-booking/update-pessenger', {
        holiday_booking_id: id,
        title,
        first_name,
        last_name: 'Wickersham',
        dob: '1961-04-02',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { id, customer, familyTourRoom: familyTourRoom.id };
  }

  let bookingId: number;

  it('room change + Accept Changes → Yes: one email listing the changes, the confirmation and ATOL v2 attached', async () => {
    const { id, customer, familyTourRoom } = await wickershamBooking(1);
    bookingId = id;
    const email = customer.email as string;
    // The customer accepted the booking as made; then the deposit: ATOL version 1, emailed at once.
    expect(
      (await call('POST', `/bookings/${id}/accept-booking-change`, { send_email: 'no' })).statusCode,
    ).toBe(200);
    const paid = await call('POST', '/payments', {
      holiday_booking_id: id,
      payment_method: 'bacs',
      payment_amount: '200.00',
      transaction_id: 'DEP-1',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [atolV1] = await delivered();
    expect(atolV1.subject).toContain('ATOL Certificate');
    expect(String(atolV1.html)).toContain('Dear Mrs Wickersham,');
    expectLetterhead(atolV1);

    // The room change: Twin → Family, the total up by 2 × £90.00 (supplement 25.00 → 115.00).
    const before = await detail(id);
    const line = before.tour_bookings[0];
    const moved = await call('POST', '/bookings/tour-booking/update-accommodation', {
      tour_booking_id: line.id,
      room_id: familyTourRoom,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await detail(id);
    expect(Number(after.total_due) - Number(before.total_due)).toBe(180);
    // ATOL version 2 is issued by the change, but waits for the change email instead of going alone.
    expect(await delivered()).toEqual([]);

    const res = await call('POST', `/bookings/${id}/accept-booking-change`, { send_email: 'yes' });
    expect(res.statusCode, res.body).toBe(200);
    const ref = after.booking_ref as string;
    const confirmation = `Confirmation-${ref}.pdf`;
    const atolV2 = `ATOL-Certificate-${ref}-2.pdf`;
    expect(res.json().data.email).toEqual({ to: email, attached: [confirmation, atolV2], warnings: [] });
    expect(res.json().message).toBe(`Changes accepted. Emailed ${email} with ${confirmation} and ${atolV2}.`);

    const mails = await delivered();
    expect(mails.map((m) => m.subject)).toEqual([`Changes to your booking ${ref}`]);
    const changeMail = mails[0];
    expect(toOf(changeMail)).toBe(email);
    const html = String(changeMail.html);
    const text = changeMail.text ?? '';
    expect(html).toContain('Dear Mrs Wickersham,');
    expect(text).toContain('Dear Mrs Wickersham,');
    // Reads one way: confirmed, nothing left to accept.
    expect(text).toContain('They are confirmed, and your updated confirmation is attached.');
    expect(text).not.toMatch(/accept (them|it)|Accept your booking/);
    // What changed since the customer last accepted: before → after, the total last.
    const roomLine = text.split('\n').find((l) => l.startsWith('- Room ('));
    expect(roomLine).toMatch(/Twin Room.* → .*Family Room/);
    expect(text).toContain(`- Total due: ${poundsText(before.total_due)} → ${poundsText(after.total_due)}`);
    expect(text).not.toContain('Rooms (');
    expect(html).toContain(
      `<strong>Total due:</strong> ${poundsText(before.total_due)} → ${poundsText(after.total_due)}`,
    );
    // The updated confirmation and the certificate the change issued, as PDFs in this one email.
    expect(changeMail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [confirmation, 'application/pdf'],
      [atolV2, 'application/pdf'],
    ]);
    const confText = await pdfText(changeMail.attachments[0].content);
    expect(confText).toContain('Family Room');
    expect(confText.replace(/\s+/g, ' ')).toContain(poundsText(after.total_due));
    expect(await pdfText(changeMail.attachments[1].content)).toContain(`${ref}-2`);
    expectLetterhead(changeMail);

    // The certificate's own email never goes; the history says what was emailed and to whom.
    const outbox = await queryRows<{ kind: string; status: string }>(
      t.db,
      sql`select kind, status from email_outbox where holiday_booking_id = ${id} order by id`,
    );
    expect(outbox).toEqual([
      { kind: 'atol-certificate', status: 'sent' },
      { kind: 'atol-certificate', status: 'merged' },
      { kind: 'changes-accepted', status: 'sent' },
    ]);
    const history = await queryRows<{ action: string; comment: string }>(
      t.db,
      sql`select action, comment from booking_history where holiday_booking_id = ${id}
          and action in ('Changes accepted', 'Email sent to customer') order by id`,
    );
    expect(history.slice(-2)).toEqual([
      {
        action: 'Email sent to customer',
        comment: `Changes to your booking ${ref}: emailed to ${email} with ${confirmation} and ${atolV2}`,
      },
      {
        action: 'Changes accepted',
        comment: `By admin; emailed to ${email} with ${confirmation} and ${atolV2}`,
      },
    ]);
    expect(await delivered()).toEqual([]);
  }, 60_000);

  it('a second accept lists only what changed since; with No a waiting certificate goes on its own', async () => {
    // Nothing changed since the last acceptance: the list is empty, the confirmation still attached.
    let res = await call('POST', '/update-booking/update-pessenger', {
      holiday_booking_id: bookingId,
      title: 'Miss',
      first_name: 'Ada',
      last_name: 'Wickersham',
      dob: '1999-01-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await call('POST', `/bookings/${bookingId}/accept-booking-change`, { send_email: 'yes' });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await delivered();
    const text = mail.text ?? '';
    expect(text).toContain(
      '- Passengers: Mrs Harriet Wickersham, Mr George Wickersham → Mrs Harriet Wickersham, Mr George Wickersham, Miss Ada Wickersham',
    );
    expect(text).not.toContain('Room (');
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      expect.stringMatching(/^Confirmation-/),
      expect.stringMatching(/-3\.pdf$/),
    ]);

    // Another change, accepted without an email: its certificate is sent at once, on its own.
    res = await call('POST', '/update-booking/update-pessenger', {
      holiday_booking_id: bookingId,
      title: 'Mr',
      first_name: 'Tom',
      last_name: 'Wickersham',
      dob: '1995-01-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await delivered()).toEqual([]);
    res = await call('POST', `/bookings/${bookingId}/accept-booking-change`, { send_email: 'no' });
    expect(res.json().message).toBe('Changes accepted.');
    const alone = await delivered();
    expect(alone.map((m) => m.attachments.map((a) => a.filename))).toEqual([
      [expect.stringMatching(/-4\.pdf$/)],
    ]);
    expectLetterhead(alone[0]);
  }, 60_000);

  it('every kind of email carries the footer, a text part and the one greeting', async () => {
    const { id, customer } = await wickershamBooking(2);
    const to = customer.email as string;
    // booking-update: a change notice from the summary form.
    let res = await call('POST', `/bookings/${id}`, {
      version: (await detail(id)).version,
      special_request: 'Sea view please',
      intimate_customer: 'yes',
      intimate_customer_reasons: ['Special request'],
    });
    expect(res.statusCode, res.body).toBe(200);
    // A template email from the email modal.
    const [template] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into email_templates (template_name, template_type, template_slug, template_subject, template_status,
                                       selected_doc_types, template_body_content)
          values ('Hello', 1, 'hello-22', 'Hello {booking_ref}', 1, '{}',
                  '<p>Dear {customer_salutation},</p><p>Just to say hello.</p>') returning id`,
    );
    res = await call('POST', `/bookings/${id}/send-email-customer`, {
      email_to: 'customer',
      template: template.id,
      intimate_customer: 'no',
    });
    expect(res.statusCode, res.body).toBe(200);
    // Email Booking Docs (the booking-confirmation template with the confirmation).
    await t.db.execute(
      sql`insert into email_templates (template_name, template_type, template_slug, template_subject, template_status,
                                       selected_doc_types, template_body_content)
          values ('Booking confirmation', 2, 'booking-confirmation', 'Your booking {booking_ref}', 1, '{invoice}',
                  '<p>Dear {customer_salutation},</p><p>Your confirmation is attached.</p>')
          on conflict do nothing`,
    );
    res = await call('POST', `/bookings/${id}/documents/send-email/invoicing-docs?type=email_customer`);
    expect(res.statusCode, res.body).toBe(200);
    // Email Travel Docs (the travel-documents template with the itinerary).
    await t.db.execute(
      sql`insert into email_templates (template_name, template_type, template_slug, template_subject, template_status,
                                       selected_doc_types, template_body_content)
          values ('Travel documents', 2, 'travel-documents', 'Your travel documents', 1, '{airline}',
                  '<p>Dear {customer_salutation},</p><p>Your documents are attached.</p>')
          on conflict do nothing`,
    );
    res = await call('POST', `/bookings/${id}/documents/email-travel-document?type=email_customer`);
    expect(res.statusCode, res.body).toBe(200);
    // An additional document.
    const key = await t.app.files.save('booking-documents', Buffer.from('%PDF-1.4\n%%EOF\n'), 'pdf');
    const [doc] = await t.db
      .insert(s.booking_additional_documents)
      .values({ holiday_booking_id: id, name: 'Transfers.pdf', file_key: key, mime_type: 'application/pdf' })
      .returning();
    res = await call('GET', `/bookings/${id}/additional-document-email/${doc.id}`);
    expect(res.statusCode, res.body).toBe(200);
    // The deposit: the ATOL certificate's own email.
    res = await call('POST', '/payments', {
      holiday_booking_id: id,
      payment_method: 'bacs',
      payment_amount: '200.00',
      transaction_id: 'DEP-2',
    });
    expect(res.statusCode, res.body).toBe(200);
    // Delivered before the change email is written (else it would ride with it, as a waiting one does).
    const early = await delivered();
    // The change email.
    res = await call('POST', `/bookings/${id}/accept-booking-change`, { send_email: 'yes' });
    expect(res.statusCode, res.body).toBe(200);
    // An agent's password link.
    await createAgent(t.db, { name: 'Sunshine Travel', email: 'desk@sunshine-22.test' });
    res = await call('POST', '/agents/password/reset-link', { email: 'desk@sunshine-22.test' });
    expect(res.statusCode, res.body).toBe(200);

    const mails = [...early, ...(await delivered())];
    const kinds = await queryRows<{ kind: string }>(
      t.db,
      sql`select distinct kind from email_outbox where holiday_booking_id = ${id} or to_address = 'desk@sunshine-22.test'
          order by kind`,
    );
    expect(kinds.map((k) => k.kind)).toEqual([
      'additional-document',
      'agent-password-reset',
      'atol-certificate',
      'booking-documents',
      'booking-email',
      'booking-update',
      'changes-accepted',
      'travel-documents',
    ]);
    const customerMails = mails.filter((m) => toOf(m) === to);
    expect(customerMails).toHaveLength(7);
    for (const m of customerMails) {
      expectLetterhead(m);
      expect(m.text?.split('\n')[0], m.subject).toBe('Dear Mrs Wickersham,');
    }
    const agentMail = mails.find((m) => toOf(m) === 'desk@sunshine-22.test') as ParsedMail;
    expectLetterhead(agentMail);
    expect(agentMail.text?.split('\n')[0]).toBe('Dear Sunshine Travel,');
  }, 90_000);

  it('no sender writes email_outbox but enqueueEmail (where the footer and text part are made)', async () => {
    const grepDir = async (dir: string): Promise<string[]> => {
      const hits: string[] = [];
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) hits.push(...(await grepDir(p)));
        else if (/\.ts$/.test(entry.name) && /insert\s+into\s+email_outbox/i.test(await readFile(p, 'utf8')))
          hits.push(path.relative(process.cwd(), p));
      }
      return hits;
    };
    expect(await grepDir(path.join(process.cwd(), 'src'))).toEqual(['src/server/mail/outbox.ts']);
  });
});
