import { readFileSync } from 'node:fs';
import dayjs from 'dayjs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';
import { type ReadReport, readCsvReport, readXlsxReport } from '../helpers/reports';

// The reports screen in the browser (spec 3 §2 Reports, §4, §5, §8, §9; issue #15), as a new member
// of staff would use it: /reports opens on the rooming report, the spec's messages show at the fields
// before anything is sent, and each of the fourteen reports is generated from its panel with filters
// that give rows on the demo data; every download is opened (exceljs / csv-parse) and its title,
// header and rows checked. The §4 behaviours (sales switches, customer filter mode, 'Payment for'
// clearing, 'All' in multi-selects) are driven on screen and read back from the request sent.
const slow = { timeout: 30_000 };
const today = dayjs();
const dmy = (d: dayjs.Dayjs) => d.format('DD/MM/YYYY');
const ymd = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

/** Types a DD/MM/YYYY date into the date field labelled `label` and leaves it. */
async function typeDate(scope: Locator, label: string, value: dayjs.Dayjs) {
  const input = scope.getByRole('textbox', { name: label, exact: true });
  await input.fill(dmy(value));
  await input.press('Tab');
}

/** Picks `option` in the select labelled `label`; a multi-select's list is closed afterwards. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await page
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

/** Opens a report from the left list and answers its panel. */
async function openReport(page: Page, name: string): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Report types' })
    .getByRole('link', { name, exact: true })
    .click();
  const panel = page.getByRole('region', { name });
  await expect.poll(() => panel.isVisible(), slow).toBe(true);
  return panel;
}

interface Run {
  name: string;
  data: Buffer;
  /** The filters the screen sent. */
  body: Record<string, unknown>;
}

/**
 * Clicks Generate (then runs `whileRunning`), waits for the download and the 'saved' note naming
 * it; answers the file, its name and the payload that went out.
 */
