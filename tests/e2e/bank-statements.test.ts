import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankCsv, CSV_MAPPING } from '../helpers/bank-files';
import { loadBooking, openCard } from '../helpers/booking-screen';
import { launchBrowser, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';
import { bookOffer, dmy, findOffer } from '../helpers/offers';

// Issue #26: a member of staff imports the bank's CSV, reviews what matched, confirms all matched
// lines and sees the BACS payment on the booking.
const slow = { timeout: 30_000 };
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, slow);
const SHOTS = '/tmp/i26b-shots';

async function shot(page: Page, name: string) {
  await screenshotFromTop(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(path.join(process.cwd(), 'screenshots', `${name}.png`), path.join(SHOTS, `${name}.png`));
}

describe('bank statements: import, review, confirm, see the payment', () => {
  let browser: Browser;
  let admin: string;
  let ids: number[];
  let refs: string[];
  let groupLabel: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
    // Two bookings of this test's own on demo departures, each owing its total.
    const offer = await findOffer(admin);
    ids = [await bookOffer(admin, offer), await bookOffer(admin, offer)];
    refs = await Promise.all(ids.map(async (id) => (await loadBooking(admin, id)).booking_ref as string));
    const group = await apiCall<{ data: { tourGroup: { start_date: string } } }>(
      admin,
      'GET',
      `/tours/groups/${offer.instance.tour_group_id}`,
    );
    groupLabel = `${offer.tour.name} — ${dmy(group.body.data.tourGroup.start_date)}`;
    await apiCall(admin, 'POST', '/bank-statements/csv-mappings', { ...CSV_MAPPING, bank_name: 'E2E Bank' });
  });
  afterAll(async () => browser?.close());

  it('role 1 imports a CSV, confirms all matched and finds the payment on the booking', async () => {
    const stamp = Date.now() % 100000;
    const csv = bankCsv([
      {
        id: '',
        date: '2027-03-05',
        amount: '100.00',
        reference: `HOLIDAY ${refs[0]} DEPOSIT ${stamp}`,
        payer: 'MRS A PAYER',
      },
      {
        id: '',
        date: '2027-03-05',
        amount: '50.00',
        reference: `${refs[1].toLowerCase()} ${stamp}`,
        payer: 'MR B PAYER',
      },
      { id: '', date: '2027-03-06', amount: '-18.40', reference: `CARD FEE ${stamp}`, payer: 'BANK' },
      { id: '', date: '2027-03-06', amount: '12.34', reference: `INTEREST ${stamp}`, payer: 'BANK' },
      { id: '', date: '2027-03-07', amount: '25.00', reference: `GIFT ${stamp}`, payer: 'A FRIEND' },
    ]);
    const page = await signedInPage(browser, 1);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${e2eUrl()}/bank-statements`);
    await poll(() => page.getByRole('heading', { name: 'Bank statements' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Import statement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a bank statement' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'march.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.getByRole('combobox', { name: 'Bank (CSV column mapping)' }).click();
    await page.getByRole('option', { name: 'E2E Bank' }).click();
    await shot(page, 'bank-import-dialog');
    await dialog.getByRole('button', { name: 'Import' }).click();

    // The review: two matched, two unmatched, one debit.
    await poll(() => page.getByRole('heading', { name: 'Bank statement: march.csv' }).isVisible()).toBe(true);
    const table = page.getByRole('table', { name: 'Statement lines' });
    await poll(() => table.getByText('Matched', { exact: true }).count()).toBe(2);
    await poll(() => table.getByText('Debit', { exact: true }).count()).toBe(1);
    await shot(page, 'bank-review');

    await page.getByRole('button', { name: 'Confirm all matched (2)' }).click();
    await poll(() => page.getByText('2 payments recorded.').isVisible()).toBe(true);
    await poll(() => table.getByText('Recorded', { exact: true }).count()).toBe(2);
    await poll(() => table.getByText('£100.00 by BACS').isVisible()).toBe(true);
    await shot(page, 'bank-recorded');

    // A cheque split across the group's bookings: the bookings owing, the proposal, the total.
    await table
      .getByRole('row', { name: /INTEREST/ })
      .getByRole('button', { name: 'Split…' })
      .click();
    const split = page.getByRole('dialog', { name: /^Split £12\.34/ });
    await split.getByRole('combobox', { name: 'Agent or tour group' }).fill(groupLabel.replace(' — ', ' '));
    await page.getByRole('option', { name: `Group: ${groupLabel}` }).click();
    await poll(() => split.getByRole('textbox', { name: `Allocate to ${refs[1]}` }).isVisible()).toBe(true);
    // Staff decide the split: the proposal (oldest balance due first) cleared, £6 and £6.34 typed.
    for (const box of await split.getByRole('textbox', { name: /^Allocate to / }).all()) await box.fill('');
    await split.getByRole('textbox', { name: `Allocate to ${refs[0]}` }).fill('6');
    await poll(() => split.getByText("The split adds up to £6.00, not the line's £12.34.").isVisible()).toBe(
      true,
    );
    await split.getByRole('textbox', { name: `Allocate to ${refs[1]}` }).fill('6.34');
    await poll(() => split.getByText('Allocated £12.34 of £12.34').isVisible()).toBe(true);
    await shot(page, 'bank-split');
    await split.getByRole('button', { name: 'Record 2 payments' }).click();
    await poll(() => table.getByText('Recorded', { exact: true }).count()).toBe(3);
    await poll(() => table.getByText('£6.34 by BACS').isVisible()).toBe(true);

    // A line whose reference names no booking, recorded against one chosen by hand.
    await table.getByRole('row', { name: /GIFT/ }).getByRole('button', { name: 'Choose booking…' }).click();
    const choose = page.getByRole('dialog', { name: /^Record £25\.00 from A FRIEND against a booking/ });
    await choose.getByRole('textbox', { name: "Booking reference or customer's surname" }).fill(refs[1]);
    const found = choose.getByRole('table', { name: 'Bookings found' });
    await poll(() => found.getByRole('row', { name: new RegExp(refs[1]) }).isVisible()).toBe(true);
    await shot(page, 'bank-choose-booking');
    await found.getByRole('button', { name: `Record this line against ${refs[1]}` }).click();
    await poll(() => table.getByText('Recorded', { exact: true }).count()).toBe(4);
    await poll(() => table.getByText('£25.00 by BACS').isVisible()).toBe(true);

    // The payment is on the booking, named by the line's reference.
    await table.getByRole('link', { name: refs[0] }).first().click();
    await poll(() => page.getByRole('heading', { name: /^Booking #/ }).isVisible()).toBe(true);
    const receipts = await openCard(page, 'Receipts');
    await poll(() =>
      receipts.getByRole('table', { name: 'Receipts' }).getByText('BACS').first().isVisible(),
    ).toBe(true);
    await shot(page, 'bank-booking-receipt');
    const booking = await loadBooking(admin, ids[0]);
    expect(booking.payments.map((p) => [p.payment_method, p.payment_amount])).toEqual([
      ['bacs', '100.00'],
      ['bacs', '6.00'],
    ]);
  });

  it('role 2 sees the statements but may not import', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/bank-statements`);
    await poll(() => page.getByRole('heading', { name: 'Bank statements' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Import statement' }).count()).toBe(0);
  });
});
