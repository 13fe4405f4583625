import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

type YearAccounts = { year: string; accounts: { id: string; month: string; accountNumber: string }[] };

/** expect.poll with room for a slow first load of a lazy screen on a busy machine. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name });
const seen = (page: Page, name: string | RegExp) => poll(() => heading(page, name).isVisible()).toBe(true);

// Settings hub (spec 1 §2) and spec 2's admin users, monthly accounts, currency exchange rates,
// suppliers and tour managers in the browser, as role 1 and role 2.
describe('settings, admin users, money and supplier screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('role 1: settings hub → admin users → creates an Accountant; updates monthly accounts', async () => {
    const page = await signedInPage(browser, 1);
    const stamp = Date.now();
    await page.goto(`${e2eUrl()}/bookings`);
    // The header's settings shortcut leads to the hub.
    await page.getByRole('link', { name: 'Settings' }).click();
    await seen(page, 'Settings');
    for (const link of [
      'Manage Admin Users',
      'Manage Currency Exchange Rates',
      'Manage Monthly Accounting',
    ]) {
      expect(await page.getByRole('link', { name: link }).isVisible()).toBe(true);
    }
    await screenshot(page, 'settings-hub');

    await page.getByRole('link', { name: 'Manage Admin Users' }).click();
    await seen(page, 'Admin users');
    await poll(() => page.getByRole('cell', { name: 'admin@demo.test' }).isVisible()).toBe(true);
    await screenshot(page, 'admin-users-list');

    await page.getByRole('link', { name: 'New Admin User' }).click();
    await seen(page, 'New admin user');
    await page.getByRole('button', { name: 'Create admin user' }).click();
    await poll(() => page.getByText('The password is required.').isVisible()).toBe(true);
    const email = `ledger.${stamp}@demo.test`;
    await page.getByLabel('Name').fill('Lucy Ledger');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Accountant' }).click();
    await page.getByLabel('Login password').fill('short');
    await page.getByRole('button', { name: 'Create admin user' }).click();
    await expect
      .poll(() => page.getByText('The password must be at least 12 characters.').isVisible())
      .toBe(true);
    await page.getByLabel('Login password').fill('counting-house-26');
    await screenshot(page, 'admin-user-create');
    await page.route('**/api/admin-users/handle-user', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Create admin user' }).click();
    await poll(() => page.getByRole('button', { name: 'Creating...' }).isVisible()).toBe(true);
    await page.waitForURL(/\/admin-user\/edit\/\d+$/);
    await seen(page, 'Admin user: Lucy Ledger');
    expect(await page.getByRole('combobox', { name: 'Role' }).inputValue()).toBe('Accountant');
    await screenshot(page, 'admin-user-edit');
    // The new user signs in with that password.
    const login = await fetch(`${e2eUrl()}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'counting-house-26' }),
    });
    expect(login.status).toBe(200);

    // Monthly accounts: the demo's current year, plus a new one.
    await page.goto(`${e2eUrl()}/settings`);
    await page.getByRole('link', { name: 'Manage Monthly Accounting' }).click();
    await seen(page, 'Monthly Accounts');
    const year = String(new Date().getFullYear());
    await poll(() => page.getByLabel('Year').first().inputValue()).toBe(year);
    expect(await page.getByRole('button', { name: 'Remove Year' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add New Year' }).click();
    const next = String(Number(year) + 1);
    await poll(() => page.getByLabel('Year').nth(1).inputValue()).toBe(next);
    await page.getByLabel(`January ${next} account number`).fill('12a');
    await page.getByRole('button', { name: 'Update Monthly Accounts' }).click();
    await expect
      .poll(() => page.getByText('The account number may contain digits only.').isVisible())
      .toBe(true);
    await page.getByLabel(`January ${next} account number`).fill('8270010');
    await page.getByLabel(`February ${year} account number`).fill('7000020');
    await screenshot(page, 'monthly-accounts');
    await page.getByRole('button', { name: 'Update Monthly Accounts' }).click();
    await poll(() => page.getByText('Monthly accounts updated successfully.').isVisible()).toBe(true);
    const saved = await apiCall<{ data: { setting_meta_data: YearAccounts[] } }>(
      await apiToken(1),
      'POST',
      '/settings/monthly-accounts',
    );
    const years = saved.body.data.setting_meta_data;
    expect(years.map((y) => y.year)).toEqual([year, next]);
    expect(years[0].accounts[1].accountNumber).toBe('7000020');
    expect(years[1].accounts[0].accountNumber).toBe('8270010');
    // Remove the added year again.
    await page.getByRole('button', { name: 'Remove Year' }).click();
    await page.getByRole('button', { name: 'Update Monthly Accounts' }).click();
    await expect
      .poll(async () => {
        const r = await apiCall<{ data: { setting_meta_data: YearAccounts[] } }>(
          await apiToken(1),
          'POST',
          '/settings/monthly-accounts',
        );
        return r.body.data.setting_meta_data.length;
      })
      .toBe(1);
    await page.context().close();
  });

  it('role 1: currency rates, a supplier and a tour manager from list to edit', async () => {
    const page = await signedInPage(browser, 1);
    const stamp = Date.now();

    // A year of its own, so a second run never overlaps the first run's rate.
    const y = 2031 + (Math.floor(stamp / 1000) % 40);
    await page.goto(`${e2eUrl()}/currency-exchange`);
    await seen(page, 'Currency exchange rates');
    await poll(() => page.getByRole('cell', { name: 'US Dollar' }).first().isVisible()).toBe(true);
    await screenshot(page, 'currency-list');
    await page.getByRole('link', { name: 'New Exchange Rate' }).click();
    await seen(page, 'New exchange rate');
    await page.getByLabel('Currency name').fill('Swiss Franc');
    await page.getByLabel('Short name').fill('chf');
    await page.getByLabel('Symbol').fill('Fr');
    await page.getByLabel('Exchange rate').fill('1.12');
    await page.getByLabel('Start date').fill(`01/03/${y}`);
    await page.getByLabel('End date').fill(`01/02/${y}`);
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'Create exchange rate' }).click();
    await expect
      .poll(() => page.getByText('End date should be after the start date.').isVisible())
      .toBe(true);
    await page.getByLabel('End date').fill(`31/03/${y}`);
    await page.keyboard.press('Tab');
    await screenshot(page, 'currency-create');
    await page.getByRole('button', { name: 'Create exchange rate' }).click();
    await page.waitForURL(/\/currency-exchange\/edit\/\d+$/);
    await seen(page, 'Exchange rate: Swiss Franc (CHF)');
    expect(await page.getByLabel('Start date').inputValue()).toBe(`01/03/${y}`);
    await screenshot(page, 'currency-edit');

    await page.goto(`${e2eUrl()}/suppliers`);
    await seen(page, 'Suppliers');
    await poll(() => page.getByRole('link', { name: 'Edit' }).first().isVisible()).toBe(true);
    await screenshot(page, 'suppliers-list');
    await page.getByRole('link', { name: 'New supplier' }).click();
    await seen(page, 'Create new supplier');
    const supplier = `Fjord Line Ferries ${stamp}`;
    await page.getByLabel('Supplier name').fill(supplier);
    await page.getByLabel('Sort code').fill('12345');
    await page.getByRole('button', { name: 'Create supplier' }).click();
    await expect
      .poll(() => page.getByText('The sort code must be 6 digits, e.g. 12-34-56.').isVisible())
      .toBe(true);
    await page.getByLabel('Sort code').fill('123456');
    await page.getByLabel('Account number').fill('41234567');
    await page.getByLabel('Bank name').fill('Barclays');
    await page.getByLabel('Email').fill('groups@fjordline.example.com');
    await screenshot(page, 'supplier-create');
    await page.getByRole('button', { name: 'Create supplier' }).click();
    await page.waitForURL(/\/supplier\/edit\/\d+$/);
    await seen(page, `Supplier: ${supplier}`);
    expect(await page.getByLabel('Sort code').inputValue()).toBe('12-34-56');
    await screenshot(page, 'supplier-edit');

    await page.goto(`${e2eUrl()}/tour-manager`);
    await seen(page, 'Tour managers');
    await poll(() => page.getByRole('cell', { name: 'MacLeod', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'tour-managers-list');
    await page.getByRole('link', { name: 'New Tour Manager' }).click();
    await seen(page, 'New tour manager');
    await page.getByLabel('First name').fill('Bronwen');
    await page.getByLabel('Last name').fill(`Hughes ${stamp}`);
    await page.getByLabel('Email').fill('bronwen.hughes@example.co.uk');
    await page.getByLabel('Mobile number').fill('07700 900777');
    await page.getByLabel('Telephone number').fill('01248 496 010');
    await page.getByLabel('Address', { exact: true }).fill('2 Bangor Road, Conwy LL32 8DU');
    await screenshot(page, 'tour-manager-create');
    await page.getByRole('button', { name: 'Create Tour Manager' }).click();
    await page.waitForURL(/\/tour-manager\/edit\/\d+$/);
    await seen(page, `Tour Manager: Bronwen Hughes ${stamp}`);
    await page.getByLabel('Telephone number').fill('01248 496 011');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await poll(() => page.getByText('Tour manager updated successfully.').isVisible()).toBe(true);
    await screenshot(page, 'tour-manager-edit');
    await page.context().close();
  });

  it('role 2: no Manage Admin Users or DB Backups, read-only supplier edit, a clear refusal on admin users', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/settings`);
    await seen(page, 'Settings');
    await expect
      .poll(() => page.getByRole('link', { name: 'Manage Monthly Accounting' }).isVisible())
      .toBe(true);
    expect(await page.getByText('Manage Admin Users').count()).toBe(0);
    expect(await page.getByText('Manage DB Backups').count()).toBe(0);
    await screenshot(page, 'settings-hub-role2');

    await page.goto(`${e2eUrl()}/suppliers`);
    await seen(page, 'Suppliers');
    await poll(() => page.getByRole('link', { name: 'View' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'New supplier' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.getByRole('link', { name: 'View' }).first().click();
    await seen(page, /^Supplier: /);
    expect(await page.getByLabel('Supplier name').isDisabled()).toBe(true);
    expect(await page.getByLabel('Sort code').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Update supplier' }).count()).toBe(0);
    await screenshot(page, 'supplier-edit-role2');

    await page.goto(`${e2eUrl()}/currency-exchange`);
    await poll(() => page.getByRole('cell', { name: 'Euro' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'New Exchange Rate' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await screenshot(page, 'currency-list-role2');

    await page.goto(`${e2eUrl()}/admin-user`);
    await poll(() => page.getByText('You do not have permission').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'New Admin User' }).count()).toBe(0);
    await screenshot(page, 'admin-users-role2');
    await page.context().close();
  });
});
