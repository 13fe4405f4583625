import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_DOCUMENT_TYPES } from '../../src/shared/email-templates';
import { loadBooking, openCard } from '../helpers/booking-screen';
import { launchBrowser } from '../helpers/browser';
import { apiCall, apiToken, e2eDataDir, e2eUrl, signedInPage } from '../helpers/e2e';

// The email modal of the booking edit screen (spec 1 §2 'documents with an email modal', §5, §6, §8;
// issue #12 'Email'): role 1 picks a template, sees the live preview, is asked 'No Documents
// attached. Do you wish to conitnue ?' with nothing ticked, ticks Confirmation and sends; the message
// reaches the demo server's outbox as a real MIME message with the PDF. Role 2 has no email buttons.
const slow = { timeout: 30_000 };

/** The .eml files of the demo server's outbox whose subject contains `text`, parsed. */
async function mailsWith(text: string): Promise<ParsedMail[]> {
  const dir = path.join(e2eDataDir(), 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  const out: ParsedMail[] = [];
  for (const f of files) {
    const mail = await simpleParser(await readFile(path.join(dir, f)));
    if (mail.subject?.includes(text)) out.push(mail);
  }
  return out;
}

describe('booking email modal', () => {
  let browser: Browser;
  let admin: string;
  let bookingId: number;
  let ref: string;
  let email: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
    const table = await apiCall<{ data: { id: number; status: string; customer: unknown }[] }>(
      admin,
      'GET',
      '/bookings/table?draw=1&start=0&length=200',
    );
    const candidates = table.body.data.filter((r) => r.customer && r.status !== 'Cancelled');
    const offset = Math.floor(Math.random() * Math.max(1, candidates.length - 20));
    for (const row of [...candidates.slice(offset), ...candidates.slice(0, offset)]) {
      const b = await loadBooking(admin, row.id);
      if (b.cancelled_at || !b.customer?.email || b.passengers.length === 0 || !b.booking_ref) continue;
      if (b.tour_bookings.length === 0) continue;
      bookingId = b.id;
      ref = b.booking_ref;
      email = b.customer.email;
      break;
    }
    expect(bookingId, 'a demo customer booking with passengers and an email address').toBeGreaterThan(0);
  });
  afterAll(async () => browser?.close());

  it('role 1 picks a template, sees the preview, is asked about no documents, then sends the Confirmation', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/bookings/edit/${bookingId}`);
    const documents = await openCard(page, 'Documents');
    await documents.getByRole('button', { name: 'Email to Agent or Customer' }).click();
    const modal = page.getByRole('dialog', { name: 'Email to agent or customer' });
    await modal.waitFor(slow);

    await modal.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Booking confirmation', exact: true }).click();
    // The template's selected_doc_types are ticked on choosing it.
    await expect
      .poll(() => modal.getByRole('checkbox', { name: 'Confirmation' }).isChecked(), slow)
      .toBe(true);

    // The live preview: rendered by the server, shown in a sandboxed frame.
    const frame = page.frameLocator('iframe[title="Email preview"]');
    await expect.poll(() => frame.locator('body').innerText(), slow).toContain(ref);
    await expect.poll(() => modal.getByText(`Your booking confirmation ${ref}`).isVisible(), slow).toBe(true);
    await page.waitForTimeout(300);
    // The modal as staff see it (the viewport; a full-page shot would cut the fixed overlay).
    await page.screenshot({ path: path.join('screenshots', 'booking-email-modal.png') });

    // Notify customer of change: the reasons join the preview, exactly as they will be sent.
    await modal.getByRole('checkbox', { name: 'Notify customer of change' }).check();
    const reason = modal.getByRole('group', { name: 'Reasons for the change' }).getByRole('checkbox').first();
    await reason.check();
    await expect
      .poll(() => frame.locator('body').innerText(), slow)
      .toContain('We have made the following changes to your booking');
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join('screenshots', 'booking-email-modal-notify.png') });
    await modal.getByRole('checkbox', { name: 'Notify customer of change' }).uncheck();

    // Nothing ticked: the spec's confirmation; Cancel keeps the modal open.
    for (const d of EMAIL_DOCUMENT_TYPES)
      await modal.getByRole('checkbox', { name: d.label, exact: true }).uncheck();
    await modal.getByRole('button', { name: 'Send', exact: true }).click();
    const ask = page
      .getByRole('dialog')
      .filter({ hasText: 'No Documents attached. Do you wish to conitnue ?' });
    await ask.waitFor(slow);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden', ...slow });

    await modal.getByRole('checkbox', { name: 'Confirmation' }).check();
    await modal.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText(`Email sent to ${email} with 1 attachment.`).waitFor(slow);
    await modal.waitFor({ state: 'hidden', ...slow });

    // The worker delivers it to the demo server's .eml outbox: a real MIME message with the PDF.
    let mails: ParsedMail[] = [];
    await expect
      .poll(async () => {
        mails = await mailsWith(`Your booking confirmation ${ref}`);
        return mails.length;
      }, slow)
      .toBeGreaterThan(0);
    const mail = mails[mails.length - 1];
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(email);
    expect(String(mail.html)).toContain(ref);
    expect(mail.attachments.map((a) => a.filename)).toEqual([`Confirmation-${ref}.pdf`]);
    const text = (await extractText(new Uint8Array(mail.attachments[0].content), { mergePages: true })).text;
    expect(text).toContain(ref);

    // The history lists the email with its attachment.
    const history = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'History', exact: true }) });
    await openCard(page, 'History');
    await history
      .getByRole('button', { name: `Download Confirmation-${ref}.pdf` })
      .first()
      .waitFor(slow);
    await page.close();
  }, 120_000);

  it('role 2 sees the Documents section without the email buttons', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/bookings/edit/${bookingId}`);
    const documents = await openCard(page, 'Documents');
    await documents.getByRole('button', { name: 'Download', exact: true }).first().waitFor(slow);
    expect(await documents.getByRole('button', { name: 'Email to Agent or Customer' }).count()).toBe(0);
    expect(await documents.getByRole('button', { name: 'Email Travel Docs' }).count()).toBe(0);
    await page.close();
  }, 60_000);
});
