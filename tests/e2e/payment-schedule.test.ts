import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, londonToday, ukDate } from '../../src/shared/dates';
import { type PaymentStage, scheduleText, stageParts } from '../../src/shared/payment-schedule';
import { loadBooking, openCard } from '../helpers/booking-screen';
import { launchBrowser, screenshotFromTop } from '../helpers/browser';
import { apiToken, e2eUrl, signedInPage } from '../helpers/e2e';
import { bookOffer, findOffer, type Offer } from '../helpers/offers';

// Issue #22 point 1, as the member of staff met it: a booking taken inside the balance window (the
// departure less than 84 days away) showed 'Balance due' today and 'Deposit due' a week later,
// and the deposit stayed 'due' after it was paid. Now the booking screen shows the payment
// schedule's stages from the one rule: inside the window the whole amount is due now with no
// deposit stage; a booking further out shows 'Deposit £… paid DD/MM/YYYY' once the deposit is in.
const slow = { timeout: 20_000 };
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, slow);

/** Fills Record a transaction (BACS) with `amount` and records it. */
async function recordPayment(page: Page, amount: string) {
  const form = page.getByRole('form', { name: 'Record a transaction' });
  await form.getByRole('combobox', { name: 'Payment method' }).click();
  await page.getByRole('option', { name: 'BACS', exact: true }).click();
  await form.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await form.getByRole('button', { name: 'Record transaction' }).click();
}

/** The stages as the screen lays them out: 'what' as the label, then 'when' and the note. */
const onScreen = (stages: PaymentStage[]) =>
  stages.map((st) => {
    const p = stageParts(st);
    return [p.what, p.when, p.note].filter(Boolean).join(' ');
  });

/** The payment schedule as the screen shows it: one 'what when' line per stage. */
async function shownSchedule(page: Page): Promise<string[]> {
  const stages = page.locator('[aria-label="Payment schedule"] [data-stage]');
  const out: string[] = [];
  for (let i = 0; i < (await stages.count()); i++) {
    const stage = stages.nth(i);
    const label = await stage.locator('[data-figure]').getAttribute('data-figure');
    const when = await stage.locator('[data-value]').innerText();
    const note = stage.locator('[data-note]');
    out.push([label, when, (await note.count()) ? await note.innerText() : null].filter(Boolean).join(' '));
  }
  return out;
}

describe('the payment schedule on the booking screen', () => {
  let browser: Browser;
  let admin: string;
  const today = londonToday();

  const book = (offer: Offer) => bookOffer(admin, offer);

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
  });
  afterAll(async () => browser?.close());

  it('inside the balance window: the whole amount is due today, no deposit stage, and what was paid shows against it', async () => {
    const offer = await findOffer(admin, 2, { fromDays: 30, toDays: 83 });
    const id = await book(offer);
    let b = await loadBooking(admin, id);
    expect(b.balance_due).toBe(today);
    expect(b.deposit_due).toBeNull();

    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/bookings/edit/${id}`);
    await poll(() => page.getByRole('heading', { name: /^Booking #/ }).isVisible()).toBe(true);
    await openCard(page, 'Record a transaction');
    await recordPayment(page, '200');
    await poll(async () => (await loadBooking(admin, id)).paid).toBe('200.00');
    b = await loadBooking(admin, id);
    const [full] = b.payment_schedule;
    expect(full.kind).toBe('full');
    expect(scheduleText(b.payment_schedule)[0]).toMatch(
      new RegExp(`^Full amount £[\\d,.]+ due by ${ukDate(today)} \\(£200\\.00 paid, £[\\d,.]+ to pay\\)$`),
    );
    await poll(() => shownSchedule(page)).toEqual(onScreen(b.payment_schedule));
    expect(
      await page
        .locator('[aria-label="Payment schedule"]')
        .getByText(/^Deposit/)
        .count(),
    ).toBe(0);
    await openCard(page, 'Accounts');
    await screenshotFromTop(page, 'i22-payment-schedule-inside-window');
    await page.context().close();
  });

  it('further out: the deposit paid reads "Deposit £… paid <today>", the balance 84 days before departure', async () => {
    const offer = await findOffer(admin);
    const id = await book(offer);
    let b = await loadBooking(admin, id);
    const balanceDue = addDays(offer.instance.departure_date, -84);
    expect(b.balance_due).toBe(balanceDue);
    expect(b.deposit_due).toBe(addDays(today, 7));

    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/bookings/edit/${id}`);
    await poll(() => page.getByRole('heading', { name: /^Booking #/ }).isVisible()).toBe(true);
    const [deposit] = b.payment_schedule;
    expect(deposit.kind).toBe('deposit');
    await poll(() => shownSchedule(page)).toEqual(onScreen(b.payment_schedule));

    await openCard(page, 'Record a transaction');
    await recordPayment(page, deposit.amount);
    await poll(async () => (await loadBooking(admin, id)).paid).toBe(deposit.amount);
    b = await loadBooking(admin, id);
    expect(scheduleText(b.payment_schedule)[0]).toMatch(
      new RegExp(`^Deposit £[\\d,.]+ paid ${ukDate(today)}$`),
    );
    await poll(() => shownSchedule(page)).toEqual(onScreen(b.payment_schedule));
    await openCard(page, 'Accounts');
    await screenshotFromTop(page, 'i22-payment-schedule-deposit-paid');
    await page.context().close();
  });
});