async function generate(
  page: Page,
  panel: Locator,
  path: string,
  whileRunning?: () => Promise<void>,
): Promise<Run> {
  const [request, download] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/reports/${path}`), slow),
    page.waitForEvent('download', { timeout: 60_000 }),
    panel
      .getByRole('button', { name: 'Generate' })
      .click()
      .then(() => whileRunning?.()),
  ]);
  const name = download.suggestedFilename();
  const note = panel.getByRole('status').filter({ hasText: `Saved ${name}` });
  await expect.poll(() => note.isVisible(), slow).toBe(true);
  return { name, data: readFileSync(await download.path()), body: request.postDataJSON() };
}

/** An xlsx report's common checks: its title, its header (with `column`) and at least one row. */
async function xlsxWithRows(run: Run, title: string, column: string): Promise<ReadReport> {
  const report = await readXlsxReport(run.data);
  expect(report.title).toBe(title);
  expect(report.filters).toMatch(/^Filters: /);
  expect(report.header).toContain(column);
  const data = report.rows.filter((r) => !String(r[0] ?? '').startsWith('Total'));
  expect(data.length, `${title} has rows`).toBeGreaterThan(0);
  return report;
}

/** A CSV report's checks: the header starts with `first` and rows follow. */
async function csvWithRows(run: Run, first: string) {
  const rows = await readCsvReport(run.data);
  expect(rows[0][0]).toBe(first);
  expect(rows.length).toBeGreaterThan(1);
  return rows;
}

describe('reports screen', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  const reportCalls: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken(1);
    page = await signedInPage(browser, 1);
    page.on('request', (r) => {
      // Report runs only (not the rooming filter's accommodation list).
      if (/\/api\/reports\/(?!rooming\/accommodation-list)/.test(r.url()) && r.method() === 'POST')
        reportCalls.push(r.url());
    });
  });
  afterAll(async () => browser?.close());

  it('opens on the rooming report and refuses empty filters with the spec messages', async () => {
    await page.goto(`${e2eUrl()}/reports`);
    const nav = page.getByRole('navigation', { name: 'Report types' });
    await expect.poll(() => nav.getByRole('link').count(), slow).toBe(15); // twelve + TOMS working, Refunds, ATOL APC return (issue #27)
    expect(await page.title()).toMatch(/^Reports · /);
    expect(await nav.getByRole('link', { name: 'Addword Reveue Report' }).count()).toBe(1);
    // Spec 3 §9: rooming is the default report.
    const rooming = nav.getByRole('link', { name: 'Rooming Report' });
    expect(await rooming.getAttribute('aria-current')).toBe('page');
    const panel = page.getByRole('region', { name: 'Rooming Report' });
    await expect.poll(() => panel.isVisible(), slow).toBe(true);
    expect(await panel.getByRole('combobox', { name: 'Order by', exact: true }).inputValue()).toBe(
      'Accommodation',
    );

    // Spec 3 §5: nothing chosen → both 'one of them' messages, and nothing is sent.
    await panel.getByRole('button', { name: 'Generate' }).click();
    for (const message of [
      'Please select booking date or arrival date',
      'Please select arrival date or booking date',
    ])
      await expect.poll(() => panel.getByText(message, { exact: true }).isVisible(), slow).toBe(true);
    // A from date alone asks for its to date.
    await typeDate(panel, 'Booking from date', today.subtract(30, 'day'));
    await panel.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => panel.getByText('Please select booking to date', { exact: true }).isVisible(), slow)
      .toBe(true);
    expect(reportCalls).toEqual([]);
    await screenshot(page, 'reports/rooming-validation');

    // The to picker opens on the from date's month and offers no day before it.
    const from = today.subtract(30, 'day');
    await panel.getByRole('textbox', { name: 'Booking to date', exact: true }).click();
    const day = (d: dayjs.Dayjs) => page.getByRole('button', { name: d.format('D MMMM YYYY'), exact: true });
    await expect.poll(() => day(from).isEnabled(), slow).toBe(true);
    if (from.date() > 1) expect(await day(from.subtract(1, 'day')).isDisabled()).toBe(true);
    await screenshot(page, 'reports/rooming-to-picker');
    await page.keyboard.press('Escape');

    // The list is a keyboard-usable navigation: Enter on a link opens that report in the URL.
    await nav.getByRole('link', { name: 'Day Report' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('type'), slow).toBe('day_report');
    const dayReport = page.getByRole('region', { name: 'Day Report' });
    await dayReport.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => dayReport.getByText('Please select a valid report type', { exact: true }).isVisible(), slow)
      .toBe(true);
    expect(reportCalls).toEqual([]);
  });

  it('rooming: generates with progress, the button disabled while it runs', async () => {
    const panel = await openReport(page, 'Rooming Report');
    await typeDate(panel, 'Booking from date', today.subtract(365, 'day'));
    await typeDate(panel, 'Booking to date', today);
    await panel.getByRole('switch', { name: 'Include pending bookings' }).check();
    // Every state of the panel while the report is made, however quick it is: the button's text,
    // whether it is disabled, and whether the progress bar shows.
    await panel.evaluate((section) => {
      const w = window as unknown as { generateStates: string[] };
      w.generateStates = [];
      new MutationObserver(() => {
        const button = section.querySelector('button[type=submit]') as HTMLButtonElement;
        const bar = section.querySelector('[role=progressbar]') !== null;
        w.generateStates.push(`${button.textContent}|${button.disabled}|${bar}`);
      }).observe(section, { attributes: true, childList: true, subtree: true, characterData: true });
    });
    const run = await generate(page, panel, 'rooming', async () => {
      // A picture of the run in progress when it lasts long enough to take one.
      await panel.getByRole('progressbar').waitFor({ timeout: 20_000 });
      if ((await panel.getByRole('button', { name: 'Generating...' }).count()) === 1)
        await screenshot(page, 'reports/rooming-progress');
    });
    expect(run.name).toBe('rooming-report.xlsx');
    expect(run.body).toMatchObject({
      booking_start_date: ymd(today.subtract(365, 'day')),
      booking_end_date: ymd(today),
      include_cancelled: 'no',
      include_pending: 'yes',
      order_by: 'accommodation',
    });
    const states = await page.evaluate(
      () => (window as unknown as { generateStates: string[] }).generateStates,
    );
    expect(states).toContain('Generating...|true|false');
    // The job id comes with the headers, so the bar shows while the file is still being written.
    expect(states).toContain('Generating...|true|true');
    const bar = panel.getByRole('progressbar', { name: 'Generating Rooming Report' });
    await expect.poll(() => bar.getAttribute('aria-valuenow'), slow).toBe('100');
    expect(await panel.getByRole('button', { name: 'Generate' }).isEnabled()).toBe(true);
    const report = await xlsxWithRows(run, 'Rooming Report', 'Accommodation');
    expect(await bar.getAttribute('aria-valuetext')).toMatch(/^[\d,]+ of [\d,]+$/);
    expect(report.rows.length).toBeGreaterThan(10);
    await screenshot(page, 'reports/rooming-done');
  });

  it('day report (CSV of a date range) and aged debtors, with a refusal from the server', async () => {
    const day = await openReport(page, 'Day Report');
    await choose(page, day, 'Report type', 'CSV (a date range)');
    await typeDate(day, 'Booking from date', today.subtract(30, 'day'));
    await typeDate(day, 'Booking to date', today.subtract(1, 'day'));
    const csv = await generate(page, day, 'daybook');
    expect(csv.name).toBe(
      `Day-Report-${ymd(today.subtract(30, 'day'))}-${ymd(today.subtract(1, 'day'))}.csv`,
    );
    expect(csv.body).toEqual({
      type: 'csv',
      start_date: ymd(today.subtract(30, 'day')),
      end_date: ymd(today.subtract(1, 'day')),
    });
    await csvWithRows(csv, 'Date');

    const debtor = await openReport(page, 'Aged Debtor Report');
    await typeDate(debtor, 'Due from date', today.subtract(90, 'day'));
    await typeDate(debtor, 'Due to date', today.add(90, 'day'));
    // Spec 3 §8: a non-200 shows the server's message as the red notice; field errors at the fields.
    await page.route('**/api/reports/debtor-booking', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          message: 'The report could not be made just now.',
          errors: { from_date: ['Please select a valid due from date'] },
        }),
      }),
    );
    await debtor.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => page.getByText('The report could not be made just now.', { exact: true }).isVisible(), slow)
      .toBe(true);
    await expect
      .poll(() => debtor.getByText('Please select a valid due from date', { exact: true }).isVisible(), slow)
      .toBe(true);
    expect(await debtor.getByRole('button', { name: 'Generate' }).textContent()).toBe('Generate');
    await screenshot(page, 'reports/debtor-refused');
    await page.unroute('**/api/reports/debtor-booking');
    await typeDate(debtor, 'Due from date', today.subtract(120, 'day'));
    const run = await generate(page, debtor, 'debtor-booking');
    expect(run.name).toBe('Debtor-Report.xlsx');
    await xlsxWithRows(run, 'Aged Debtor Report', 'Booking ref');
  });

  it('bonding (all types) and sales with the §4 switches', async () => {
    const bonding = await openReport(page, 'Bonding Report');
    await typeDate(bonding, 'Booking from date', today.subtract(60, 'day'));
    await typeDate(bonding, 'Booking to date', today);
    await bonding.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => bonding.getByText('Please select a valid bonding type', { exact: true }).isVisible(), slow)
      .toBe(true);
    await choose(page, bonding, 'Bonding type', 'All');
    const b = await generate(page, bonding, 'bondingreport');
    expect(b.name).toBe('Bonding-Report.xlsx');
    expect(b.body.bonding_type).toBe('all');
    await xlsxWithRows(b, 'Bonding Report', 'Bonding type');

    const sales = await openReport(page, 'Sales Report');
    const sw = (name: string) => sales.getByRole('switch', { name, exact: true });
    // Spec 3 §9: confirmed by default.
    expect(await sw('Confirmed / paid').isChecked()).toBe(true);
    await sw('Cancelled and pending').check();
    expect(await sw('Confirmed / paid').isChecked()).toBe(false);
    await sw('Cancelled').check();
    expect(await sw('Cancelled and pending').isChecked()).toBe(false);
    await sw('Confirmed / paid').check();
    expect(await sw('Cancelled').isChecked()).toBe(true);
    await sw('Cancelled').uncheck();
    await typeDate(sales, 'Booking from date', today.subtract(60, 'day'));
    await typeDate(sales, 'Booking to date', today);
    await screenshot(page, 'reports/sales');
    const s = await generate(page, sales, 'salesreport');
    expect(s.name).toBe('Sales-Report.xlsx');
    expect(s.body).toMatchObject({
      report_type: 'confirmed',
      include_confirmed: 'yes',
      include_cancelled: 'no',
      include_cancelled_pending: 'no',
    });
    const report = await xlsxWithRows(s, 'Sales Report', 'Margin');
    const statuses = new Set(report.rows.map((r) => r[report.header.indexOf('Status')]));
    statuses.delete(null);
    for (const st of statuses) expect(['Confirmed', 'Paid']).toContain(st);
  });

  it('booking customer detail with the customer filter modes, and the customer report', async () => {
    const found = await apiCall<{ data: { id: number; full_name: string; postcode: string }[] }>(
      token,
      'POST',
      '/customers/filtered/list',
      { search: 'sm' },
    );
    const customer = found.body.data[0];
    const panel = await openReport(page, 'Booking Customer Detail');
    const mode = panel.getByRole('radiogroup', { name: 'Customers' });
    await mode.getByRole('radio', { name: 'Exclude customers' }).check();
    const pickCustomer = async (label: string) => {
      const box = panel.getByRole('combobox', { name: label, exact: true });
      await box.fill(customer.full_name.slice(0, 6));
      await page
        .getByRole('option', { name: new RegExp(`^${customer.full_name}`) })
        .first()
        .click();
    };
    await pickCustomer('Customers to exclude');
    const chosen = panel.getByRole('list', { name: 'Customers to exclude: chosen' });
    await expect.poll(() => chosen.getByRole('listitem').count(), slow).toBe(1);
    // Spec 3 §4: switching to only clears the 'exclude' list (and to all clears both).
    await mode.getByRole('radio', { name: 'Only these customers' }).check();
    expect(await panel.getByRole('list', { name: 'Only these customers: chosen' }).count()).toBe(0);
    await mode.getByRole('radio', { name: 'Exclude customers' }).check();
    expect(await chosen.count()).toBe(0);
    await pickCustomer('Customers to exclude');
    await typeDate(panel, 'Departure from date', today);
    await typeDate(panel, 'Departure to date', today.add(21, 'day'));
    await screenshot(page, 'reports/booking-customer-detail');
    const run = await generate(page, panel, 'departure-customer-details');
    expect(run.name).toBe('Departure-Report.xlsx');
    expect(run.body).toMatchObject({ filterMode: 'exclude', excluded_customer: [customer.id] });
    expect(run.body.only_customer).toBeUndefined();
    await xlsxWithRows(run, 'Booking Customer Detail', 'Booking ref');

    const customers = await openReport(page, 'Customer Report');
    // Spec 3 §9: opt-outs and blacklisted customers are excluded by default.
    expect(
      await customers
        .getByRole('radiogroup', { name: 'Email opt-outs' })
        .getByRole('radio', { name: 'Exclude' })
        .isChecked(),
    ).toBe(true);
    await customers.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => customers.getByText('Please select a valid from date', { exact: true }).isVisible(), slow)
      .toBe(true);
    await typeDate(customers, 'Customer created from date', today.subtract(2, 'year'));
    await customers.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => customers.getByText('Please select a valid to date', { exact: true }).isVisible(), slow)
      .toBe(true);
    await typeDate(customers, 'Customer created to date', today);
    const c = await generate(page, customers, 'customer-detail-report');
    expect(c.name).toBe('Customer-Report.xlsx');
    expect(c.body).toMatchObject({
      opt_out_emails_customer: 'exclude_opt_out',
      opt_out_mailing_customer: 'exclude_opt_out',
      blacklisted_mailing_customer: 'exclude_blacklisted',
      report_with: 'both',
    });
    await xlsxWithRows(c, 'Customer Report', 'Name');
  });

  it('affiliate and revenue reports (revenue failures read "The given data was invalid.")', async () => {
    const fields = await apiCall<{ data: { affiliates: { id: number; name: string }[] } }>(
      token,
      'GET',
      '/reports/fields-data',
    );
    let affiliate: { id: number; name: string } | undefined;
    for (const a of fields.body.data.affiliates) {
      const bookings = await apiCall<{ recordsTotal: number }>(
        token,
        'GET',
        `/affiliates/holiday/${a.id}/bookings?draw=1&start=0&length=1`,
      );
      if (bookings.body.recordsTotal > 0) {
        affiliate = a;
        break;
      }
    }
    if (!affiliate) throw new Error('no demo affiliate with bookings');
    const panel = await openReport(page, 'Affiliate Report');
    await panel.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => panel.getByText('Please select affiliate', { exact: true }).isVisible(), slow)
      .toBe(true);
    await choose(page, panel, 'Affiliate', affiliate.name);
    await typeDate(panel, 'Booking from date', today.subtract(4, 'year'));
    await typeDate(panel, 'Booking to date', today);
    const a = await generate(page, panel, 'affiliate-report');
    expect(a.name).toBe('Affiliate-Report.xlsx');
    expect(a.body.affiliate).toBe(String(affiliate.id));
    await xlsxWithRows(a, 'Affiliate Report', 'Booking ref');

    const revenue = await openReport(page, 'Revenue Report');
    await revenue.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => revenue.getByText('Please select atleast one tour', { exact: true }).isVisible(), slow)
      .toBe(true);
    await choose(page, revenue, 'Tours', 'All');
    await expect.poll(() => revenue.getByText(/^All \(\d+\)$/).isVisible(), slow).toBe(true);
    await typeDate(revenue, 'Departure from date', today.subtract(90, 'day'));
    await typeDate(revenue, 'Departure to date', today);
    await page.route('**/api/reports/revenue-report', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Something else went wrong.' }),
      }),
    );
    await revenue.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => page.getByText('The given data was invalid.', { exact: true }).isVisible(), slow)
      .toBe(true);
    expect(await page.getByText('Something else went wrong.').count()).toBe(0);
    await screenshot(page, 'reports/revenue-failed');
    await page.unroute('**/api/reports/revenue-report');
    const r = await generate(page, revenue, 'revenue-report');
    expect(r.name).toBe('Revenue-Report.xlsx');
    const tours = await apiCall<{ data: unknown[] }>(token, 'GET', '/tours?show_suppressed=1');
    expect((r.body.selected_tours as number[]).length).toBe(tours.body.data.length);
    await xlsxWithRows(r, 'Revenue Report', 'Departure');
  });

  it("payment report ('Payment for' clears the parties), addword revenue and airline costing", async () => {
    const panel = await openReport(page, 'Payment Report');
    await choose(page, panel, 'Suppliers', 'All');
    await expect.poll(() => panel.getByText(/^All \(\d+\)$/).isVisible(), slow).toBe(true);
    // Spec 3 §4: changing 'Payment for' clears the supplier, tour manager and affiliate choices.
    await choose(page, panel, 'Payment for', 'Affiliate');
    await expect.poll(() => panel.getByRole('combobox', { name: 'Affiliates' }).isVisible(), slow).toBe(true);
    expect(await panel.getByText(/^All \(\d+\)$/).count()).toBe(0);
    expect(await panel.getByRole('textbox', { name: 'Placement from date' }).count()).toBe(1);
    await choose(page, panel, 'Payment for', 'Supplier');
    expect(await panel.getByText(/^All \(\d+\)$/).count()).toBe(0);
    await choose(page, panel, 'Suppliers', 'All');
    await screenshot(page, 'reports/payment');
    const p = await generate(page, panel, 'payment-report');
    expect(p.name).toBe('Payment-Report.xlsx');
    expect(p.body.report_for).toBe('supplier');
    expect((p.body.supplier_id as number[]).length).toBeGreaterThan(1);
    expect(p.body.affiliates_id).toBeUndefined();
    await xlsxWithRows(p, 'Payment Report', 'Invoice number');

    const addword = await openReport(page, 'Addword Reveue Report');
    await choose(page, addword, 'Affiliates', 'All');
    const w = await generate(page, addword, 'addword-revenue-report');
    expect(w.name).toBe('Addword-Revenue-Report.xlsx');
    await xlsxWithRows(w, 'Addword Revenue Report', 'Affiliate');

    const airline = await openReport(page, 'Airline Costing Report');
    await typeDate(airline, 'Booking from date', today.subtract(180, 'day'));
    await typeDate(airline, 'Booking to date', today);
    const c = await generate(page, airline, 'airline-costing-report');
    expect(c.name).toBe('Airline-Costing-Report.csv');
    expect(c.body).toEqual({ booking_start: ymd(today.subtract(180, 'day')), booking_end: ymd(today) });
    await csvWithRows(c, 'Airline');
    await screenshot(page, 'reports/airline-costing-done');
  });

  it('refunds (a cancelled date range) and the ATOL APC return (a quarter), issue #27', async () => {
    const refunds = await openReport(page, 'Refunds');
    await refunds.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(() => refunds.getByText('Please select a cancelled from date', { exact: true }).isVisible(), slow)
      .toBe(true);
    await typeDate(refunds, 'Cancelled from date', today.subtract(365, 'day'));
    await typeDate(refunds, 'Cancelled to date', today);
    const r = await generate(page, refunds, 'refunds');
    expect(r.name).toBe('Refunds-Report.xlsx');
    expect(r.body).toEqual({ cancelledFrom: ymd(today.subtract(365, 'day')), cancelledTo: ymd(today) });
    const rr = await readXlsxReport(r.data);
    expect(rr.title).toBe('Refunds');
    expect(rr.header).toEqual(expect.arrayContaining(['Due by', 'Refunded on', 'Days taken', 'Late?']));

    const apc = await openReport(page, 'ATOL APC Return');
    const quarter = `Q${Math.ceil((today.month() + 1) / 3)} ${today.year()}`;
    await choose(page, apc, 'Period', new RegExp(`^${quarter} `));
    await screenshot(page, 'reports/atol-apc-return');
    const a = await generate(page, apc, 'atol-apc-return');
    expect(a.body).toEqual({ period: `${today.year()}-Q${Math.ceil((today.month() + 1) / 3)}` });
    expect(a.name).toBe(`ATOL-APC-Return-${a.body.period}.xlsx`);
    const ar = await readXlsxReport(a.data);
    expect(ar.title).toBe('ATOL APC Return');
    expect(ar.filters).toMatch(/ATOL number: .* · Period: Q\d \d{4} .* · APC due: £/);
  });
});
