import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_MESSAGES } from '../../src/shared/api/portal';
import { launchBrowser } from '../helpers/browser';
import { apiCall, apiToken, e2eDataDir, e2eUrl } from '../helpers/e2e';
import { newestMail, outboxMessages } from '../helpers/outbox';

/** Where the screenshots go, for a person to look at the pages (not kept in the repo). */
const SHOTS = '/tmp/portal-shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

type BookingRow = { id: number; booking_ref: string; customer: { id: number } | null; agent: unknown };
type BookingDetail = {
  data: { booking: { passengers: { last_name: string }[]; customer: { email: string | null } | null }[] };
};

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Whether the page scrolls sideways (its content is wider than the window). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The six-digit code of the newest sign-in email sent to `to`. */
async function codeMailedTo(to: string, atLeast: number): Promise<string> {
  await outboxMessages(e2eDataDir(), to, { atLeast });
  const mail = await newestMail(e2eDataDir(), to);
  const code = /\b(\d{6})\b/.exec(mail.subject ?? '')?.[1] ?? /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the mail to ${to}: ${mail.subject}`);
  return code;
}

// "Manage my booking" (issue #23), the customer's pages at a phone's size and a laptop's: the
// sign-in steps and the booking page look finished (no sideways scroll on the phone, axe-core on
// every screen, no CSP violation), a customer signs in with the emailed code, a passenger's
// details open in the dialog, signing out says so, and a refused portal session goes back to the
// sign-in page without touching a staff session held in the same browser.
describe('the customer’s pages', () => {
  let browser: Browser;
  let ref: string;
  let surname: string;
  let email: string;
  let mails = 0;
  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await apiToken(1);
    const rows = await apiCall<{ data: BookingRow[] }>(admin, 'GET', '/bookings/table?start=0&length=50');
    for (const row of rows.body.data) {
      if (!row.customer || row.agent) continue;
      const detail = await apiCall<BookingDetail>(admin, 'GET', `/bookings/${row.id}`);
      const b = detail.body.data.booking[0];
      if (b.passengers.length > 0 && b.customer?.email) {
        ref = row.booking_ref;
        surname = b.passengers[0].last_name;
        email = b.customer.email;
        break;
      }
    }
    if (!ref) throw new Error('no demo booking with a customer email and passengers');
    mails = (await outboxMessages(e2eDataDir(), email, { waitMs: 0 })).length;
  });
  afterAll(async () => browser?.close());

  it('signs in with the emailed code and shows the booking, finished at 390×844 and 1366×768', async () => {
    const phone = await (await browser.newContext({ viewport: PHONE })).newPage();
    await phone.goto(`${e2eUrl()}/my-booking/sign-in`);
    await expect.poll(() => phone.getByRole('button', { name: 'Email me a code' }).isVisible()).toBe(true);
    await expect.poll(() => phone.getByRole('contentinfo').getByText(/ATOL/).isVisible()).toBe(true);
    expect(await scrollsSideways(phone)).toBe(false);
    await shot(phone, 'sign-in-390');

    // The shared rules at the fields before anything is sent.
    await phone.getByRole('button', { name: 'Email me a code' }).click();
    await expect.poll(() => phone.getByText('Enter your booking reference.').isVisible()).toBe(true);
    await phone.getByLabel('Booking reference').fill(ref);
    await phone.getByLabel("Lead passenger's surname").fill(surname.toLowerCase());
    await phone.getByRole('button', { name: 'Email me a code' }).click();
    await expect.poll(() => phone.getByText(PORTAL_MESSAGES.codeSent).isVisible()).toBe(true);
    const codeBox = phone.getByLabel('Six-digit code');
    expect(await codeBox.getAttribute('inputmode')).toBe('numeric');
    expect(await codeBox.getAttribute('autocomplete')).toBe('one-time-code');
    const code = await codeMailedTo(email, mails + 1);
    mails += 1;
    // A wrong code is refused at the field; the right one opens the booking.
    await codeBox.fill(code === '000000' ? '111111' : '000000');
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => phone.getByText(PORTAL_MESSAGES.codeWrong).isVisible()).toBe(true);
    await shot(phone, 'sign-in-code-390');
    await codeBox.fill(code);
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await phone.waitForURL(/\/my-booking$/);
    await expect.poll(() => phone.getByRole('heading', { name: `Booking ${ref}` }).isVisible()).toBe(true);
    for (const section of [
      'Your holiday',
      "Who's travelling",
      'Extras',
      'Money',
      'Documents',
      'Send us a message',
    ])
      expect(await phone.getByRole('heading', { name: section, exact: true }).isVisible()).toBe(true);
    expect(await scrollsSideways(phone)).toBe(false);
    await shot(phone, 'booking-390');

    // A passenger's details in the kit's dialog (axe checks it open).
    const edit = phone.getByRole('button', { name: /^Edit details of / }).first();
    if (await edit.isVisible()) {
      await edit.click();
      await expect.poll(() => phone.getByRole('dialog').getByLabel('Surname').isVisible()).toBe(true);
      expect(await scrollsSideways(phone)).toBe(false);
      await phone.screenshot({ path: `${SHOTS}/passenger-390.png` });
      await phone.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => phone.getByRole('dialog').count()).toBe(0);
    }

    // The same session at a laptop's size (sessionStorage is per tab: carried over by hand).
    const session = await phone.evaluate(() => [
      sessionStorage.getItem('portal_token') ?? '',
      sessionStorage.getItem('portal_token_expires') ?? '',
    ]);
    const desktopContext = await browser.newContext({ viewport: DESKTOP });
    await desktopContext.addInitScript(([t, e]) => {
      if (!sessionStorage.getItem('portal_token')) {
        sessionStorage.setItem('portal_token', t);
        sessionStorage.setItem('portal_token_expires', e);
      }
    }, session);
    const desktop = await desktopContext.newPage();
    await desktop.goto(`${e2eUrl()}/my-booking`);
    await expect.poll(() => desktop.getByRole('heading', { name: `Booking ${ref}` }).isVisible()).toBe(true);
    const main = await desktop.locator('main').boundingBox();
    expect(main?.width).toBeLessThanOrEqual(760);
    expect(await scrollsSideways(desktop)).toBe(false);
    await shot(desktop, 'booking-1366');
    await desktop.goto(`${e2eUrl()}/my-booking/sign-in`);
    // Signed in already: the sign-in page goes on to the booking.
    await desktop.waitForURL(/\/my-booking$/);

    // Signing out ends the session and says so on the sign-in page.
    await phone.getByRole('button', { name: 'Sign out' }).click();
    await phone.waitForURL(/\/my-booking\/sign-in$/);
    await expect.poll(() => phone.getByText(PORTAL_MESSAGES.signedOut).isVisible()).toBe(true);
    expect(await phone.evaluate(() => sessionStorage.getItem('portal_token'))).toBeNull();
    await desktopContext.close();
    await phone.context().close();
  });

  it('a refused portal session goes to the portal’s sign-in page and leaves the staff session alone', async () => {
    const staff = await apiToken(1);
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user_role', '1');
      if (!sessionStorage.getItem('portal_seeded')) {
        sessionStorage.setItem('portal_seeded', '1');
        sessionStorage.setItem('portal_token', 'not-a-real-portal-token-not-a-real-one-00000');
        sessionStorage.setItem('portal_token_expires', new Date(Date.now() + 3_600_000).toISOString());
      }
    }, staff);
    const page = await context.newPage();
    await page.goto(`${e2eUrl()}/my-booking`);
    await page.waitForURL(/\/my-booking\/sign-in$/);
    await expect.poll(() => page.getByText(PORTAL_MESSAGES.sessionEnded).isVisible()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('portal_token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(staff);
    await shot(page, 'sign-in-ended-1366');

    // A link that cannot be used says so, with the way to sign in.
    await page.goto(`${e2eUrl()}/my-booking/link#t=${'x'.repeat(43)}`);
    await expect.poll(() => page.getByText('This link cannot be used').isVisible()).toBe(true);
    expect(new URL(page.url()).hash).toBe('');
    await expect
      .poll(() => page.getByRole('link', { name: 'Sign in with your booking reference' }).isVisible())
      .toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(staff);
    await shot(page, 'link-invalid-1366');
    await context.close();
  });
});
