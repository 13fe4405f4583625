import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';
import { readXlsxReport } from '../helpers/reports';

// TOMS, the VAT margin scheme (issue #27): the booking screen's read-only 'VAT margin (TOMS)'
// section shows the server's figures, and the reports screen generates the quarter's working.
const slow = { timeout: 30_000 };

describe('TOMS on screen', () => {
  let browser: Browser;
  let page: Page;
  let bookingId = 0;
  let figures: { vat_due: string; groups: { group_bought_in: string }[]; selling_price: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await apiToken(1);
    const table = await apiCall<{ data: { id: number; status: string }[] }>(
      admin,
      'GET',
      '/bookings/table?draw=1&start=0&length=300',
    );
    // A live booking whose departure has invoiced costs to share, else any live booking.
    const live = table.body.data.filter((r) => r.status !== 'Cancelled');
    for (const row of live) {
      const r = await apiCall<{ data: typeof figures }>(admin, 'GET', `/toms/bookings/${row.id}`);
      expect(r.status).toBe(200);
      const invoiced = r.body.data.groups.some((g) => Number(g.group_bought_in) > 0);
      if (!bookingId || invoiced) {
        bookingId = row.id;
        figures = r.body.data;
      }
      if (invoiced) break;
    }
    expect(bookingId).toBeGreaterThan(0);
    page = await signedInPage(browser, 2);
    await page.setViewportSize({ width: 1366, height: 768 });
  });
  afterAll(async () => browser?.close());

  it("shows the booking's VAT margin as the server works it out", async () => {
    await page.goto(`${e2eUrl()}/bookings/edit/${bookingId}`);
    const section = page.getByRole('region', { name: 'VAT margin (TOMS)' });
    await expect.poll(() => section.isVisible(), slow).toBe(true);
    await section.getByRole('button', { name: 'Show' }).click();
    const margin = section.getByLabel('VAT margin (TOMS)');
    await expect.poll(() => margin.isVisible(), slow).toBe(true);
    const vat = margin.locator('[data-figure="VAT due on the margin"] [data-value]');
    await expect
      .poll(() => vat.textContent(), slow)
      .toBe(`£${Number(figures.vat_due).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
    await margin.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'screenshots/toms-booking-section.png' });
  });

  it('generates the TOMS working for a VAT quarter', async () => {
    await page.goto(`${e2eUrl()}/reports?type=toms_working`);
    const panel = page.getByRole('region', { name: 'TOMS Working (VAT margin)' });
    await expect.poll(() => panel.isVisible(), slow).toBe(true);
    await panel.getByRole('combobox', { name: 'VAT quarter', exact: true }).click();
    await page.getByRole('option').first().click();
    await screenshotFromTop(page, 'toms-reports-screen');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      panel.getByRole('button', { name: 'Generate' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^TOMS-Working-\d{4}-\d{2}\.xlsx$/);
    const path = await download.path();
    const report = await readXlsxReport(readFileSync(path));
    expect(report.title).toBe('TOMS Working');
    expect(report.header).toContain('VAT due');
  });
});
