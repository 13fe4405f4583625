import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

// Issue #22 point 11, as staff did it: New customer took the same name, email and post code as a
// record on file without a word. Now Create warns first, names the record on file (id, created
// date, bookings) with a link to it, creates nothing, and 'Create anyway' makes the new record.
describe('New customer warns of a likely duplicate', () => {
  let browser: Browser;
  let admin = '';
  const last = `Wickersham${Date.now().toString(36)}`;
  const email = `harriet.${last.toLowerCase()}@example.co.uk`;
  let existing = 0;

  const onFile = async () =>
    (
      await apiCall<{ data: { id: number }[] }>(
        admin,
        'GET',
        `/customers/likely-duplicates?${new URLSearchParams({ first_name: 'Harriet', last_name: last, email })}`,
      )
    ).body.data.map((d) => d.id);

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
    const c = await apiCall<{ data: { id: number } }>(admin, 'POST', '/customers', {
      title: 'Mrs',
      first_name: 'Harriet',
      last_name: last,
      email,
      postcode: 'LS6 2QT',
    });
    expect(c.status).toBe(200);
    existing = c.body.data.id;
  });
  afterAll(async () => browser?.close());

  it('warns with a link to the record on file; Create anyway makes the new one', async () => {
    const page = await signedInPage(browser, 1);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${e2eUrl()}/customers/create`);
    await poll(() => page.getByRole('heading', { name: 'New customer' }).isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Harriet');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(last);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email.toUpperCase());
    await page.getByRole('textbox', { name: 'Post code', exact: true }).fill('ls62qt');
    await page.getByRole('button', { name: 'Create customer' }).click();

    const warning = page.getByRole('alert').filter({ hasText: 'This customer may already be on file' });
    await poll(() => warning.isVisible()).toBe(true);
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(new Date());
    const link = warning.getByRole('link', {
      name: `#${existing} Harriet ${last}, created ${today}, 0 bookings`,
    });
    expect(await link.getAttribute('href')).toBe(`/customers/edit/${existing}`);
    expect(await warning.innerText()).toContain('same email, same name and post code');
    await warning.scrollIntoViewIfNeeded();
    await screenshot(page, 'customer-duplicate-warning');
    // Nothing was created, and the form is still there.
    expect(page.url()).toMatch(/\/customers\/create$/);
    expect(await onFile()).toEqual([existing]);

    // Changing the form takes the warning back; Create checks again.
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('0113 496 0000');
    await poll(() => warning.count()).toBe(0);
    await page.getByRole('button', { name: 'Create customer' }).click();
    await poll(() => warning.isVisible()).toBe(true);

    await warning.getByRole('button', { name: 'Create anyway' }).click();
    await page.waitForURL(/\/customers\/edit\/\d+$/);
    const created = Number(page.url().split('/').pop());
    expect(created).not.toBe(existing);
    expect(await onFile()).toEqual([existing, created]);

    // The link opens the record on file.
    await page.goto(`${e2eUrl()}/customers/create`);
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Someone');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Else');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Create customer' }).click();
    await poll(() => warning.isVisible()).toBe(true);
    expect(await warning.getByRole('link').count()).toBe(2);
    await warning.getByRole('link').first().click();
    // The form holds typed work, so leaving it asks first (issue #22 point 5).
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
    await poll(() => ask.isVisible()).toBe(true);
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL(new RegExp(`/customers/edit/${existing}$`));
    await poll(() => page.getByRole('heading', { name: `Customer: Harriet ${last}` }).isVisible()).toBe(true);
    await page.close();
  });
});
