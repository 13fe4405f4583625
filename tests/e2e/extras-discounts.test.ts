import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

// Extras and discounts in the browser (spec 3 §2 'Discounts and extras', §4, §6): role 1 creates an
// extra with a linked tour and lands on its edit screen; creates a discount for two tours and finds
// both rows by code; role 2 sees the lists without New or delete and the forms read-only.
// Lists and saves wait on the shared demo server; give them time on a busy machine.
const slow = { timeout: 15_000 };

describe('extras and discounts screens', () => {
  let browser: Browser;
  let tourNames: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    const tours = await apiCall<{ data: { name: string }[] }>(await apiToken(1), 'GET', '/tours');
    tourNames = [...new Set(tours.body.data.map((t) => t.name))].slice(0, 2);
  });
  afterAll(async () => browser?.close());

  it('role 1 creates an extra with a linked tour and lands on its edit screen', async () => {
    const page = await signedInPage(browser, 1);
    const name = `Harbour Cruise ${Date.now()}`;
    await page.goto(`${e2eUrl()}/extras`);
    await page.getByRole('link', { name: 'New extra' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'New extra' }).isVisible(), slow).toBe(true);
    await page.getByRole('button', { name: 'Create extra' }).click();
    await expect.poll(() => page.getByText('Name is required.').isVisible(), slow).toBe(true);

    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Price').fill('12.5');
    await page.getByLabel('Cost').fill('8');
    await page.getByLabel('Per person').check({ force: true });
    await page.getByLabel('Travel start date').fill('01/06/2027');
    await page.getByLabel('Travel end date').fill('30/09/2027');
    await page.getByLabel('Short description').fill('A two-hour cruise round the harbour with a cream tea.');
    await page.getByRole('combobox', { name: 'Linked tours' }).fill(tourNames[0].slice(0, 8));
    await page.getByRole('option', { name: tourNames[0] }).first().click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'extra-create');
    await page.getByRole('button', { name: 'Create extra' }).click();

    await page.waitForURL(/\/extras\/edit\/\d+$/);
    await expect
      .poll(() => page.getByRole('heading', { name: `Extra: ${name}` }).isVisible(), slow)
      .toBe(true);
    expect(await page.getByLabel('Price').inputValue()).toBe('£12.50');
    expect(await page.getByLabel('Cost').inputValue()).toBe('£8.00');
    expect(await page.getByLabel('Travel start date').inputValue()).toBe('01/06/2027');
    expect(await page.getByLabel('Per person').isChecked()).toBe(true);
    await expect
      .poll(() => page.getByText(tourNames[0], { exact: true }).first().isVisible(), slow)
      .toBe(true);
    await screenshot(page, 'extra-edit');

    await page.goto(`${e2eUrl()}/extras`);
    await page.getByLabel('Quick search').fill(name);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('cell', { name: '£12.50' }).isVisible(), slow).toBe(true);
    await page.getByLabel('Quick search').fill('');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('button', { name: 'Delete' }).first().isVisible(), slow)
      .toBe(true);
    await screenshot(page, 'extras-list');
    await page.context().close();
  });

  it('role 1 creates a discount for two tours and filters the list by its code', async () => {
    const page = await signedInPage(browser, 1);
    const code = `E2E${Date.now()}`;
    await page.goto(`${e2eUrl()}/discounts`);
    await page.getByRole('link', { name: 'New discount' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'New discount' }).isVisible(), slow).toBe(true);
    await page.getByRole('button', { name: 'Create discount' }).click();
    await expect.poll(() => page.getByText('Code is required.').isVisible(), slow).toBe(true);

    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Description').fill('Summer saving, 15% off the base price');
    await page.getByLabel('Percentage').check({ force: true });
    await page.getByLabel('Value').fill('150');
    await page.getByLabel('On base price').check({ force: true });
    await page.getByLabel('Departure start date').fill('01/06/2027');
    await page.getByLabel('Departure end date').fill('31/08/2027');
    await page.getByLabel('Valid from date').fill('01/01/2027');
    await page.getByLabel('Valid to date').fill('31/05/2027');
    for (const tour of tourNames) {
      await page.getByRole('combobox', { name: 'Tours', exact: true }).fill(tour.slice(0, 8));
      await page.getByRole('option', { name: tour }).first().click();
    }
    await page.keyboard.press('Escape');
    // A percentage over 100 is refused on the form.
    await page.getByRole('button', { name: 'Create discount' }).click();
    await expect
      .poll(() => page.getByText('A percentage discount cannot be more than 100%.').isVisible(), slow)
      .toBe(true);
    await page.getByLabel('Value').fill('15');
    await screenshot(page, 'discount-create');
    await page.getByRole('button', { name: 'Create discount' }).click();

    // Two rows made: the list, filtered by the new code.
    await page.waitForURL(/\/discounts\?code=/);
    await expect.poll(() => page.getByRole('cell', { name: tourNames[1] }).isVisible(), slow).toBe(true);
    await page.getByLabel('Code').fill('');
    await page.keyboard.press('Enter');
    await page.getByLabel('Code').fill(code.toLowerCase());
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('link', { name: code }).count(), slow).toBe(2);
    expect(await page.getByRole('cell', { name: '15%', exact: true }).count()).toBe(2);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'discounts-list');

    await page.getByRole('link', { name: code }).first().click();
    await page.waitForURL(/\/discounts\/edit\/\d+$/);
    await expect
      .poll(() => page.getByRole('heading', { name: `Discount: ${code}` }).isVisible(), slow)
      .toBe(true);
    expect(await page.getByLabel('Value').inputValue()).toBe('15.00 %');
    expect(await page.getByLabel('Valid to date').inputValue()).toBe('31/05/2027');
    await screenshot(page, 'discount-edit');
    await page.context().close();
  });

  it('role 2 sees discounts and extras read-only', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/discounts`);
    await expect.poll(() => page.getByRole('heading', { name: 'Discounts' }).isVisible(), slow).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'View' }).first().isVisible(), slow).toBe(true);
    expect(await page.getByRole('link', { name: 'New discount' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await screenshot(page, 'discounts-list-role2');
    await page.getByRole('link', { name: 'View' }).first().click();
    await expect.poll(() => page.getByRole('heading', { name: /^Discount: / }).isVisible(), slow).toBe(true);
    expect(await page.getByRole('button', { name: 'Update discount' }).count()).toBe(0);
    expect(await page.getByLabel('Code').isDisabled()).toBe(true);
    await screenshot(page, 'discount-edit-role2');

    await page.goto(`${e2eUrl()}/extras`);
    await expect.poll(() => page.getByRole('link', { name: 'View' }).first().isVisible(), slow).toBe(true);
    expect(await page.getByRole('link', { name: 'New extra' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.getByRole('link', { name: 'View' }).first().click();
    await expect.poll(() => page.getByRole('heading', { name: /^Extra: / }).isVisible(), slow).toBe(true);
    expect(await page.getByRole('button', { name: 'Update extra' }).count()).toBe(0);
    await screenshot(page, 'extra-edit-role2');
    await page.context().close();
  });
});
