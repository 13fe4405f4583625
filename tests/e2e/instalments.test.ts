import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates';
import { defaultInstalments } from '../../src/shared/instalments';
import { type PaymentStage, stageParts } from '../../src/shared/payment-schedule';
import { loadBooking, openCard } from '../helpers/booking-screen';
import { launchBrowser, screenshotFromTop } from '../helpers/browser';
import { apiToken, e2eUrl, signedInPage } from '../helpers/e2e';
import { bookOffer, findOffer } from '../helpers/offers';

// Issue #26, as a member of staff meets it: a demo booking's balance split into 3 instalments on
// the booking screen — the equal split proposed by the shared rule, an amount changed so the total
// no longer adds up (refused at the form with the rule's message), put right, saved — then the
// payment schedule shows Instalment 1 of 3 … 3 of 3, the last on the balance due date. Role 2 sees
// the same schedule without the buttons. Screenshots also go to /tmp/i26c-shots/.
const slow = { timeout: 20_000 };
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, slow);
const SHOTS = '/tmp/i26c-shots';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The payment schedule as the screen shows it: one 'what when' line per stage. */
async function shownSchedule(page: Page): Promise<string[]> {
  const stages = page.locator('[aria-label="Payment schedule"] [data-stage]');
  const out: string[] = [];
  for (let i = 0; i < (await stages.count()); i++) {
    const stage = stages.nth(i);
    const label = await stage.locator('[data-figure]').getAttribute('data-figure');
    out.push(`${label} ${await stage.locator('[data-value]').innerText()}`);
  }
  return out;
}
const onScreen = (stages: PaymentStage[]) => stages.map((s) => `${stageParts(s).what} ${stageParts(s).when}`);

describe('instalments on the booking screen', () => {
  let browser: Browser;
  let admin: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
  });
  afterAll(async () => browser?.close());

  it("splits a demo booking's balance into 3 and shows them in the payment schedule; role 2 reads them", async () => {
    const offer = await findOffer(admin);
    const id = await bookOffer(admin, offer);
    const before = await loadBooking(admin, id);
    const plan = before.instalment_plan;
    expect(plan?.balance_due).toBe(addDays(offer.instance.departure_date, -84));
    const proposed = defaultInstalments(
      plan?.balance as string,
      3,
      plan?.balance_due as string,
      plan?.not_before as string,
    );

    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/bookings/edit/${id}`);
    await poll(() => page.getByRole('heading', { name: /^Booking #/ }).isVisible()).toBe(true);
    await openCard(page, 'Accounts');
    await page.getByRole('button', { name: 'Split into instalments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Instalments' });
    await dialog.waitFor(slow);
    // The proposal: 3 by default, the equal split of the shared rule.
    const amounts = dialog.getByRole('textbox', { name: /^Instalment \d of 3 amount$/ });
    await poll(() => amounts.count()).toBe(3);
    await poll(() => amounts.nth(2).inputValue()).toBe(
      `£${Number(proposed[2].amount).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
    );
    await shot(page, 'instalments-dialog-proposed');

    // An amount changed so the plan no longer adds up: refused with the rule's message.
    await amounts.nth(0).fill('1');
    await dialog.getByRole('button', { name: 'Save instalments' }).click();
    await poll(() => dialog.getByRole('alert').innerText()).toMatch(
      /^The instalments add up to £[\d,.]+; they must add up to the balance of/,
    );
    await shot(page, 'instalments-dialog-refused');
    // Put right: the last takes the difference.
    const rest = (Number(plan?.balance) * 100 - 100 - Number(proposed[1].amount) * 100) / 100;
    await amounts.nth(2).fill(rest.toFixed(2));
    await dialog.getByRole('button', { name: 'Save instalments' }).click();
    await poll(() => dialog.isVisible()).toBe(false);

    await poll(async () => (await loadBooking(admin, id)).instalment_plan?.instalments.length).toBe(3);
    const after = await loadBooking(admin, id);
    expect(after.instalment_plan?.instalments.map((p) => p.amount)).toEqual([
      '1.00',
      proposed[1].amount,
      rest.toFixed(2),
    ]);
    expect(after.payment_schedule.map((s) => s.label)).toEqual([
      'Deposit',
      'Instalment 1 of 3',
      'Instalment 2 of 3',
      'Instalment 3 of 3',
    ]);
    expect(after.payment_schedule.at(-1)?.due).toBe(plan?.balance_due);
    await poll(() => shownSchedule(page)).toEqual(onScreen(after.payment_schedule));
    await expect(page.getByRole('button', { name: 'Change instalments' })).toBeTruthy();
    await screenshotFromTop(page, 'i26-instalments-schedule');
    await page.locator('[aria-label="Payment schedule"]').scrollIntoViewIfNeeded();
    await shot(page, 'instalments-schedule');
    await page.context().close();

    const accountant = await signedInPage(browser, 2);
    await accountant.goto(`${e2eUrl()}/bookings/edit/${id}`);
    await poll(() => accountant.getByRole('heading', { name: /^Booking #/ }).isVisible()).toBe(true);
    await openCard(accountant, 'Accounts');
    await poll(() => shownSchedule(accountant)).toEqual(onScreen(after.payment_schedule));
    expect(await accountant.getByRole('button', { name: /instalments/ }).count()).toBe(0);
    await shot(accountant, 'instalments-role-2');
    await accountant.context().close();
  });
});
