import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_MESSAGES } from '../../src/shared/api/portal';
import { launchBrowser } from '../helpers/browser';
import { apiCall, apiToken, e2eDataDir, e2eUrl, signedInPage } from '../helpers/e2e';
import { outboxMessages } from '../helpers/outbox';

const SHOTS = '/tmp/portal-shots';
const PHONE = { width: 390, height: 844 };
const slow = { timeout: 90_000 };

type Row = {
  id: number;
  booking_ref: string;
  customer: { id: number } | null;
  agent: unknown;
  status: string;
};
type Detail = {
  id: number;
  booking_ref: string;
  status: string;
  departure_date: string | null;
  changes_accepted_from: string | null;
  changes_reviewed: number;
  customer: { email: string | null } | null;
  passengers: { id: number; first_name: string; last_name: string; passport_no: string | null }[];
  tour_bookings: { tour_id: number; tour: { tour_type: string } }[];
};

// Issue #23, the customer's story at 390×844: the Manage link of a real email (parsed by
// mailparser) opens the booking; the customer accepts the changes, completes a passenger's passport,
// downloads the ATOL certificate the office issued and writes to the office; then staff see each of
// these on the booking (Accepted From Manage booking, the passport, Changes Reviewed Pending, the
// history by 'Customer', the message).
describe('a customer manages their booking from an email', () => {
  let browser: Browser;
  let admin: string;
  let b: Detail;
  let email: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
    const soon = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const rows = await apiCall<{ data: Row[] }>(
      admin,
      'GET',
      `/bookings/table?start=0&length=200&search_by_departure_start=${soon}`,
    );
    for (const row of rows.body.data) {
      if (!row.customer || row.agent || row.status === 'Cancelled') continue;
      const d = (await apiCall<{ data: { booking: Detail[] } }>(admin, 'GET', `/bookings/${row.id}`)).body
        .data.booking[0];
      if (!d.customer?.email || d.passengers.length === 0 || d.tour_bookings[0]?.tour.tour_type !== 'air')
        continue;
      const tour = await apiCall<{ data: { is_passport_details_required: boolean }[] }>(
        admin,
        'GET',
        `/tours/${d.tour_bookings[0].tour_id}`,
      );
      if (tour.body.data[0]?.is_passport_details_required) {
        b = d;
        break;
      }
    }
    if (!b)
      throw new Error(
        'no air booking asking for passports in the demo with a customer email and passengers, 40+ days out',
      );
    email = b.customer?.email as string;
    // The office: a payment (which issues the ATOL certificate on a flight-inclusive booking), a new
    // passenger (changes for the customer to accept), then Email Booking Docs (the confirmation
    // template carries the personal Accept and Manage links).
    const before = (await outboxMessages(e2eDataDir(), email, { waitMs: 0 })).length;
    const paid = await apiCall(admin, 'POST', '/payments', {
      holiday_booking_id: b.id,
      payment_method: 'bacs',
      payment_amount: '10.00',
      transaction_id: 'PORTAL-E2E',
      allow_overpayment: true,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const added = await apiCall(admin, 'POST', '/update-booking/update-pessenger', {
      holiday_booking_id: b.id,
      title: 'Miss',
      first_name: 'Portia',
      last_name: b.passengers[0].last_name,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const sent = await apiCall(admin, 'POST', `/bookings/${b.id}/documents/send-email/invoicing-docs`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await outboxMessages(e2eDataDir(), email, { atLeast: before + 2, waitMs: 20_000 });
  }, 60_000);
  afterAll(async () => browser?.close());

  it(
    'opens the link, accepts, completes a passport, downloads the ATOL certificate, writes to the office',
    slow,
    async () => {
      // The newest email to the customer that carries the personal links (Email Booking Docs').
      const mails = await Promise.all(
        (await outboxMessages(e2eDataDir(), email)).map(async (m) =>
          simpleParser(await readFile(path.join(e2eDataDir(), 'outbox', m.file))),
        ),
      );
      const linksOf = (m: ParsedMail) =>
        [...String(m.html).matchAll(/href="([^"]+)"/g)]
          .map((x) => x[1].replace(/&amp;/g, '&'))
          .filter((h) => h.includes('/my-booking/link#t='));
      // (Another email to the same customer — a reminder about another of their bookings — may carry links too.)
      const mail = mails
        .filter((m) => linksOf(m).length > 0 && `${m.subject} ${m.html}`.includes(b.booking_ref))
        .at(-1);
      expect(mail, mails.map((m) => m.subject).join(' | ')).toBeDefined();
      const manage = linksOf(mail as ParsedMail).find((h) => !h.includes('accept=1'));
      expect(manage).toBeDefined();
      expect(manage?.startsWith(e2eUrl())).toBe(true);

      const context = await browser.newContext({ viewport: PHONE, acceptDownloads: true });
      const page = await context.newPage();
      await page.goto(manage as string);
      await expect
        .poll(() => page.getByText(b.booking_ref).first().isVisible(), { timeout: 15_000 })
        .toBe(true);
      // The token left the address bar at once.
      expect(page.url()).not.toContain('#t=');
      mkdirSync(SHOTS, { recursive: true });

      // Accept the changes.
      const changes = page.getByRole('region', { name: 'Changes to accept' });
      await expect.poll(() => changes.getByText('Passengers').first().isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Accept changes' }).click();
      await expect.poll(() => page.getByText(PORTAL_MESSAGES.accepted).first().isVisible()).toBe(true);

      // Complete the first passenger's passport.
      const first = b.passengers[0];
      await page
        .getByRole('button', { name: new RegExp(`Edit details of .*${first.first_name}`) })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Passport number').fill('533401279');
      await dialog.getByLabel('Nationality').fill('British');
      await dialog.getByLabel('Date of issue').fill('12/03/2021');
      await dialog.getByLabel('Date of expiry').fill('12/03/2031');
      await dialog.getByLabel('Date of birth').fill('04/05/1972');
      await dialog.getByRole('button', { name: 'Save details' }).click();
      await expect.poll(() => page.getByText(PORTAL_MESSAGES.passengerSaved).first().isVisible()).toBe(true);
      // On a phone the notice rises from the bottom: Sign out stays in reach.
      const notice = await page.getByText(PORTAL_MESSAGES.passengerSaved).first().boundingBox();
      expect(notice?.y ?? 0).toBeGreaterThan(PHONE.height / 2);
      await expect.poll(() => page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
      await page.screenshot({ path: `${SHOTS}/story-saved-390.png` });

      // Download the ATOL certificate: the stored PDF.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download ATOL Certificate' }).first().click();
      const file = await (await download).path();
      const text = (await extractText(new Uint8Array(await readFile(file)), { mergePages: true })).text;
      expect(text).toContain('ATOL');
      expect(text).toContain(b.booking_ref);

      // Write to the office.
      await page.getByLabel('Your message').fill('Could we have a room with a sea view, please?');
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect.poll(() => page.getByText(PORTAL_MESSAGES.messageSent).first().isVisible()).toBe(true);
      await page.screenshot({ path: `${SHOTS}/story-390.png`, fullPage: true });
      await context.close();

      // The office sees each of these.
      const after = (await apiCall<{ data: { booking: Detail[] } }>(admin, 'GET', `/bookings/${b.id}`)).body
        .data.booking[0];
      expect(after.changes_accepted_from).toBe('manage_booking');
      expect(after.changes_reviewed).toBe(0);
      expect(after.passengers.find((p) => p.id === first.id)?.passport_no).toBe('533401279');
      const history = await apiCall<{ data: { action: string; user: { name: string } | null }[] }>(
        admin,
        'GET',
        `/${b.id}/get-booking-history?start=0&length=50&draw=1`,
      );
      const byCustomer = history.body.data.filter((h) => h.user?.name === 'Customer').map((h) => h.action);
      expect(byCustomer).toEqual(
        expect.arrayContaining([
          'Changes accepted',
          'Passenger updated by the customer',
          'Message from the customer',
        ]),
      );
      const staff = await signedInPage(browser, 1);
      await staff.goto(`${e2eUrl()}/bookings/edit/${b.id}`);
      await expect
        .poll(() => staff.getByText('Could we have a room with a sea view, please?').first().isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      await staff.screenshot({ path: `${SHOTS}/story-staff-1366.png`, fullPage: true });
      await staff.context().close();
    },
  );
});
