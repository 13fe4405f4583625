import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

type Tile = { count: number; filters: Record<string, string>; bookings: { id: number; reference: string }[] };
type Dashboard = {
  today: string;
  balances_due: Tile & { sum: string };
  balances_overdue: Tile & { sum: string };
  changes_not_accepted: Tile;
  missing_details: Tile & { departures: number };
  supplier_invoices: { due_count: number; overdue_count: number };
  brochure_requests: { count: number };
};

const TILES = {
  balances_due: 'Balances due in the next 14 days',
  balances_overdue: 'Overdue balances',
  missing_details: 'Missing passenger or passport details',
  changes_not_accepted: 'Changes not accepted',
} as const;

// The dashboard on the demo operator (issue #14): its figures are the totals the bookings list
// answers for each tile's filters, a tile opens that list showing the same total, and the global
// search opens from any screen with '/' or Ctrl+K — a reference typed and Enter opens its booking.
describe('dashboard and global search', () => {
  let browser: Browser;
  let token: string;
  let dashboard: Dashboard;

  /** recordsFiltered of GET bookings/table for `filters`: the count the list's own SQL makes. */
  const listTotal = async (filters: Record<string, string>) => {
    const q = new URLSearchParams({ draw: '1', start: '0', length: '25', ...filters });
    const res = await apiCall<{ recordsFiltered: number }>(token, 'GET', `/bookings/table?${q}`);
    expect(res.status).toBe(200);
    return res.body.recordsFiltered;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken(1);
    const res = await apiCall<Dashboard>(token, 'GET', '/dashboard');
    expect(res.status).toBe(200);
    dashboard = res.body;
  });
  afterAll(async () => browser?.close());

  /** The figure a tile shows (its link's accessible name ends with ': n'). */
  const tileCount = async (page: Page, label: string) => {
    const name = await page.getByRole('link', { name: new RegExp(`^${label}: `) }).getAttribute('aria-label');
    return Number(name?.split(': ')[1]);
  };

  it('shows each figure as the bookings list counts it, and the demo has work in each', async () => {
    for (const key of Object.keys(TILES) as (keyof typeof TILES)[]) {
      expect(dashboard[key].count, key).toBe(await listTotal(dashboard[key].filters));
    }
    // The demo operator has balances to collect and bookings to look after.
    expect(dashboard.balances_due.count + dashboard.balances_overdue.count).toBeGreaterThan(0);

    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('link', { name: /^Overdue balances: / }).waitFor();
    for (const [key, label] of Object.entries(TILES)) {
      expect(await tileCount(page, label), key).toBe(dashboard[key as keyof typeof TILES].count);
    }
    expect(await tileCount(page, 'Supplier invoices due this week')).toBe(
      dashboard.supplier_invoices.due_count,
    );
    expect(await tileCount(page, 'Brochure requests to process')).toBe(dashboard.brochure_requests.count);
    // The first overdue booking is listed with a link to it.
    const first = dashboard.balances_overdue.bookings[0];
    if (first) {
      const panel = page.getByRole('region', { name: 'Overdue balances' });
      await expect(panel.getByRole('link', { name: first.reference }).getAttribute('href')).resolves.toBe(
        `/bookings/edit/${first.id}`,
      );
    }
    await screenshotFromTop(page, 'dashboard');
    await page.close();
  });

  it('a tile opens the bookings list filtered to the same total', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/dashboard`);
    for (const key of ['balances_due', 'changes_not_accepted'] as const) {
      await page.getByRole('link', { name: new RegExp(`^${TILES[key]}: `) }).click();
      await page.waitForURL(/\/bookings\?/);
      const params = Object.fromEntries(new URL(page.url()).searchParams);
      expect(params).toEqual(dashboard[key].filters);
      const n = dashboard[key].count;
      const text = n === 0 ? 'No records' : `of ${n.toLocaleString('en-GB')} record${n === 1 ? '' : 's'}`;
      await page.getByText(text).first().waitFor();
      if (key === 'balances_due') {
        // The form shows what is applied: the balance due range and the work list ticked.
        await expect(page.getByRole('checkbox', { name: 'Balance outstanding' }).isChecked()).resolves.toBe(
          true,
        );
        await screenshotFromTop(page, 'dashboard-tile-balances-due-list');
      }
      await page.goBack();
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    }
    await page.close();
  });

  it("the search opens with '/' or Ctrl+K on any screen; a reference and Enter opens its booking", async () => {
    const res = await apiCall<{ data: { id: number; booking_ref: string | null }[] }>(
      token,
      'GET',
      '/bookings/table?draw=1&start=7&length=1',
    );
    const booking = res.body.data[0];
    expect(booking.booking_ref).toBeTruthy();
    const ref = booking.booking_ref as string;

    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/customers`);
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    const box = page.getByRole('textbox', { name: 'Search bookings, customers and agents' });

    // Ctrl+K from the customers list: the box takes the focus and lists the hits by kind.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Control+K');
    await expect(box.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.type(ref.slice(0, ref.length - 1));
    await page
      .getByRole('option', { name: new RegExp(ref.slice(0, ref.length - 1)) })
      .first()
      .waitFor();
    await page
      .getByRole('listbox', { name: 'Search results' })
      .getByText('Bookings', { exact: true })
      .waitFor();
    await screenshot(page, 'dashboard-search-dropdown');
    await page.keyboard.press('Escape');

    // '/' from the bookings list, the whole reference typed and Enter at once: that booking opens.
    await page.goto(`${e2eUrl()}/bookings`);
    await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    await expect(box.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await box.fill(ref);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/bookings/edit/${booking.id}$`));

    // Arrows move through the hits: a customer's surname, Down, Enter opens the second hit.
    const customers = await apiCall<{ groups: { kind: string; hits: { link: string }[] }[] }>(
      token,
      'GET',
      '/search?q=smi',
    );
    const hits = customers.body.groups.flatMap((g) => g.hits);
    if (hits.length > 1) {
      await page.keyboard.press('Control+K');
      await page.keyboard.type('smi');
      await page.getByRole('option').nth(1).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`${hits[1].link}$`));
    }

    // Too short a query says so.
    await page.keyboard.press('Control+K');
    await page.keyboard.type('a');
    await page.getByText('Type at least 2 characters to search.').waitFor();
    await page.close();
  });
});
