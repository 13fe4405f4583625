import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/db/seed/demo-users';
import { launchBrowser, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';
import { chooseOfferedRoom, findOffer } from '../helpers/offers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const ADMIN_NAME = DEMO_USERS.find((u) => u.role === 1)?.name as string;

/** A new supplier with one invoice (multipart, as the screen sends it); answers the supplier's id. */
async function supplierWithInvoice(token: string, invoice: Record<string, string>): Promise<number> {
  const created = await apiCall<{ data: { id: number } }>(token, 'POST', '/suppliers', {
    supplier_name: `Hotel Edelweiss ${Date.now()}`,
  });
  const id = created.body.data.id;
  const form = new FormData();
  for (const [k, v] of Object.entries({ flag: 'add', invoice_for: 'supplier', ...invoice })) form.set(k, v);
  form.set('payment_invoice_file', new Blob([PDF], { type: 'application/pdf' }), 'edelweiss.pdf');
  const res = await fetch(`${e2eUrl()}/api/suppliers/${id}/handle-invoices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status, await res.text()).toBe(200);
  return id;
}

/** True when every visible button and field of the header takes a click at its centre (nothing over it). */
async function headerClickable(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const blocked: string[] = [];
    const header = document.querySelector('header');
    for (const el of Array.from(header?.querySelectorAll<HTMLElement>('button, a, input') ?? [])) {
      const box = el.getBoundingClientRect();
      // Hidden or parked off-screen until focused (the skip link): nothing to click.
      if (
        box.width === 0 ||
        box.height === 0 ||
        box.bottom <= 0 ||
        getComputedStyle(el).visibility === 'hidden'
      )
        continue;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !(el === hit || el.contains(hit))) {
        blocked.push(el.getAttribute('aria-label') || el.textContent?.trim() || el.tagName);
      }
    }
    return blocked;
  });
}

// Issue #22: what a new member of staff tripped over in a day at the office, done again in the
// browser — the exchange rate (point 10), notifications over the header (12a), the New customer
// dialog's first focus (12e), signing out of an open booking (12f), and the departures list's
// places against the room panel's (12g).
describe('a day at the office, again (issue #22)', () => {
  let browser: Browser;
  let admin: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
  });
  afterAll(async () => browser?.close());

  it('10: a euro invoice reads £1 = €1.17 beside £2,094.02 for €2,450, in the table and the form', async () => {
    const supplierId = await supplierWithInvoice(admin, {
      currency_type: 'EUR',
      currency_exchange_rate: '1.17',
      invoice_number: `EDW-${Date.now()}`,
      invoice_date: '2026-11-02',
      invoice_due_date: '2026-12-02',
      invoice_amount: '2450',
    });
    const page = await signedInPage(browser, 1);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${e2eUrl()}/supplier/edit/${supplierId}`);
    const table = page.getByRole('table', { name: 'Invoices' });
    await poll(() => table.getByText('€2,450.00').first().isVisible()).toBe(true);
    expect(await table.getByText('£2,094.02 at £1 = €1.17').isVisible()).toBe(true);
    // The old reading, the wrong way round, is gone.
    expect(await page.getByText(/1 EUR = .* Sterling/).count()).toBe(0);

    // Entering a rate says what it does.
    const currency = page.getByRole('combobox', { name: 'Currency' });
    await currency.click();
    await page.getByRole('option', { name: 'EUR', exact: true }).click();
    await page.getByRole('textbox', { name: 'Exchange rate' }).fill('1.17');
    await poll(() => page.getByText('£1 = €1.17: amount ÷ rate = pounds').isVisible()).toBe(true);
    await page.getByRole('table', { name: 'Invoices' }).scrollIntoViewIfNeeded();
    await screenshotFromTop(page, 'issue22-10-invoice-rate');

    // The rates screen reads the same way.
    await page.goto(`${e2eUrl()}/currency-exchange`);
    const rates = page.getByRole('table', { name: /exchange rates/i });
    await poll(() =>
      rates
        .getByText(/^£1 = \S+\d\.\d\d/)
        .first()
        .isVisible(),
    ).toBe(true);
    await screenshotFromTop(page, 'issue22-10-currency-rates');
    await page.context().close();
  });

  it('12a: a notification shows below the header, leaves its buttons clickable, and closes by itself', async () => {
    const supplierId = await supplierWithInvoice(admin, {
      currency_type: 'Sterling',
      invoice_number: `EDW-${Date.now()}`,
      invoice_date: '2026-11-02',
      invoice_due_date: '2026-12-02',
      invoice_amount: '100',
    });
    const page = await signedInPage(browser, 1);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${e2eUrl()}/supplier/edit/${supplierId}`);
    await poll(() => page.getByRole('button', { name: 'Update supplier' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Update supplier' }).click();
    const notice = page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Supplier updated successfully.' });
    await poll(() => notice.isVisible()).toBe(true);
    // It covers none of the header's buttons.
    const header = await page.locator('header').boundingBox();
    const box = await notice.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    expect(await headerClickable(page)).toEqual([]);
    await screenshotFromTop(page, 'issue22-12a-notification');
    // Log out is clickable for real while the notice shows (trial: no click is made).
    await page.getByRole('button', { name: 'Log out' }).click({ trial: true, timeout: 2000 });
    // The pointer goes through it to the page beneath (a page's own header buttons sit there),
    // and resting the mouse on it does not keep it open: it closes by itself.
    const cx = (box?.x ?? 0) + (box?.width ?? 0) / 2;
    const cy = (box?.y ?? 0) + (box?.height ?? 0) / 2;
    await page.mouse.move(cx, cy);
    expect(
      await page.evaluate(
        ([x, y]) => Boolean(document.elementFromPoint(x, y)?.closest('.mantine-Notification-root')),
        [cx, cy],
      ),
    ).toBe(false);
    await expect.poll(() => notice.count(), { timeout: 12_000 }).toBe(0);
    await page.context().close();
  });

  it('12e: the New customer dialog opens on its first field, not on Close', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/bookings/create`);
    await page.getByRole('button', { name: 'Create new customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New customer' });
    await poll(() => dialog.isVisible()).toBe(true);
    const title = dialog
      .getByRole('textbox', { name: 'Title' })
      .or(dialog.getByRole('combobox', { name: 'Title' }));
    await poll(() => title.first().evaluate((el) => el === document.activeElement)).toBe(true);
    expect(
      await dialog.getByRole('button', { name: 'Close' }).evaluate((el) => el === document.activeElement),
    ).toBe(false);
    await screenshotFromTop(page, 'issue22-12e-new-customer-focus');
    await page.context().close();
  });

  it('12f: signing out of an open booking leaves it no longer marked open', async () => {
    const accountant = await apiToken(2);
    // A booking nobody else is looking at: one from the middle of the list.
    const list = await apiCall<{ data: { id: number }[] }>(
      admin,
      'GET',
      `/bookings/table?draw=1&start=${3000 + Math.floor(Math.random() * 2000)}&length=1`,
    );
    const bookingId = list.body.data[0].id;
    /** Who has the booking open, as another member of staff (the accountant) sees it. */
    const openBy = async () => {
      const res = await apiCall<{ data: { open_by: { name: string }[] } }>(
        accountant,
        'POST',
        `/bookings/${bookingId}/screen-open`,
      );
      await apiCall(accountant, 'POST', `/bookings/${bookingId}/screen-left`);
      return res.body.data.open_by.map((o) => o.name);
    };
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/bookings/edit/${bookingId}`);
    // The screen flags itself open once the booking has loaded (slow on a busy machine).
    await expect.poll(openBy, { timeout: 45_000 }).toContain(ADMIN_NAME);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    expect(await openBy()).not.toContain(ADMIN_NAME);
    await page.context().close();
  });

  it('12b: the Payment invoices summary totals each currency apart and can show only what is outstanding', async () => {
    type Total = { currency_type: string; invoices: number; invoice_amount: string; due_amount: string };
    const totalsOf = async (q: string) =>
      (await apiCall<{ totals: Total[] }>(admin, 'GET', `/summary/payment-invoice?${q}`)).body.totals;
    const all = await totalsOf('draw=1');
    const owed = await totalsOf('draw=1&outstanding_only=1');
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/summaries`);
    const totals = page.getByRole('table', { name: 'Totals per currency' });
    await poll(() => totals.isVisible()).toBe(true);
    const shown = async () =>
      (await totals.getByRole('row').allTextContents()).slice(1).map((r) => r.replace(/\s+/g, ' ').trim());
    const symbol = (c: string) => ({ EUR: '€', USD: '$' })[c] ?? '£';
    const money = (c: string, v: string) =>
      `${symbol(c)}${Number(v).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const expected = (list: Total[]) =>
      list.map(
        (t) =>
          `${t.currency_type}${t.invoices}${money(t.currency_type, t.invoice_amount)}${money(t.currency_type, t.due_amount)}`,
      );
    await poll(shown).toEqual(expected(all));
    await page.getByRole('switch', { name: 'Outstanding only' }).check();
    await poll(shown).toEqual(expected(owed));
    // Every row left owes something.
    const table = page.getByRole('table', { name: 'Payment invoices' });
    await poll(() => table.getByRole('row').count()).toBeGreaterThan(1);
    expect(await table.getByText(/^[£€$]0\.00$/).count()).toBe(0);
    await screenshotFromTop(page, 'issue22-12b-summary-totals');
    await page.context().close();
  });

  it('12d: the overdue list opened from the dashboard shows balance and due date, sortable', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/dashboard`);
    const panel = page.locator('section[aria-labelledby="balances-overdue-title"]');
    await poll(() => panel.getByRole('link', { name: /^View all/ }).isVisible()).toBe(true);
    await panel.getByRole('link', { name: /^View all/ }).click();
    const table = page.getByRole('table', { name: 'Bookings' });
    const heading = (text: string) => table.locator('thead th').filter({ hasText: new RegExp(`^${text}$`) });
    await poll(() => heading('Balance due').isVisible()).toBe(true);
    expect(await heading('Balance').isVisible()).toBe(true);
    // Sorted on the balance due, oldest first: the dates read in order.
    await heading('Balance due').click();
    await page.waitForTimeout(1500);
    const dates = (await table.locator('tbody tr td:nth-last-child(3)').allTextContents()).map((d) =>
      d.trim().split('/').reverse().join('-'),
    );
    expect(dates.length).toBeGreaterThan(0);
    expect(dates).toEqual([...dates].sort());
    await screenshotFromTop(page, 'issue22-12d-overdue-list');
    await page.context().close();
  });

  it('12g: the departures list shows the places left the room panel shows', async () => {
    const offer = await findOffer(admin, 2);
    const { instance } = offer;
    const { body: customers } = await apiCall<{ data: { id: number }[] }>(
      admin,
      'GET',
      '/customers/table?length=1',
    );
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/bookings/create?customer_id=${customers.data[0].id}`);
    const panel = page.getByRole('region', { name: 'Add tour to booking' });
    await chooseOfferedRoom(page, panel, offer, 2);
    const label = `${instance.departure_date.split('-').reverse().join('/')}`;
    const row = panel.getByRole('table', { name: 'Departures' }).getByRole('row').filter({ hasText: label });
    const cells = await row.first().getByRole('cell').allTextContents();
    const listed = cells.find((c) => /^\d+ of \d+$|^No limit$/.test(c.trim()))?.trim();
    const badge = panel.getByText(/^Places left \d+$/);
    const { body } = await apiCall<{ instance: { places_left: number | null } }>(
      admin,
      'POST',
      '/tours/get-instance-rooms',
      { instance_id: instance.id, departure_date: instance.departure_date },
    );
    const left = body.instance.places_left;
    if (left === null) {
      expect(listed).toBe('No limit');
    } else {
      expect(listed).toMatch(new RegExp(`^${left} of \\d+$`));
      await poll(() => badge.first().textContent()).toBe(`Places left ${left}`);
    }
    await screenshotFromTop(page, 'issue22-12g-places-left');
    await page.context().close();
  });
});
