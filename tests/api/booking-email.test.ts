import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendTravelDocuments } from '../../src/server/areas/bookings/email-documents';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { renderSubject, renderTemplate, templateVariables } from '../../src/server/mail/templates';
import { unknownVariables } from '../../src/shared/email-templates';
import { bearer, createTestContext, type TestContext, testConfig } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAgent, createBooking, createCustomer, createTourInstance } from '../helpers/factories';

// Emailing a booking's documents (spec 1 §2 email modal, §4 'Emailing the customer', §5 'Documents
// and email', §7, §8; spec 3 §3 EmailTemplate; issue #12 'Email').

/** The Mustache-free checks: braces that are not a variable survive byte for byte. */
describe('template rendering', () => {
  it('keeps CSS and other braces exactly as typed, escapes values, inserts our HTML as it is', () => {
    const body =
      '<style>p { color: red }</style><p>{ not a var } {} {{customer}} a{b}c {#x}{/x}</p>' +
      '<p>Dear {customer}, {accept_button}</p>';
    const html = renderTemplate(body, {
      customer: `<b>O'Brien</b>`,
      accept_button: '<a href="https://x.test/">Accept</a>',
    });
    expect(html).toBe(
      '<style>p { color: red }</style><p>{ not a var } {} {&lt;b&gt;O&#39;Brien&lt;/b&gt;} ac {#x}{/x}</p>' +
        '<p>Dear &lt;b&gt;O&#39;Brien&lt;/b&gt;, <a href="https://x.test/">Accept</a></p>',
    );
    // Only {word} placeholders count: the save rule sees b (unknown), not the CSS or {#x}.
    expect(unknownVariables(body)).toEqual(['b']);
    expect(renderTemplate('<style>p { color: red }</style>', {})).toBe('<style>p { color: red }</style>');
    expect(renderTemplate('{ not a var }', {})).toBe('{ not a var }');
  });

  it('renders a subject as plain text on one line', () => {
    expect(
      renderSubject('Booking {booking_ref} for {customer}\n{manage_booking}', {
        booking_ref: 'TB1',
        customer: `O'Brien & Co`,
        manage_booking: '<a href="https://x.test/">Manage your booking</a>',
      }),
    ).toBe(`Booking TB1 for O'Brien & Co Manage your booking`);
  });
});

