import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../helpers/browser';
import { e2eUrl, signedInPage } from '../helpers/e2e';

// Resorts in the browser (spec 3 §2): role 1 creates one and lands on 'Resort: {name}'; role 2 sees
// the same screens without New resort, delete or the update button.
describe('resort screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('role 1 creates a resort and finds it in the list', async () => {
    const page = await signedInPage(browser, 1);
    const name = `Resort ${Date.now()}`;
    await page.goto(`${e2eUrl()}/resorts`);
    await page.getByRole('link', { name: 'New resort' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Create new resort' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create resort' }).click();
    await expect.poll(() => page.getByText('Resort name is required.').isVisible()).toBe(true);
    await page.getByLabel('Resort name').fill(name);
    await page.getByLabel('Location').fill('Lake Como');
    await page.getByRole('combobox', { name: 'Country' }).fill('United King');
    await page.getByRole('option', { name: 'United Kingdom' }).click();
    await screenshot(page, 'resort-create');
    await page.getByRole('button', { name: 'Create resort' }).click();
    await page.waitForURL(/\/resort\/edit\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { name: `Resort: ${name}` }).isVisible()).toBe(true);
    await page.goto(`${e2eUrl()}/resorts`);
    await page.getByRole('textbox', { name: 'Quick search' }).fill(name);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('cell', { name }).isVisible()).toBe(true);
    await screenshot(page, 'resorts-list');
    await page.context().close();
  });

  it('role 2 sees resorts read-only', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/resorts`);
    await expect.poll(() => page.getByRole('heading', { name: 'Resorts' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'View' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'New resort' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.getByRole('link', { name: 'View' }).first().click();
    await expect.poll(() => page.getByRole('heading', { name: /^Resort: / }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Update resort' }).count()).toBe(0);
    await screenshot(page, 'resort-edit-role2');
    await page.context().close();
  });
});
