import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupProfit } from '../../src/shared/money-owed';
import { poundsText } from '../../src/shared/money-text';
import { launchBrowser, screenshot, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Picks `option` in the Select labelled `label` (inside `scope`). */
async function choose(
  page: Page,
  label: string | RegExp,
  option: string | RegExp,
  scope: Page | ReturnType<Page['locator']> = page,
) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** Types a DD/MM/YYYY date into the date field labelled `label` and leaves it. */
async function typeDate(page: Page | ReturnType<Page['locator']>, label: string | RegExp, value: string) {
  const input = page.getByRole('textbox', { name: label });
  await input.fill(value);
  await input.press('Tab');
}

type Revenue = {
  gross_revenue: string;
  cancellation_revenue: string;
  supplier_costs: string;
  tour_profit: string;
  internal_payments: { supplier_cost: string }[];
};

// Money owed in the browser (issue #13): as role 1 a euro hotel invoice is added on a supplier,
// linked to two groups and paid in two parts (the second over the left amount refused on screen);
// the outstanding and the groups' profit follow to the penny. Role 2 sees the invoices read-only
// with the Payment action.
describe('supplier invoices, payments and group profit', () => {
  let browser: Browser;
  let admin: string;
  let supplier: { id: number; name: string };
  let tour: { id: number; name: string };
  let groups: { id: number; start_date: string }[];
  const number = `ALP-${Date.now()}`;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
    const name = `Hotel Alpenrose ${Date.now()}`;
    const created = await apiCall<{ data: { id: number } }>(admin, 'POST', '/suppliers', {
      supplier_name: name,
    });
    supplier = { id: created.body.data.id, name };
    // A tour with at least two departures.
    const tours = (await apiCall<{ data: { id: number; name: string }[] }>(admin, 'GET', '/tours')).body.data;
    for (const t of tours) {
      const g = (
        await apiCall<{ data: { id: number; start_date: string }[] }>(admin, 'GET', `/tours/${t.id}/groups`)
      ).body.data;
      if (g.length >= 2) {
        tour = t;
        groups = g.slice(0, 2);
        break;
      }
    }
    const services = (
      await apiCall<{ data: { service_name: string }[] }>(admin, 'GET', '/service-types/list')
    ).body.data;
    if (!services.some((s) => s.service_name === 'Hotel'))
      await apiCall(admin, 'POST', '/service-types/create', { service_name: 'Hotel', service_code: 'HTL' });
  });
  afterAll(async () => browser?.close());

  const revenue = async (groupId: number) =>
    (await apiCall<{ data: Revenue }>(admin, 'POST', `/tours/groups/${groupId}/calculate-revenue`)).body.data;

  it('role 1 adds a euro invoice, links it to two groups and pays it in two parts', async () => {
    const before = await Promise.all(groups.map((g) => revenue(g.id)));
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/supplier/edit/${supplier.id}`);
    await expect
      .poll(() => page.getByRole('heading', { name: `Supplier: ${supplier.name}` }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('No invoices yet').isVisible()).toBe(true);

    // The invoice form: EUR at 1.1628, €1,000.00, with its PDF.
    await choose(page, 'Currency', 'EUR');
    await page.getByRole('textbox', { name: 'Exchange rate' }).fill('1.1628');
    await page.getByRole('textbox', { name: 'Invoice number' }).fill(number);
    await typeDate(page, 'Invoice date', '02/05/2027');
    await page.getByRole('textbox', { name: 'Total amount' }).fill('1000');
    await typeDate(page, 'Due date', '30/06/2027');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'alpenrose-june.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect
      .poll(() => page.getByText('£1 = €1.1628: amount ÷ rate = pounds').first().isVisible())
      .toBe(true);
    await screenshot(page, 'invoices-form');
    await page.getByRole('button', { name: 'Add invoice' }).click();
    await expect.poll(() => page.getByText('Invoice added successfully.').isVisible()).toBe(true);
    const row = page.getByRole('row').filter({ hasText: number });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.innerText()).toMatch(/€1,000\.00[\s\S]*£859\.99/);
    // Reset to defaults after an add (spec 2 §4).
    expect(await page.getByRole('textbox', { name: 'Invoice number' }).inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: 'Currency' }).inputValue()).toBe('Sterling');
    await screenshot(page, 'invoices-table');

    // Link Tour: €581.40 and €418.60 to two groups → left to link €0.00.
    await row.getByRole('button', { name: 'Link Tour' }).click();
    const modal = page.getByRole('dialog');
    await expect.poll(() => modal.getByText('Please select a tour first.').isVisible()).toBe(true);
    await modal.getByRole('combobox', { name: 'Tour' }).fill(tour.name);
    await page.getByRole('option', { name: tour.name, exact: true }).click();
    const dmy = (ymd: string) => ymd.split('-').reverse().join('/');
    for (const [i, amount] of ['581.40', '418.60'].entries()) {
      const when = dmy(groups[i].start_date);
      await modal.getByRole('textbox', { name: `Invoice amount for ${when}` }).fill(amount);
      await choose(page, `Service type for ${when}`, 'Hotel', modal);
    }
    await expect.poll(() => modal.getByText('€0.00').isVisible()).toBe(true);
    await screenshot(page, 'invoices-link-tour');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('Invoice linked to 2 tour groups.').isVisible()).toBe(true);
    await expect.poll(() => row.getByRole('link').count()).toBe(2);

    // Payment: €600.00 by bank, then €400.01 is refused on screen, €400.00 goes through.
    await row.getByRole('button', { name: 'Payment' }).click();
    const pay = page.getByRole('dialog');
    await expect.poll(() => pay.getByText('Left').isVisible()).toBe(true);
    await pay.getByRole('textbox', { name: 'Amount paid' }).fill('600');
    await choose(page, 'Payment mode', 'bank', pay);
    await pay.getByRole('textbox', { name: 'Payment number' }).fill('BACS-0001');
    await typeDate(pay, 'Paid date', '10/06/2027');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => page.getByText('Payment recorded successfully.').isVisible()).toBe(true);
    await expect.poll(() => pay.getByRole('cell', { name: 'BACS-0001' }).isVisible()).toBe(true);
    await pay.getByRole('textbox', { name: 'Amount paid' }).fill('400.01');
    await expect
      .poll(() => pay.getByText('Please provide a valid amount upto 400.00').isVisible())
      .toBe(true);
    expect(await pay.getByRole('button', { name: 'Record payment' }).isDisabled()).toBe(true);
    await screenshot(page, 'invoices-payment-over-left');
    await pay.getByRole('textbox', { name: 'Amount paid' }).fill('400');
    await choose(page, 'Payment mode', 'Card', pay);
    await typeDate(pay, 'Paid date', '20/06/2027');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => pay.getByRole('row').count()).toBe(3);
    await screenshot(page, 'invoices-payment-modal');
    await pay.getByRole('button', { name: 'Close' }).first().click();
    // Outstanding on screen: €0.00, paid €1,000.00.
    await expect.poll(async () => (await row.innerText()).includes('€0.00')).toBe(true);
    expect(await row.innerText()).toMatch(/Fully linked|€1,000\.00/);
    // The history lists the invoice and its payments.
    await page.getByRole('button', { name: 'Show History' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('table', { name: 'History' })
          .getByText('Invoice #', { exact: false })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'invoices-supplier-history');

    // The groups' profit follows to the penny: costs £500.00 (581.40 ÷ 1.1628) and £359.99.
    const added = ['500.00', '359.99'];
    for (const [i, g] of groups.entries()) {
      const b = before[i];
      const expected = groupProfit(b.gross_revenue, b.cancellation_revenue, [
        ...b.internal_payments.map((p) => p.supplier_cost),
        added[i],
      ]);
      expect((await revenue(g.id)).tour_profit).toBe(expected);
      await page.goto(`${e2eUrl()}/tours/groups/${g.id}`);
      const section = page.getByRole('region', { name: 'Suppliers, Services & Payments' });
      await expect.poll(() => section.isVisible(), { timeout: 15_000 }).toBe(true);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `invoices-group-${i}`);
      await expect
        .poll(() => section.getByText(`Tour profit ${poundsText(expected)}`).isVisible(), { timeout: 10_000 })
        .toBe(true);
      if (i === 0) {
        await section.getByRole('button', { name: 'Show Suppliers, Services & Payments' }).click();
        await expect
          .poll(() => section.getByRole('cell', { name: supplier.name }).first().isVisible())
          .toBe(true);
        expect(await section.getByRole('table', { name: 'Internal payments' }).innerText()).toContain(
          '£500.00',
        );
        await section.scrollIntoViewIfNeeded();
        await screenshot(page, 'invoices-group-payments');
      }
    }
    await page.context().close();
  });

  it('role 2 sees the invoices with the Payment action and no invoice form', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/supplier/edit/${supplier.id}`);
    const row = page.getByRole('row').filter({ hasText: number });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add invoice' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Payment' }).count()).toBe(1);
    expect(await row.getByRole('button', { name: 'Link Tour' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await screenshotFromTop(page, 'invoices-role2');
    // ?handlePayment opens the payment modal after a second.
    await page.goto(`${e2eUrl()}/supplier/edit/${supplier.id}?handlePayment=${await invoiceId()}`);
    await expect
      .poll(() => page.getByRole('dialog').getByText(`invoice ${number}`).isVisible(), { timeout: 5000 })
      .toBe(true);
    await page.context().close();
  });

  async function invoiceId() {
    const t = await apiCall<{ data: { id: number; invoice_number: string }[] }>(
      admin,
      'POST',
      '/invoices-table',
      {
        invoice_for: 'supplier',
        invoice_for_id: supplier.id,
      },
    );
    return t.body.data.find((r) => r.invoice_number === number)?.id;
  }
});
