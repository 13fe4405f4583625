import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '../../src/shared/api/booking-documents';
import type { BookingDetail } from '../../src/shared/api/booking-edit';
import { loadBooking, openCard } from '../helpers/booking-screen';
import { launchBrowser, screenshot } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

// The booking's Documents section (spec 1 §2 'documents', §5, §7, §8; issue #12): role 1 ticks
// Confirmation, downloads it (a real PDF with the booking's reference) and prints it (the PDF opens
// in a new tab from a blob: URL); both generations are listed as document records. Role 2 sees the
// records and may download, without the email buttons.
const slow = { timeout: 30_000 };

interface RecordsAnswer {
  data: { id: number; name: string; created_for: string }[];
  atol: { offered: boolean; certificates: { reference: string }[] };
}

describe('booking documents section', () => {
  let browser: Browser;
  let admin: string;
  let booking: BookingDetail;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
    // A paid demo customer booking with passengers and flights (so the ATOL certificates show too).
    const table = await apiCall<{ data: { id: number; status: string; customer: unknown }[] }>(
      admin,
      'GET',
      '/bookings/table?draw=1&start=0&length=200',
    );
    const rows = table.body.data.filter((r) => r.customer && r.status !== 'Cancelled');
    for (const row of [...rows.slice(60), ...rows.slice(0, 60)]) {
      const b = await loadBooking(admin, row.id);
      // Paid too: the ATOL Certificate is issued on the first payment (a booking another test just
      // made unpaid would refuse it with DOCUMENT_MESSAGES.atolNeedsPayment).
      if (!b.customer_id || b.passengers.length === 0 || b.cancelled_at || !b.booking_ref) continue;
      if (!b.payments.some((p) => !p.voided_at && Number(p.payment_amount) > 0)) continue;
      const records = await apiCall<RecordsAnswer>(admin, 'GET', `/bookings/${b.id}/document-records`);
      if (records.body.atol.offered) {
        booking = b;
        break;
      }
    }
    expect(booking, 'a flight-inclusive demo customer booking with passengers').toBeDefined();
  });
  afterAll(async () => browser?.close());

  it('role 1 downloads and prints a Confirmation; both are kept as records', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/bookings/edit/${booking.id}`);
    const card = await openCard(page, 'Documents');

    // Nothing ticked: the spec's warning, nothing generated.
    await card.getByRole('button', { name: 'Download', exact: true }).click();
    await page.getByText('Select a document type first!').waitFor(slow);

    await card.getByRole('checkbox', { name: 'Confirmation' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download', slow),
      card.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Confirmation-${booking.booking_ref}.pdf`);
    const bytes = await readFile((await download.path()) as string);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await extractText(new Uint8Array(bytes), { mergePages: true })).text;
    expect(text).toContain(booking.booking_ref as string);

    const [popup] = await Promise.all([
      page.waitForEvent('popup', slow),
      card.getByRole('button', { name: 'Print', exact: true }).click(),
    ]);
    await expect.poll(() => popup.url(), slow).toMatch(/^blob:/);
    await popup.close();

    // The records list shows both generations, newest first.
    const records = card.getByRole('table', { name: 'Generated documents' });
    await expect
      .poll(async () => (await records.getByRole('row').allInnerTexts()).slice(1, 3).join('\n'), slow)
      .toMatch(new RegExp(`Confirmation-${booking.booking_ref}\\.pdf\\s+Print[\\s\\S]*Download`));
    const answer = await apiCall<RecordsAnswer>(admin, 'GET', `/bookings/${booking.id}/document-records`);
    expect(answer.body.data.slice(0, 2).map((r) => r.created_for)).toEqual(['print', 'download']);

    // The ATOL Certificate of this paid, flight-inclusive booking: downloading it issues version 1
    // when none was issued yet, and the certificates table shows the current one.
    await card.getByRole('checkbox', { name: 'Confirmation' }).uncheck();
    await card.getByRole('checkbox', { name: 'ATOL Certificate' }).check();
    const [atol] = await Promise.all([
      page.waitForEvent('download', slow),
      card.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(atol.suggestedFilename()).toMatch(
      new RegExp(`^ATOL-Certificate-${booking.booking_ref}-\\d+\\.pdf$`),
    );
    const certificates = card.getByRole('table', { name: 'ATOL certificates' });
    await certificates.waitFor(slow);
    await expect
      .poll(() => certificates.getByRole('row').nth(1).innerText(), slow)
      .toMatch(new RegExp(`${booking.booking_ref}-\\d+[\\s\\S]*Current`, 'i'));

    // A record's exact bytes download from its row.
    const [again] = await Promise.all([
      page.waitForEvent('download', slow),
      records
        .getByRole('button', { name: `Download Confirmation-${booking.booking_ref}.pdf` })
        .first()
        .click(),
    ]);
    expect((await readFile((await again.path()) as string)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'booking-documents-role1');
    await card.screenshot({ path: 'screenshots/booking-documents-section.png' });
    await page.close();
  });

  it('a booking without flights does not offer the ATOL Certificate, and says why', async () => {
    const table = await apiCall<{ data: { id: number; customer: unknown }[] }>(
      admin,
      'GET',
      '/bookings/table?draw=1&start=0&length=100',
    );
    let coachId = 0;
    for (const row of table.body.data.filter((r) => r.customer)) {
      const records = await apiCall<RecordsAnswer>(admin, 'GET', `/bookings/${row.id}/document-records`);
      if (!records.body.atol.offered) {
        coachId = row.id;
        break;
      }
    }
    expect(coachId, 'a demo booking without flights').toBeGreaterThan(0);
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/bookings/edit/${coachId}`);
    const card = await openCard(page, 'Documents');
    await card.getByText(DOCUMENT_MESSAGES.notFlightInclusive).waitFor(slow);
    expect(await card.getByRole('checkbox', { name: 'ATOL Certificate' }).isDisabled()).toBe(true);
    expect(await card.getByRole('table', { name: 'ATOL certificates' }).count()).toBe(0);
    await card.screenshot({ path: 'screenshots/booking-documents-section-no-flights.png' });
    await page.close();
  });

  it('role 2 sees the records and may download, without the email buttons', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/bookings/edit/${booking.id}`);
    const card = await openCard(page, 'Documents');
    await card.getByRole('table', { name: 'Generated documents' }).waitFor(slow);
    expect(await card.getByRole('button', { name: /^Email/ }).count()).toBe(0);
    await card.getByRole('checkbox', { name: 'Confirmation' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download', slow),
      card.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Confirmation-${booking.booking_ref}.pdf`);
    await screenshot(page, 'booking-documents-role2');
    await card.screenshot({ path: 'screenshots/booking-documents-section-role2.png' });
    await page.close();
  });
});
