import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

type AffiliateRow = { id: number; name: string; code: string; is_active: boolean };

// Affiliates in the browser (spec 2 §2 Affiliates): role 1 toggles the active switch (saves at
// once), creates an affiliate and opens its tabs; role 2 sees '--' and no controls.
describe('affiliate screens', () => {
  let browser: Browser;
  let admin: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
  });
  afterAll(async () => browser?.close());

  it('role 1 toggles active, creates an affiliate and sees its tabs', async () => {
    const stamp = Date.now();
    const toggled = `Toggle Weekly ${stamp}`;
    await apiCall(admin, 'POST', '/affiliates', { name: toggled, code: `TW${stamp}`, is_active: true });
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/affiliates`);
    await expect.poll(() => page.getByRole('heading', { name: 'Affiliates' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('switch').first().isVisible()).toBe(true);
    await screenshot(page, 'affiliates-list');

    await page.getByLabel('Quick search').fill(toggled);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('cell', { name: toggled, exact: true }).isVisible()).toBe(true);
    const sw = page.getByRole('switch', { name: `Active: ${toggled}` });
    expect(await sw.isChecked()).toBe(true);
    await sw.click({ force: true });
    await expect.poll(() => page.getByText('The affiliate is now inactive.').isVisible()).toBe(true);
    const saved = await apiCall<{ data: AffiliateRow[] }>(admin, 'GET', '/affiliates?type=active');
    expect(saved.body.data.some((a) => a.name === toggled)).toBe(false);

    await page.getByRole('link', { name: 'New affiliate' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'New affiliate' }).isVisible()).toBe(true);
    const name = `Garden Monthly ${stamp}`;
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^Code/).fill(`TW${stamp}`);
    await page.getByLabel('Postcode').fill('ls1 5ab');
    await page.getByRole('button', { name: 'Create affiliate' }).click();
    await expect.poll(() => page.getByText('The code has already been taken.').isVisible()).toBe(true);
    await page.getByLabel(/^Code/).fill(`GM${stamp}`);
    await page.getByLabel('Artwork email').fill('artwork@garden-monthly.example.org.uk');
    await screenshot(page, 'affiliate-create');
    await page.getByRole('button', { name: 'Create affiliate' }).click();
    await page.waitForURL(/\/affiliates\/edit\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { name: `Affiliate: ${name}` }).isVisible()).toBe(true);
    // Spec 2 §2: Advertisements is the default tab.
    expect(await page.getByRole('tab', { name: 'Advertisements' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.getByRole('tab', { name: 'Basic Details' }).click();
    await page.waitForURL(/\?tab=basic$/);
    expect(await page.getByLabel('Postcode').inputValue()).toBe('LS1 5AB');
    await screenshot(page, 'affiliate-edit-basic');

    // A demo affiliate's bookings (5 a page).
    const first = await apiCall<{ data: AffiliateRow[] }>(admin, 'GET', '/affiliates/table?length=1');
    const demo = first.body.data[0];
    await page.goto(`${e2eUrl()}/affiliates/edit/${demo.id}`);
    await expect
      .poll(() => page.getByRole('heading', { name: `Affiliate: ${demo.name}` }).isVisible())
      .toBe(true);
    await page.getByRole('tab', { name: 'Bookings' }).click();
    await page.waitForURL(/\?tab=bookings$/);
    await expect.poll(() => page.getByText(/^Showing 1 to [1-5] of \d+ records?/).isVisible()).toBe(true);
    await screenshot(page, 'affiliate-edit-bookings');
    await page.context().close();
  });

  it("role 2 sees '--' for active and no controls", async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/affiliates`);
    await expect.poll(() => page.getByRole('link', { name: 'View' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('switch').count()).toBe(0);
    expect(await page.getByText('--').count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'New affiliate' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await screenshot(page, 'affiliates-list-role2');
    await page.getByRole('link', { name: 'View' }).first().click();
    await expect.poll(() => page.getByRole('heading', { name: /^Affiliate: / }).isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Basic Details' }).click();
    expect(await page.getByLabel(/^Name/).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Update affiliate' }).count()).toBe(0);
    await screenshot(page, 'affiliate-edit-role2');
    await page.context().close();
  });
});
