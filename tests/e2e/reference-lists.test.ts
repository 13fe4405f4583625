import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../helpers/browser';
import { e2eUrl, signedInPage } from '../helpers/e2e';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true);
const heading = (page: Page, name: string | RegExp) =>
  expect.poll(() => page.getByRole('heading', { name }).first().isVisible(), { timeout: 15_000 }).toBe(true);

// Airlines, service types, advertise sizes, system settings and cancellation policies in the
// browser (spec 3 §2, §5, §6).
describe('reference list screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('role 1 creates an airline with an instruction PDF and downloads it again', async () => {
    const page = await signedInPage(browser, 1);
    const name = `Airline ${Date.now()}`;
    await page.goto(`${e2eUrl()}/airlines`);
    await heading(page, 'Airlines');
    await expect.poll(() => page.getByRole('button', { name: 'Delete' }).first().isVisible()).toBe(true);
    await screenshot(page, 'airlines-list');
    await page.getByRole('link', { name: 'New airline' }).click();
    await heading(page, 'New airline');
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByLabel('Contact name').fill('Priya Shah');
    await page.getByLabel('Web check-in (days before departure)').fill('28');
    await page.getByLabel('Airline content').fill('Online check-in opens 28 days before departure.');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'Check-in guide.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await visible(page, 'Check-in guide.pdf');
    await screenshot(page, 'airline-create');
    await page.getByRole('button', { name: 'Create airline' }).click();
    await page.waitForURL(/\/airlines\/edit\/\d+$/);
    await heading(page, `Airline: ${name}`);
    await visible(page, /Current document:/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Check-in guide.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Check-in guide.pdf');
    expect((await readFile(await download.path())).equals(PDF)).toBe(true);
    await screenshot(page, 'airline-edit');
    await page.context().close();
  });

  it('role 1 adds a service type, then edits it in the side form', async () => {
    const page = await signedInPage(browser, 1);
    const name = `Boat trip ${Date.now()}`;
    await page.goto(`${e2eUrl()}/service-types`);
    await heading(page, 'Add Service Type');
    await page.getByLabel('Service Name').fill(name);
    await page.getByLabel('Service Code').fill('BOAT');
    await page.getByRole('button', { name: 'Add Service Type' }).click();
    await visible(page, 'Service type added successfully.');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Edit' }).click();
    await heading(page, 'Edit Service Type');
    await expect.poll(() => page.getByLabel('Service Name').inputValue()).toBe(name);
    await screenshot(page, 'service-types-edit');
    await page.getByLabel('Service Name').fill(`${name} (private)`);
    await page.getByRole('button', { name: 'Update Service Type' }).click();
    await visible(page, 'Service type updated successfully.');
    await heading(page, 'Add Service Type');
    expect(await page.getByLabel('Service Name').inputValue()).toBe('');
    await expect.poll(() => page.getByRole('cell', { name: `${name} (private)` }).isVisible()).toBe(true);
    await screenshot(page, 'service-types');

    await page.goto(`${e2eUrl()}/advertise-sizes`);
    await heading(page, 'Add Advertise Size');
    await expect.poll(() => page.getByRole('cell', { name: 'Quarter page' }).isVisible()).toBe(true);
    await screenshot(page, 'advertise-sizes');
    await page.context().close();
  });

  it('role 1 meets the cancellation policy rules and the system settings screens', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/cancellations`);
    await heading(page, 'Cancellation policies');
    await expect.poll(() => page.getByRole('cell', { name: '£50.00' }).first().isVisible()).toBe(true);
    await screenshot(page, 'cancellations-list');
    await page.getByRole('link', { name: 'New Cancellation' }).click();
    await heading(page, 'New cancellation policy');
    await page.getByLabel('Cancellation Amount').fill('120');
    await visible(page, 'Sorry! You cannot enter more than 100%');
    expect(await page.getByLabel('Cancellation Amount').inputValue()).toBe('100%');
    await page.getByLabel('Policy Day Start').fill('5');
    await page.getByLabel('Policy Day End').fill('10');
    await page.getByRole('button', { name: 'Add Policy' }).click();
    await visible(page, 'Days end should be less than days start.');
    await visible(page, 'Days start should be greater than days end.');
    await screenshot(page, 'cancellation-create');
    // The demo covers every day for air, so a valid range is refused as an overlap by the server.
    await page.getByLabel('Policy Day Start').fill('30');
    await page.getByLabel('Policy Day End').fill('20');
    await page.getByRole('radio', { name: 'Air' }).check();
    await page.getByRole('button', { name: 'Add Policy' }).click();
    await visible(page, /overlap the Air policy/);

    await page.goto(`${e2eUrl()}/cancellations`);
    await page.getByRole('link', { name: 'Edit' }).first().click();
    await heading(page, 'Edit cancellation policy');
    await expect.poll(() => page.getByRole('button', { name: 'Edit Policy' }).isVisible()).toBe(true);
    await screenshot(page, 'cancellation-edit');

    const settingName = `e2e_setting_${Date.now()}`;
    await page.goto(`${e2eUrl()}/settings/system`);
    await heading(page, 'System Settings');
    await expect.poll(() => page.getByRole('cell', { name: 'default_vat_percent' }).isVisible()).toBe(true);
    await screenshot(page, 'system-settings-list');
    await page.getByRole('link', { name: 'New setting' }).click();
    await heading(page, 'New system setting');
    await page.getByLabel('Name').fill('default_vat_percent');
    await page.getByLabel('Value').fill('20');
    await page.getByRole('button', { name: 'Create setting' }).click();
    await visible(page, 'The name has already been taken.');
    await screenshot(page, 'system-setting-create');
    await page.getByLabel('Name').fill(settingName);
    await page.getByRole('button', { name: 'Create setting' }).click();
    await page.waitForURL(/\/settings\/system\/edit\/\d+$/);
    await heading(page, `System setting: ${settingName}`);
    await screenshot(page, 'system-setting-edit');
    await page.context().close();
  });

  it('role 2 sees airlines, service types and cancellation policies read-only', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/airlines`);
    await heading(page, 'Airlines');
    await expect.poll(() => page.getByRole('link', { name: 'View' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'New airline' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await screenshot(page, 'airlines-list-role2');
    await page.getByRole('link', { name: 'View' }).first().click();
    await heading(page, /^Airline: /);
    expect(await page.getByRole('textbox', { name: /^Name/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Update airline' }).count()).toBe(0);
    expect(await page.locator('input[type="file"]').count()).toBe(0);
    await screenshot(page, 'airline-edit-role2');

    await page.goto(`${e2eUrl()}/service-types`);
    await expect.poll(() => page.getByRole('cell', { name: 'Coach hire' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add Service Type' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await screenshot(page, 'service-types-role2');

    await page.goto(`${e2eUrl()}/cancellations`);
    await expect.poll(() => page.getByRole('link', { name: 'View' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'New Cancellation' }).count()).toBe(0);
    await page.getByRole('link', { name: 'View' }).first().click();
    await heading(page, 'Edit cancellation policy');
    expect(await page.getByLabel('Policy Day Start').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Edit Policy' }).count()).toBe(0);
    await screenshot(page, 'cancellation-edit-role2');
    await page.context().close();
  });
});
