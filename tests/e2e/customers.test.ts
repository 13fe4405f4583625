import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

interface Row {
  id: number;
  first_name: string;
  last_name: string;
  postcode: string | null;
}

// Customers in the browser (spec 2 §2): role 1 creates a customer with the post code look-up (the
// demo server has no GETADDRESS_API_KEY, so addresses on file are suggested), lands on the edit
// screen and adds a note; role 2 sees the same edit screen read-only.
describe('customer screens', () => {
  let browser: Browser;
  let createdId = 0;
  const last = `Lookup${Date.now()}`;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('role 1 creates a customer with an address found by post code, then adds a note', async () => {
    // A post code that a demo customer lives at.
    const token = await apiToken(1);
    // The newest with a street address: another browser test may just have made one without.
    const { body } = await apiCall<{ data: Row[] }>(token, 'GET', '/customers/table?length=50');
    let onFile: Row | undefined;
    let full: { data: { street_address: string; town: string } } | undefined;
    for (const row of body.data.filter((r) => r.postcode)) {
      const answer = await apiCall<{ data: { street_address: string | null; town: string } }>(
        token,
        'GET',
        `/customers/${row.id}`,
      );
      if (answer.body.data.street_address) {
        onFile = row;
        full = answer.body as { data: { street_address: string; town: string } };
        break;
      }
    }
    if (!onFile || !full) throw new Error('no demo customer with a post code and a street address');
    const postcode = onFile.postcode as string;

    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/customers`);
    await expect.poll(() => page.getByRole('heading', { name: 'Customers' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Edit' }).first().isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Post code', exact: true }).fill(postcode.split(' ')[0]);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('cell', { name: postcode }).first().isVisible()).toBe(true);
    await screenshotFromTop(page, 'customers-list');
    // Role 1 manages duplicate customers from here (issue #14).
    expect(await page.getByRole('link', { name: 'Manage customers' }).count()).toBe(1);

    await page.getByRole('link', { name: 'New customer' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'New customer' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create customer' }).click();
    await expect.poll(() => page.getByText('First name is required.').isVisible()).toBe(true);

    await page.getByRole('combobox', { name: 'Title' }).click();
    await page.getByRole('option', { name: 'Mrs', exact: true }).click();
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Winifred');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(last);
    await page
      .getByRole('textbox', { name: 'Email', exact: true })
      .fill(`winifred.${last.toLowerCase()}@example.co.uk`);
    await page
      .getByRole('textbox', { name: 'Post code', exact: true })
      .fill(postcode.replace(' ', '').toLowerCase());
    await page.getByRole('button', { name: 'Find address' }).click();
    const option = page.getByRole('option', {
      name: new RegExp(`^${full.data.street_address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    });
    await expect.poll(() => option.isVisible()).toBe(true);
    await option.click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Street address', exact: true }).inputValue())
      .toBe(full.data.street_address);
    expect(await page.getByRole('textbox', { name: 'Town', exact: true }).inputValue()).toBe(full.data.town);
    expect(await page.getByRole('textbox', { name: 'Post code', exact: true }).inputValue()).toBe(postcode);
    await screenshotFromTop(page, 'customer-create');

    await page.getByRole('button', { name: 'Create customer' }).click();
    await page.waitForURL(/\/customers\/edit\/\d+$/);
    createdId = Number(page.url().split('/').pop());
    await expect
      .poll(() => page.getByRole('heading', { name: `Customer: Winifred ${last}` }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('No Notes Found').isVisible()).toBe(true);

    await page
      .getByRole('textbox', { name: 'New note', exact: true })
      .fill('Asked for a ground floor room on every tour.');
    await page.getByRole('button', { name: 'Add note' }).click();
    const notes = page.getByRole('table', { name: 'Notes' });
    await expect
      .poll(() => notes.getByText('Asked for a ground floor room on every tour.').isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Update customer' }).isVisible()).toBe(true);

    // A brochure request (role 1), through the modal.
    await page.getByRole('button', { name: 'Request brochure' }).click();
    const modal = page.getByRole('dialog', { name: 'Request brochure' });
    await modal.getByPlaceholder('Choose a brochure').click();
    const brochure = page.getByRole('option').first();
    await expect.poll(() => brochure.isVisible()).toBe(true);
    const brochureName = (await brochure.textContent()) ?? '';
    await brochure.click();
    await modal.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await screenshotFromTop(page, 'customer-request-brochure');
    await modal.getByRole('button', { name: 'Request brochure' }).click();
    const requests = page.getByRole('table', { name: 'Brochure requests' });
    await expect.poll(() => requests.getByRole('cell', { name: brochureName }).isVisible()).toBe(true);
    await screenshotFromTop(page, 'customer-edit');
    await page.context().close();
  });

  it('role 2 sees the customer read-only', async () => {
    expect(createdId).toBeGreaterThan(0);
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/customers`);
    await expect.poll(() => page.getByRole('heading', { name: 'Customers' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Export CSV' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'New customer' }).count()).toBe(0);

    await page.goto(`${e2eUrl()}/customers/edit/${createdId}`);
    await expect
      .poll(() => page.getByRole('heading', { name: `Customer: Winifred ${last}` }).isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'First name', exact: true }).isDisabled())
      .toBe(true);
    expect(await page.getByRole('textbox', { name: 'Street address', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Update customer' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Find address' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Request brochure' }).count()).toBe(0);
    await expect
      .poll(() =>
        page.getByRole('table', { name: 'Notes' }).getByText('Asked for a ground floor room').isVisible(),
      )
      .toBe(true);

    // A demo customer with bookings, as role 2.
    const { body } = await apiCall<{ data: { customer: { id: number } | null }[] }>(
      await apiToken(2),
      'GET',
      '/bookings/table?length=25',
    );
    // Every ninth demo customer has notes (src/server/db/seed/customers.ts).
    const ids = body.data.flatMap((b) => (b.customer ? [b.customer.id] : []));
    const withBookings = ids.find((id) => id % 9 === 0) ?? ids[0];
    await page.goto(`${e2eUrl()}/customers/edit/${withBookings}`);
    await expect.poll(() => page.getByRole('table', { name: 'Bookings' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Update customer' }).count()).toBe(0);
    await screenshotFromTop(page, 'customer-edit-role2');
    await page.context().close();
  });
});
