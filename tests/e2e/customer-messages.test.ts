import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingCustomerMessages } from '../../src/shared/api/customer-messages';
import type { DashboardAnswer } from '../../src/shared/api/dashboard';
import { launchBrowser, screenshot } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

/** Where a person looks at this screen's pictures (1366×768, the smallest office screen). */
const SHOTS = process.env.STAFF_MSG_SHOTS ?? path.join('screenshots', 'customer-messages');

async function shot(target: Page | Locator, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await target.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

// Issue #23, what staff see of the customer's side, on the demo operator (whose seed holds three
// unread messages and updates from customers): the Dashboard's "From customers" lists the newest
// unread, its booking link opens the booking with "From the customer" above the summary, and
// 'Mark as read' there takes it off the Dashboard.
describe("messages from the customer's side", () => {
  let browser: Browser;
  let token: string;

  const fromCustomers = async () => {
    const res = await apiCall<DashboardAnswer>(token, 'GET', '/dashboard');
    expect(res.status).toBe(200);
    return res.body.from_customers;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken(1);
  });
  afterAll(async () => browser?.close());

  it('Dashboard → booking → Mark as read', async () => {
    const before = await fromCustomers();
    expect(before.count).toBeGreaterThan(0);
    const m = before.messages[0];

    const page = await signedInPage(browser, 1);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${e2eUrl()}/dashboard`);
    const panel = page.getByRole('region', { name: 'From customers' });
    // A booking with several unread messages is listed once per message.
    await panel.getByRole('link', { name: m.reference }).first().waitFor();
    // Other screen tests run beside this one (the customer's story writes messages too): the badge
    // shows a count, at least the one read above.
    const badge = await panel.getByText(/^\d+ unread$/).innerText();
    expect(Number.parseInt(badge, 10)).toBeGreaterThanOrEqual(before.count);
    await expect(panel.getByText(m.body).first().isVisible()).resolves.toBe(true);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await shot(page, 'dashboard');
    await shot(panel, 'dashboard-panel');
    await screenshot(page, 'customer-messages-dashboard');

    await panel.getByRole('link', { name: m.reference }).first().click();
    await page.waitForURL(new RegExp(`/bookings/edit/${m.booking_id}$`));
    const section = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'From the customer', exact: true }) });
    const list = section.getByRole('list', { name: 'Messages from the customer' });
    await list.waitFor();
    // Unread: open, above the summary form, the message in full with a New badge.
    await section.getByRole('button', { name: 'Hide From the customer' }).waitFor();
    const sectionTop = (await section.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    const summaryTop =
      (await page.getByRole('heading', { level: 2, name: 'Passengers', exact: true }).boundingBox())?.y ?? 0;
    expect(sectionTop).toBeLessThan(summaryTop);
    // The Dashboard shows the text on one line, cut at a word: the row starts with what it shows.
    const row = list.getByRole('listitem').filter({ hasText: m.body.replace(/…$/, '').slice(0, 60) });
    await expect(row.getByText('New', { exact: true }).isVisible()).resolves.toBe(true);
    await page.waitForTimeout(400);
    await shot(page, 'booking');
    await shot(section, 'booking-section');

    await row.getByRole('button', { name: 'Mark as read' }).click();
    await page.getByText('Marked as read.').first().waitFor();
    await row.getByText('Read by Alice Admin').waitFor();
    await expect(row.getByText('New', { exact: true }).count()).resolves.toBe(0);
    await page.waitForTimeout(400);
    await shot(section, 'booking-section-read');

    const booking = await apiCall<BookingCustomerMessages>(
      token,
      'GET',
      `/bookings/${m.booking_id}/customer-messages`,
    );
    expect(booking.body.data.find((x) => x.id === m.id)?.read_by_name).toBe('Alice Admin');
    const after = await fromCustomers();
    expect(after.count).toBe(before.count - 1);
    expect(after.messages.map((x) => x.id)).not.toContain(m.id);

    // Back on the Dashboard, it is gone from the list.
    await page.goto(`${e2eUrl()}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const panelAgain = page.getByRole('region', { name: 'From customers' });
    await panelAgain.waitFor();
    await expect(panelAgain.getByRole('link', { name: m.reference }).count()).resolves.toBe(
      after.messages.filter((x) => x.booking_id === m.booking_id).length,
    );
    await page.close();
  });

  it('a booking with nothing from the customer says so, lower down and collapsed', async () => {
    const res = await apiCall<{ data: { id: number }[] }>(
      token,
      'GET',
      '/bookings/table?draw=1&start=40&length=1',
    );
    const id = res.body.data[0].id;
    const messages = await apiCall<BookingCustomerMessages>(
      token,
      'GET',
      `/bookings/${id}/customer-messages`,
    );
    expect(messages.body.total).toBe(0);

    const page = await signedInPage(browser, 2);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${e2eUrl()}/bookings/edit/${id}`);
    const section = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'From the customer', exact: true }) });
    await section.getByRole('button', { name: 'Show From the customer' }).click();
    await section.getByText('No messages from the customer.').waitFor();
    // Just above the history, below the money sections.
    const top = async (name: string) =>
      (await page.getByRole('heading', { level: 2, name, exact: true }).boundingBox())?.y ?? 0;
    const sectionTop = (await section.boundingBox())?.y ?? 0;
    expect(sectionTop).toBeLessThan(await top('History'));
    expect(sectionTop).toBeGreaterThan(await top('Documents'));
    await page.waitForTimeout(400);
    await shot(section, 'booking-section-empty');
    await page.close();
  });
});
