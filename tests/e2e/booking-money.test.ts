import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure, loadBooking, openCard } from '../helpers/booking-screen';
import { launchBrowser, screenshotFromTop } from '../helpers/browser';
import { gbp, p } from '../helpers/by-hand';
import { apiToken, e2eUrl, signedInPage } from '../helpers/e2e';
import { bookOffer, findOffer } from '../helpers/offers';

// Issue #10, the money holes, repeated as the member of staff met them on a booking of their own:
// a typed minus sign refused at the field (not recorded as a receipt); an overpayment asked about
// first and then shown as credit; a mistaken receipt voided with a reason (kept, struck through);
// a refund by the Refund switch, never more than was paid; a cancellation with the charge waived
// (0.00) showing the refund due instead of billing the full price. Role 2 may not void.
const slow = { timeout: 20_000 };
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, slow);

/** Fills Record a transaction: method, amount, the Refund switch; then presses the button. */
async function record(page: Page, method: string, amount: string, { refund = false } = {}) {
  const form = page.getByRole('form', { name: 'Record a transaction' });
  await form.getByRole('combobox', { name: 'Payment method' }).click();
  await page.getByRole('option', { name: method, exact: true }).click();
  const refundSwitch = form.getByRole('switch', { name: 'Refund' });
  if ((await refundSwitch.isChecked()) !== refund) await refundSwitch.click({ force: true });
  const amountBox = form.getByRole('textbox', { name: refund ? 'Refund amount' : 'Amount' });
  await amountBox.fill(amount);
  await form.getByRole('button', { name: refund ? 'Record refund' : 'Record transaction' }).click();
  return form;
}

describe('booking money: minus signs, overpayments, voids, refunds, waived charges', () => {
  let browser: Browser;
  let admin: string;
  let id: number;
  let due: bigint;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
    // A booking of this test's own: a demo customer, two guests in one room of an open departure.
    const offer = await findOffer(admin);
    id = await bookOffer(admin, offer);
    due = p((await loadBooking(admin, id)).totals.total_due);
    expect(due).toBeGreaterThan(0n);
  });
  afterAll(async () => browser?.close());

  it('role 1: -400 is refused at the field; 5,000 asks first and shows credit; a void takes it back; a refund is capped; a waived charge shows the refund due', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/bookings/edit/${id}`);
    await poll(() => page.getByRole('heading', { name: /^Booking #/ }).isVisible()).toBe(true);
    await openCard(page, 'Record a transaction');

    // 1. A typed minus sign stays as typed and is refused at the field; nothing is recorded.
    let form = await record(page, 'BACS', '-400');
    await poll(() => form.getByText('Amount must be more than 0.').isVisible()).toBe(true);
    expect(await form.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('-£400');
    expect((await loadBooking(admin, id)).payments).toHaveLength(0);

    // 3. An overpayment asks first with the amount beyond the balance; Cancel records nothing.
    const over = 500_000n - due;
    await form.getByRole('textbox', { name: 'Amount' }).fill('5000');
    await form.getByRole('button', { name: 'Record transaction' }).click();
    const question = page.getByRole('dialog', { name: 'Overpayment' });
    await poll(() => question.isVisible()).toBe(true);
    expect(await question.innerText()).toContain(
      `This is ${gbp(over)} more than the balance. Record it as an overpayment?`,
    );
    await screenshotFromTop(page, 'booking-money-overpayment-question');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => question.isVisible()).toBe(false);
    expect((await loadBooking(admin, id)).payments).toHaveLength(0);
    // Confirmed: recorded, and the booking shows it is in credit by that much.
    await form.getByRole('button', { name: 'Record transaction' }).click();
    await question.getByRole('button', { name: 'Record overpayment' }).click();
    await poll(() => page.getByTestId('figure-in-credit').isVisible()).toBe(true);
    expect(await page.getByTestId('figure-in-credit').innerText()).toBe(gbp(over));
    await openCard(page, 'Accounts');
    expect(await figure(page, 'Accounts', 'In credit')).toBe(gbp(over));
    expect(await figure(page, 'Accounts', 'Balance')).toBe('£0.00');
    expect((await loadBooking(admin, id)).totals).toMatchObject({ credit: (Number(over) / 100).toFixed(2) });

    // 4. The mistaken receipt is voided with a reason: kept, struck through, paid back to 0.
    const receipts = await openCard(page, 'Receipts');
    await receipts.getByRole('button', { name: /^Void receipt £5,000\.00 by BACS/ }).click();
    const voidDialog = page.getByRole('dialog', { name: 'Void receipt' });
    await voidDialog.getByRole('button', { name: 'Void receipt' }).click();
    await poll(() => voidDialog.getByText('Reason is required.').isVisible()).toBe(true);
    await voidDialog.getByRole('textbox', { name: 'Reason' }).fill('Meant for another booking');
    await voidDialog.getByRole('button', { name: 'Void receipt' }).click();
    await poll(() => voidDialog.isVisible()).toBe(false);
    await poll(() => receipts.getByText(/: Meant for another booking$/).isVisible()).toBe(true);
    await poll(() => figure(page, 'Accounts', 'Paid')).toBe('£0.00');
    expect(await figure(page, 'Accounts', 'Balance')).toBe(gbp(due));
    const voided = receipts.locator('tr[data-voided]');
    expect(await voided.count()).toBe(1);
    expect(
      await voided
        .locator('td')
        .nth(3)
        .evaluate((td) => getComputedStyle(td).textDecorationLine),
    ).toBe('line-through');

    // 4. A refund by the Refund switch on any method: never more than has been paid.
    form = await record(page, 'Cash', '300');
    await poll(() => figure(page, 'Accounts', 'Paid')).toBe('£300.00');
    form = await record(page, 'Cash', '500', { refund: true });
    await poll(() =>
      form.getByText('A refund cannot be more than has been paid (£300.00).').isVisible(),
    ).toBe(true);
    await form.getByRole('textbox', { name: 'Refund amount' }).fill('100');
    await form.getByRole('button', { name: 'Record refund' }).click();
    await poll(() => figure(page, 'Accounts', 'Paid')).toBe('£200.00');
    await screenshotFromTop(page, 'booking-money-receipts');

    // 5. Cancel with the charge waived (0.00): nothing billed, the £200.00 paid is due back.
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel booking' });
    await cancel.getByRole('textbox', { name: 'Cancellation charge' }).fill('0.00');
    await cancel.getByRole('button', { name: 'OK', exact: true }).click();
    await poll(() => page.getByTestId('figure-refund-due').isVisible()).toBe(true);
    expect(await page.getByTestId('figure-refund-due').innerText()).toBe('£200.00');
    expect(await figure(page, 'Accounts', 'Refund due')).toBe('£200.00');
    expect(await page.locator('[aria-label="Accounts"] [data-charge]').innerText()).toBe('£0.00 (waived)');
    expect((await loadBooking(admin, id)).totals).toMatchObject({
      cancellation_value: '0.00',
      refund_due: '200.00',
    });
    await screenshotFromTop(page, 'booking-money-cancelled-waived');
    await page.context().close();
  });

  it('role 2 sees the receipts but is not offered Void', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/bookings/edit/${id}`);
    await poll(() => page.getByRole('heading', { name: /^Booking #/ }).isVisible()).toBe(true);
    const receipts = await openCard(page, 'Receipts');
    await poll(() => receipts.getByRole('table', { name: 'Receipts' }).isVisible()).toBe(true);
    expect(await receipts.getByRole('button', { name: /^Void receipt/ }).count()).toBe(0);
    await page.context().close();
  });
});
