import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

type Tour = { id: number; name: string };

/** Picks `option` in the Select labelled `label` (inside `scope`). */
async function choose(
  page: Page,
  label: string | RegExp,
  option: string,
  scope: Page | ReturnType<Page['locator']> = page,
) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types a DD/MM/YYYY date into the date field labelled `label` and leaves it. */
async function typeDate(page: Page, label: string | RegExp, value: string) {
  const input = page.getByRole('textbox', { name: label });
  await input.fill(value);
  await input.press('Tab');
}

// Affiliates' advertisements and the summaries in the browser (spec 2 §2 Affiliates, Summaries):
// role 1 creates an advert with two products, marks it paid, created and sent, and finds it in the
// Artwork summary; role 2 sees the same screens read-only.
describe('advertisements and summaries', () => {
  let browser: Browser;
  let admin: string;
  let affiliate: { id: number; name: string };
  let tours: Tour[];
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
    const name = `Coast Gazette ${Date.now()}`;
    const created = await apiCall<{ data: { id: number } }>(admin, 'POST', '/affiliates', {
      name,
      code: `CG${Date.now()}`,
      is_active: true,
    });
    affiliate = { id: created.body.data.id, name };
    tours = (await apiCall<{ data: Tour[] }>(admin, 'GET', '/tours')).body.data.slice(0, 2);
  });
  afterAll(async () => browser?.close());

  it('role 1 creates an advert with two products, marks it paid, created and sent, and sees it in Artwork', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/affiliates/edit/${affiliate.id}`);
    await expect
      .poll(() => page.getByRole('heading', { name: `Affiliate: ${affiliate.name}` }).isVisible())
      .toBe(true);
    expect(await page.getByRole('tab', { name: 'Advertisements' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await expect.poll(() => page.getByText('No advertisements yet').isVisible()).toBe(true);

    // The form refuses what spec 2 §5 requires before sending.
    await page.getByRole('button', { name: 'Create Advert' }).click();
    await expect.poll(() => page.getByText('Size is required.').isVisible()).toBe(true);
    await choose(page, /^Size/, 'Half page', page.getByRole('form', { name: 'New advertisement' }));
    await typeDate(page, /^Placement date/, '01/09/2027');
    await typeDate(page, /^Expiry date/, '30/09/2027');
    await typeDate(page, 'Artwork deadline', '15/08/2027');
    await page.getByLabel('Cost').fill('600');
    await page.getByLabel('Invoice number').fill('CG-501');
    await page.getByLabel('Invoice amount').fill('600');
    await typeDate(page, 'Due date', '30/09/2027');
    await screenshot(page, 'adverts-form');
    await page.getByRole('button', { name: 'Create Advert' }).click();
    await expect.poll(() => page.getByText('Advertisement created successfully.').isVisible()).toBe(true);
    const row = page.getByRole('row', { name: /Half page/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toContain('15/08/2027');
    await screenshotFromTop(page, 'adverts-tab');

    // The products modal: 'affiliate / size', empty, then two products sharing the cost.
    await row.getByRole('button', { name: 'Products' }).click();
    const modal = page.getByRole('dialog', { name: `${affiliate.name} / Half page` });
    await expect.poll(() => modal.getByText('No data available.').isVisible()).toBe(true);
    await screenshot(page, 'adverts-products-empty');
    for (const [tour, cost] of [
      [tours[0], '350'],
      [tours[1], '250'],
    ] as const) {
      await modal.getByRole('combobox', { name: /^Tour/ }).fill(tour.name);
      await page.getByRole('option', { name: tour.name, exact: true }).click();
      await choose(page, 'Size', 'Half page', modal);
      await modal.getByRole('textbox', { name: 'Cost', exact: true }).fill(cost);
      await modal.getByRole('button', { name: 'Add Product' }).click();
      await expect
        .poll(() => modal.getByRole('cell', { name: tour.name, exact: true }).isVisible())
        .toBe(true);
    }
    await expect.poll(() => modal.getByTestId('advert-left').textContent()).toBe('£0.00');
    expect(await modal.getByTestId('advert-total').textContent()).toBe('£600.00');
    expect(await modal.getByTestId('advert-paid').textContent()).toBe('£600.00');
    // A penny more is refused with spec 2 §8's words.
    await modal.getByRole('combobox', { name: /^Tour/ }).fill(tours[0].name);
    await page.getByRole('option', { name: tours[0].name, exact: true }).click();
    await modal.getByRole('textbox', { name: 'Cost', exact: true }).fill('0.01');
    await modal.getByRole('button', { name: 'Add Product' }).click();
    await expect
      .poll(() => modal.getByText('Please provide a valid amount upto 0.00').isVisible())
      .toBe(true);

    for (const label of ['Mark as Paid', 'Created', 'Sent']) {
      await modal.getByRole('switch', { name: label }).click({ force: true });
      await expect.poll(() => modal.getByRole('switch', { name: label }).isChecked()).toBe(true);
      await expect.poll(() => modal.getByRole('switch', { name: label }).isDisabled()).toBe(false);
    }
    await screenshot(page, 'adverts-products');
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect.poll(() => row.getByText('Yes').count()).toBe(3);

    // The Artwork summary, filtered on the affiliate, Created and Sent.
    await page.goto(`${e2eUrl()}/summaries`);
    await expect.poll(() => page.getByRole('heading', { name: 'Summaries' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('table', { name: 'Payment invoices' }).isVisible()).toBe(true);
    await screenshotFromTop(page, 'summaries-payment-invoices');
    await page.getByText('Artwork', { exact: true }).click();
    await page.getByRole('combobox', { name: 'Affiliate' }).fill(affiliate.name);
    await page.getByRole('option', { name: affiliate.name, exact: true }).click();
    await page.getByRole('switch', { name: 'Created' }).click({ force: true });
    await page.getByRole('switch', { name: 'Sent' }).click({ force: true });
    await page.getByRole('button', { name: 'Search' }).click();
    const art = page.getByRole('row', { name: new RegExp(affiliate.name) });
    await expect.poll(() => art.count()).toBe(1);
    const text = await art.textContent();
    expect(text).toContain(`${tours[0].name}, ${tours[1].name}`);
    expect(text).toContain('15/08/2027');
    expect(text).toContain('01/09/2027');
    expect(text).toContain('£600.00');
    expect(await art.getByLabel('Paid Yes').isVisible()).toBe(true);
    expect(await art.getByLabel('Created Yes').isVisible()).toBe(true);
    expect(await art.getByLabel('Sent Yes').isVisible()).toBe(true);
    await screenshotFromTop(page, 'summaries-artwork');

    // The affiliate's invoice in Payment Invoices, with its payment details modal.
    await page.getByText('Payment Invoices', { exact: true }).click();
    await choose(page, 'Summary type', 'Affiliate');
    await page.getByRole('combobox', { name: 'Affiliate' }).fill(affiliate.name);
    await page.getByRole('option', { name: affiliate.name, exact: true }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    const invoice = page.getByRole('row', { name: /CG-501/ });
    await expect.poll(() => invoice.isVisible()).toBe(true);
    expect(await invoice.textContent()).toContain('£600.00');
    await invoice.getByRole('button', { name: 'Payment' }).click();
    const pay = page.getByRole('dialog');
    await pay.getByLabel('Payment amount').fill('600');
    await choose(page, 'Payment mode', 'bank', pay);
    await screenshot(page, 'summaries-advert-payment');
    await pay.getByRole('button', { name: 'Update payment details' }).click();
    await expect.poll(() => page.getByText('Payment details updated successfully.').isVisible()).toBe(true);
    // The table reloads: nothing is due any more.
    await expect.poll(async () => (await invoice.textContent())?.includes('£0.00')).toBe(true);

    await page.getByText('Tour', { exact: true }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Tour summary' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(2);
    await screenshotFromTop(page, 'summaries-tour');
    await page.context().close();
  });

  it('role 2 sees adverts, products and summaries read-only', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/affiliates/edit/${affiliate.id}`);
    const row = page.getByRole('row', { name: /Half page/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Create Advert' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await screenshotFromTop(page, 'adverts-tab-role2');
    await row.getByRole('button', { name: 'Products' }).click();
    const modal = page.getByRole('dialog', { name: `${affiliate.name} / Half page` });
    await expect
      .poll(() => modal.getByRole('cell', { name: tours[0].name, exact: true }).isVisible())
      .toBe(true);
    expect(await modal.getByRole('switch').count()).toBe(0);
    expect(await modal.getByLabel('Mark as Paid: Yes').isVisible()).toBe(true);
    expect(await modal.getByRole('button', { name: 'Add Product' }).count()).toBe(0);
    await screenshot(page, 'adverts-products-role2');
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();

    await page.goto(`${e2eUrl()}/summaries?report=artwork`);
    await expect.poll(() => page.getByRole('table', { name: 'Artwork summary' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1);
    await screenshotFromTop(page, 'summaries-artwork-role2');
    await page.context().close();
  });
});