describe.each(testDbKinds)('booking email on %s', (kind) => {
  let t: TestContext;
  let templateId: number;
  let bookingId: number;
  let bookingRef: string;
  const customerEmail = 'obrien@example.test';

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

  /** Delivers everything queued and answers the new .eml files, parsed. */
  const seen = new Set<string>();
  async function delivered(): Promise<{ raw: Buffer; mail: ParsedMail }[]> {
    await t.app.outbox.drain();
    const dir = path.join(t.dataDir, 'outbox');
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    const out: { raw: Buffer; mail: ParsedMail }[] = [];
    for (const f of files) {
      if (seen.has(f)) continue;
      seen.add(f);
      const raw = await readFile(path.join(dir, f));
      out.push({ raw, mail: await simpleParser(raw) });
    }
    return out;
  }

  const pdfText = async (pdf: Buffer) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text;

  beforeAll(async () => {
    t = await createTestContext(kind);
    const [tpl] = await t.db
      .insert(s.email_templates)
      .values([
        {
          template_name: 'Booking confirmation',
          template_type: 2,
          template_slug: 'booking-confirmation',
          template_subject: 'Your booking {booking_ref} for {customer}',
          selected_doc_types: ['invoice', 'airline'],
          template_body_content:
            '<p>Dear {customer_title} {customer_lastname},</p><p>Hotel {hotel} ({room_type}, {board_basis}), ' +
            'departing {departure_date}. Balance {tour_balance}.</p><p>{ not a var }</p><p>{accept_button}</p>',
        },
        {
          template_name: 'Travel documents',
          template_type: 2,
          template_slug: 'travel-documents',
          template_subject: 'Travel documents {booking_ref}',
          selected_doc_types: ['airline'],
          template_body_content: '<p>Dear {customer_firstname}, your documents are attached.</p>',
        },
        {
          template_name: 'Changes to your booking',
          template_type: 2,
          template_slug: 'booking-changes',
          template_subject: 'Changes to your booking {booking_ref}',
          selected_doc_types: ['invoice'],
          template_body_content:
            '<p>Dear {customer_lastname}, the changes are confirmed: {accept_button}</p>',
        },
        {
          template_name: 'Agent booking confirmation',
          template_type: 1,
          template_slug: 'agent-booking-confirmation',
          template_subject: 'Agent confirmation {booking_ref}',
          selected_doc_types: ['agent-invoice'],
          template_body_content: '<p>Hello, booking {booking_ref} for {customer}.</p>',
        },
      ])
      .returning();
    templateId = tpl.id;
    const { instance, tourRoom } = await createTourInstance(t.db, { departure_date: '2027-06-01' });
    const customer = await createCustomer(t.db, {
      title: 'Mr',
      first_name: 'Sean',
      last_name: `<b>O'Brien</b>`,
      email: customerEmail,
    });
    const booking = await createBooking(t.db, {
      instance,
      customer_id: customer.id,
      total_due: '1048.00',
      balance: '1048.00',
    });
    bookingId = booking.id;
    bookingRef = booking.booking_ref as string;
    await t.db.execute(
      sql`update tour_bookings set tour_room_id = ${tourRoom.id} where holiday_booking_id = ${bookingId}`,
    );
    await t.db.insert(s.passengers).values([
      { holiday_booking_id: bookingId, title: 'Mr', first_name: 'Sean', last_name: "O'Brien" },
      { holiday_booking_id: bookingId, title: 'Mrs', first_name: 'Niamh', last_name: "O'Brien" },
    ]);
  }, 60_000);
  afterAll(async () => t?.close());

  it('fills the 28 variables of the spec, our 2 of issue #22 and 2 of issue #26 from the live booking', async () => {
    const vars = await templateVariables(t.db, bookingId, 'customer', { baseUrl: 'https://office.test' });
    expect(Object.keys(vars)).toHaveLength(32);
    expect(vars).toMatchObject({
      customer_salutation: `Mr <b>O'Brien</b>`,
      customer_title: 'Mr',
      customer_lastname: `<b>O'Brien</b>`,
      booking_ref: bookingRef,
      room_type: 'Twin Room',
      board_basis: 'Half Board',
      departure_date: '01/06/2027',
      tour_balance: '£1,048.00',
    });
    // Issue #23: without a message's personal links (a preview), both open the customer's sign-in
    // page — never the staff app.
    expect(vars.accept_button).toContain('href="https://office.test/my-booking/sign-in"');
    expect(vars.manage_booking).toContain('href="https://office.test/my-booking/sign-in"');
    expect(vars.accept_button).not.toContain('/bookings/edit/');
    expect(vars.balance_due_content).toContain('£1,048.00');
    // Issue #26: the first stage still owed, as a payment reminder words it.
    expect(vars.amount_due).toMatch(/^£[\d,]+\.\d\d$/);
    expect(vars.balance_due_content).toContain(vars.amount_due);
    // No deposit stage: what is owed is the full amount, due with the balance (no date stored here).
    expect(vars.due_date).toBe(vars.balance_due_date);
  });

  it('sends with a template and two documents: one outbox row, a valid .eml with both PDFs, one history entry', async () => {
    const res = await call('POST', `/bookings/${bookingId}/send-email-customer`, t.adminToken, {
      email_to: 'customer',
      template: templateId,
      email_documents: ['invoice', 'airline'],
      intimate_customer: 'no',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, status: true, data: { to: customerEmail, left_out: [] } });
    expect(body.data.attached).toHaveLength(2);

    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from email_outbox where holiday_booking_id = ${bookingId}`,
    );
    expect(rows[0].n).toBe(1);

    const mails = await delivered();
    expect(mails).toHaveLength(1);
    const { mail } = mails[0];
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(customerEmail);
    expect(mail.subject).toBe(`Your booking ${bookingRef} for Sean <b>O'Brien</b>`);
    const html = String(mail.html);
    expect(html).toContain('Dear Mr &lt;b&gt;O&#39;Brien&lt;/b&gt;,');
    expect(html).not.toContain("<b>O'Brien</b>");
    expect(html).toContain('Twin Room, Half Board');
    expect(html).toContain('departing 01/06/2027');
    expect(html).toContain('{ not a var }');
    expect(mail.attachments).toHaveLength(2);
    for (const a of mail.attachments) {
      expect(a.contentType).toBe('application/pdf');
      expect(a.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await pdfText(a.content)).toContain(bookingRef);
    }

    // The history entry lists both attachments, and each downloads as the same bytes.
    const history = await call(
      'GET',
      `/${bookingId}/get-booking-history?draw=1&start=0&length=15`,
      t.adminToken,
    );
    expect(history.statusCode, history.body).toBe(200);
    const entry = history.json().data.find((r: { type: string }) => r.type === 'Email');
    expect(entry).toMatchObject({ action: 'Email sent to customer', is_multiple: true });
    expect(entry.comment).toBe(mail.subject);
    expect(entry.multiple_documents_attached).toHaveLength(2);
    for (const file of entry.multiple_documents_attached) {
      const dl = await call('POST', '/download-booking-history-document', t.adminToken, {
        id: entry.id,
        document_id: file.id,
        document_name: file.file_name,
        friendly_name: file.friendly_name,
      });
      expect(dl.statusCode, dl.body).toBe(200);
      const sent = mail.attachments.find((a) => a.filename === file.file_name);
      expect(sent, file.file_name).toBeDefined();
      expect(Buffer.compare(dl.rawPayload, sent?.content as Buffer)).toBe(0);
    }
    // An attachment of another entry is not this entry's.
    const other = await call('POST', '/download-booking-history-document', t.adminToken, {
      id: entry.id,
      document_id: 2147483647,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('File not found');

    // Each document was issued as a record made for the customer.
    const records = await queryRows<{ doc_type: string; created_for: string }>(
      t.db,
      sql`select doc_type, created_for from booking_document_records where holiday_booking_id = ${bookingId} order by id`,
    );
    expect(records).toEqual([
      { doc_type: 'invoice', created_for: 'customer' },
      { doc_type: 'airline', created_for: 'customer' },
    ]);
  }, 60_000);

  it('is role 1 only, and needs a template', async () => {
    const payload = { email_to: 'customer', template: templateId, email_documents: [] };
    const denied = await call(
      'POST',
      `/bookings/${bookingId}/send-email-customer`,
      t.accountantToken,
      payload,
    );
    expect(denied.statusCode).toBe(403);
    for (const template of [undefined, '', null]) {
      const res = await call('POST', `/bookings/${bookingId}/send-email-customer`, t.adminToken, {
        ...payload,
        template,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Plase select a template');
    }
    const notify = await call('POST', `/bookings/${bookingId}/send-email-customer`, t.adminToken, {
      ...payload,
      intimate_customer: 'yes',
    });
    expect(notify.statusCode).toBe(422);
    expect(notify.json().errors.intimate_customer_reasons).toBeDefined();
    expect(await delivered()).toHaveLength(0);
  });

  it('refuses an agent that is not there, and a booking with no one to send to', async () => {
    const res = await call('POST', `/bookings/${bookingId}/send-email-customer`, t.adminToken, {
      email_to: 'agent',
      template: templateId,
      email_documents: [],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This booking has no agent to email. Choose the customer.');
    const orphan = await createBooking(t.db, {});
    const none = await call('POST', `/bookings/${orphan.id}/send-email-customer`, t.adminToken, {
      email_to: 'customer',
      template: templateId,
      email_documents: [],
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(
      'This booking does not have any agent or customer. Plese select anyone.',
    );
  });

  it('notifies of changes with the reasons, and sends the additional documents when ticked', async () => {
    const files = t.app.files;
    const key = await files.save('booking-documents', Buffer.from('%PDF-1.4 extra\n%%EOF\n'), 'pdf');
    await t.db.insert(s.booking_additional_documents).values({
      holiday_booking_id: bookingId,
      name: 'Visa-letter.pdf',
      file_key: key,
      mime_type: 'application/pdf',
    });
    const res = await call('POST', `/bookings/${bookingId}/send-email-customer`, t.adminToken, {
      email_to: 'customer',
      template: templateId,
      email_documents: 'additional-documents',
      intimate_customer: 'yes',
      intimate_customer_reasons: ['Flight time changed'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attached).toEqual(['Visa-letter.pdf']);
    const [{ mail }] = await delivered();
    expect(String(mail.html)).toContain('<li>Flight time changed</li>');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['Visa-letter.pdf']);
    // One attachment: the entry names it and is not 'multiple'.
    const [entry] = await queryRows<{ is_multiple: boolean; document_name: string; id: number }>(
      t.db,
      sql`select id, is_multiple, document_name from booking_history where holiday_booking_id = ${bookingId}
          and type = 'Email' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ is_multiple: false, document_name: 'Visa-letter.pdf' });
    const dl = await call('POST', '/download-booking-history-document', t.adminToken, {
      id: entry.id,
      document_name: 'Visa-letter.pdf',
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.toString()).toContain('%PDF-1.4 extra');
  });

  it('leaves out a refused document, names it, and still sends the others', async () => {
    const { instance } = await createTourInstance(t.db);
    const customer = await createCustomer(t.db, { email: 'nopax@example.test' });
    const b = await createBooking(t.db, { instance, customer_id: customer.id });
    const res = await call('POST', `/bookings/${b.id}/send-email-customer`, t.adminToken, {
      email_to: 'customer',
      template: templateId,
      email_documents: ['invoice', 'airline'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.attached).toEqual([]);
    expect(data.left_out).toHaveLength(2);
    expect(res.json().message).toBe(
      'Email sent to nopax@example.test with no attachments. This booking has no passengers, so the ' +
        'Confirmation and Travel Itinerary are not generated. Add the passengers first.',
    );
    const mails = await delivered();
    expect(mails).toHaveLength(1);
    expect(mails[0].mail.attachments).toHaveLength(0);
  });

  it('previews the message exactly as it is sent', async () => {
    const res = await call('POST', `/bookings/${bookingId}/email-preview`, t.accountantToken, {
      email_to: 'customer',
      template: templateId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.to).toBe(customerEmail);
    expect(data.subject).toBe(`Your booking ${bookingRef} for Sean <b>O'Brien</b>`);
    expect(data.html).toContain('Dear Mr &lt;b&gt;O&#39;Brien&lt;/b&gt;,');
    const none = await call('POST', `/bookings/${bookingId}/email-preview`, t.adminToken, {
      email_to: 'agent',
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('Plase select a template');
    const noAgent = await call('POST', `/bookings/${bookingId}/email-preview`, t.adminToken, {
      email_to: 'agent',
      template: templateId,
    });
    expect(noAgent.json().data.to).toBeNull();
  });

  it('refuses a template with an unknown variable when it is saved, naming it', async () => {
    const res = await call('POST', '/email-templates/create', t.adminToken, {
      title: 'Odd',
      type: 1,
      slug: 'odd',
      subject: 'Hello {customer}',
      body_content: '<p>Dear {customer}, {unknown_thing} { not a var }</p>',
      selected_doc_types: [],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.body_content).toEqual(['Unknown variable {unknown_thing}.']);
    const subject = await call('POST', '/email-templates/create', t.adminToken, {
      title: 'Odd',
      type: 1,
      slug: 'odd',
      subject: 'Hello {whoever}',
      body_content: '<p>{ color: red }</p>',
      selected_doc_types: [],
    });
    expect(subject.statusCode).toBe(422);
    expect(subject.json().errors.subject).toEqual(['Unknown variable {whoever}.']);
  });

  it('Email Booking Docs: the confirmation to the customer, the agent invoice to an agent-only booking', async () => {
    const res = await call(
      'POST',
      `/bookings/${bookingId}/documents/send-email/invoicing-docs?type=email_customer`,
      t.adminToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attached).toEqual([`Confirmation-${bookingRef}.pdf`]);

    const { instance } = await createTourInstance(t.db);
    const agent = await createAgent(t.db, { email: 'trade@agency.test' });
    const b = await createBooking(t.db, { instance, agent_id: agent.id });
    await t.db.insert(s.passengers).values({ holiday_booking_id: b.id, first_name: 'Ann', last_name: 'Lee' });
    const agentRes = await call(
      'POST',
      `/bookings/${b.id}/documents/send-email/invoicing-docs?type=email_customer`,
      t.adminToken,
    );
    expect(agentRes.statusCode, agentRes.body).toBe(200);
    expect(agentRes.json().data).toMatchObject({ to: 'trade@agency.test' });
    expect(agentRes.json().data.attached[0]).toMatch(/^Agent-Invoice/);
    const mails = await delivered();
    expect(mails.map((m) => m.mail.subject)).toEqual([
      `Your booking ${bookingRef} for Sean <b>O'Brien</b>`,
      `Agent confirmation ${b.booking_ref}`,
    ]);
  }, 60_000);

  it('Email Travel Docs: the itinerary with the travel-documents template; a cancelled booking is refused', async () => {
    const res = await call(
      'POST',
      `/bookings/${bookingId}/documents/email-travel-document?type=email_customer`,
      t.adminToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attached).toEqual([`Travel-Itinerary-${bookingRef}.pdf`]);
    const [{ mail }] = await delivered();
    expect(mail.subject).toBe(`Travel documents ${bookingRef}`);

    const { instance } = await createTourInstance(t.db);
    const customer = await createCustomer(t.db);
    const cancelled = await createBooking(t.db, {
      instance,
      customer_id: customer.id,
      cancelled_at: '2026-01-01T00:00:00Z',
    });
    const refused = await call(
      'POST',
      `/bookings/${cancelled.id}/documents/email-travel-document?type=email_customer`,
      t.adminToken,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('This booking is cancelled: travel documents are not sent.');
    // Nothing to attach (no passengers, no flights): refused, nothing sent.
    const bare = await createBooking(t.db, { instance, customer_id: customer.id });
    const nothing = await call(
      'POST',
      `/bookings/${bare.id}/documents/email-travel-document?type=email_customer`,
      t.adminToken,
    );
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().message).toBe(
      'Nothing was sent: no document could be attached. This booking has no passengers, so the Travel ' +
        'Itinerary is not generated. Add the passengers first.',
    );
    const deps = { files: t.app.files, outbox: t.app.outbox, config: testConfig() };
    expect(await sendTravelDocuments(t.db, deps, cancelled.id, 1, 'customer')).toEqual({
      sent: false,
      reason: 'This booking is cancelled: travel documents are not sent.',
    });
    const admin = await queryRows<{ id: number }>(t.db, sql`select id from users where role = 1 limit 1`);
    expect(await sendTravelDocuments(t.db, deps, bookingId, admin[0].id, 'customer')).toEqual({
      sent: true,
      to: customerEmail,
    });
    expect(await delivered()).toHaveLength(1);
  }, 60_000);

  it("accepting changes with 'Yes' sends the booking-changes template through the outbox", async () => {
    const res = await call('POST', `/bookings/${bookingId}/accept-booking-change`, t.adminToken, {
      send_email: 'yes',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [{ mail }] = await delivered();
    expect(mail.subject).toBe(`Changes to your booking ${bookingRef}`);
    expect(String(mail.html)).toContain(
      'Dear &lt;b&gt;O&#39;Brien&lt;/b&gt;, the changes are confirmed: <a href=',
    );
    // Issue #23: the Accept button is the customer's personal link, never the staff screen.
    expect(String(mail.html)).toMatch(/\/my-booking\/link#t=[A-Za-z0-9_-]{43}&amp;accept=1/);
    expect(String(mail.html)).not.toContain('/bookings/edit/');
  });

  it('GET bookings/{id} offers the active templates grouped by type', async () => {
    const res = await call('GET', `/bookings/${bookingId}`, t.accountantToken);
    expect(res.statusCode).toBe(200);
    const groups = res.json().data.emailTemplates;
    expect(groups.map((g: { slug: string; label: string }) => [g.slug, g.label])).toEqual([
      ['admin-email', 'Admin Email'],
      ['system-generated', 'System generated'],
    ]);
    expect(groups[1].data[0]).toMatchObject({
      template_id: templateId,
      template_name: 'Booking confirmation',
      selected_doc_types: ['invoice', 'airline'],
    });
  });
});
