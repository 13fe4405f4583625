import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { implementedRoutes } from '../../src/shared/routes';
import { launchBrowser, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl } from '../helpers/e2e';
import {
  type HiddenColumn,
  linkPaths,
  openSections,
  routesWithoutParams,
  routesWithParams,
  settle,
  tablesOutOfView,
} from '../helpers/in-view';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

// Issue #22 point 9: a new member of staff on a 1366×768 laptop found the supplier's invoices
// table keeping Outstanding, Payment and Link Tour behind a sideways scroll. As role 1, every
// screen of the route table (lists, forms, a record of each kind reached through the first link
// to it) is opened at 1366×768 with its collapsed sections shown and each tab chosen, and every
// table with rows must end inside the window, with nothing scrolled sideways.
describe('every list keeps its actions in view at 1366×768', () => {
  let browser: Browser;
  let page: Page;
  let supplierId: number;
  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await apiToken(1);
    // A supplier with a euro invoice at its widest: a long number, a seven-figure amount, a file.
    const created = await apiCall<{ data: { id: number } }>(admin, 'POST', '/suppliers', {
      supplier_name: `Hotel Wide Columns ${Date.now()}`,
    });
    supplierId = created.body.data.id;
    const form = new FormData();
    form.set('flag', 'add');
    form.set('invoice_for', 'supplier');
    form.set('currency_type', 'EUR');
    form.set('currency_exchange_rate', '1.1725');
    form.set('invoice_number', `ALPENROSE-2026-${Date.now()}`);
    form.set('invoice_date', '2026-11-02');
    form.set('invoice_due_date', '2026-12-02');
    form.set('invoice_amount', '1234567.89');
    form.set(
      'payment_invoice_file',
      new Blob([PDF], { type: 'application/pdf' }),
      'alpenrose-invoice-november.pdf',
    );
    const res = await fetch(`${e2eUrl()}/api/suppliers/${supplierId}/handle-invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(res.status, await res.text()).toBe(200);

    const token = admin;
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    await context.addInitScript((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user_role', '1');
    }, token);
    page = await context.newPage();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens `path`, shows every section and each tab, and answers what is out of view. */
  async function visit(path: string): Promise<HiddenColumn[]> {
    await page.goto(`${e2eUrl()}${path}`);
    await settle(page);
    await openSections(page);
    const hidden = await tablesOutOfView(page);
    const tabs = page.getByRole('tab');
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      await settle(page);
      await openSections(page);
      hidden.push(...(await tablesOutOfView(page)));
    }
    return hidden;
  }

  it('shows the last column of every table without a sideways scroll', { timeout: 900_000 }, async () => {
    const hidden: HiddenColumn[] = [];
    const visited: string[] = [];
    const toVisit = routesWithoutParams(implementedRoutes).map((r) => r.path);
    toVisit.push(`/supplier/edit/${supplierId}`);
    const withParams = routesWithParams(implementedRoutes);
    const reached = new Set<string>(['supplier-edit']);
    while (toVisit.length > 0) {
      const path = toVisit.shift() as string;
      visited.push(path);
      hidden.push(...(await visit(path)));
      // The first link to each screen with a path parameter not reached yet.
      for (const link of await linkPaths(page)) {
        const match = withParams.find((w) => !reached.has(w.route.name) && w.pattern.test(link));
        if (match) {
          reached.add(match.route.name);
          toVisit.push(link);
        }
      }
    }
    const unreached = withParams.filter((w) => !reached.has(w.route.name)).map((w) => w.route.name);
    console.log(`visited ${visited.length} screens; not reached through a link: ${unreached.join(', ')}`);
    await page.goto(`${e2eUrl()}/supplier/edit/${supplierId}`);
    await settle(page);
    await screenshotFromTop(page, 'lists-in-view-supplier');
    expect(hidden.map((h) => `${h.url}: ${h.table} ${h.reason}`)).toEqual([]);
    // The crawl must really have reached the records' screens.
    expect(visited.length).toBeGreaterThan(60);
  });
});
