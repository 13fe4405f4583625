import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBooking, openCard } from '../helpers/booking-screen';
import { launchBrowser, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';
import { bookOffer, findOffer } from '../helpers/offers';

// Issue #26 as a member of staff meets it: the rules under Settings (the four shipped, one added,
// changed and deleted), today's reminders on the Dashboard with who gets what, 'Send now' sending
// them (and a reminder sent is no longer due), and the booking screen's switch that pauses them.
const slow = { timeout: 20_000 };
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, slow);

const SHOTS = '/tmp/i26a-shots';
async function shot(page: Page, name: string) {
  await screenshotFromTop(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(path.join(process.cwd(), 'screenshots', `${name}.png`), path.join(SHOTS, `${name}.png`));
}

describe('payment reminders', () => {
  let browser: Browser;
  let admin: string;
  let bookingId: number;
  let reference: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
    // Booked inside the balance window: the whole amount is due today, so 'On the day' is due now.
    bookingId = await bookOffer(admin, await findOffer(admin, 2, { fromDays: 30, toDays: 83 }));
    reference = (await loadBooking(admin, bookingId)).booking_ref as string;
  });
  afterAll(async () => browser?.close());

  it('Settings lists the shipped rules; a rule is added, changed and deleted from the screen', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/settings`);
    await page.getByRole('link', { name: 'Manage Payment Reminders' }).click();
    await page.getByRole('heading', { name: 'Payment reminders', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Payment reminders' });
    await table.getByText('7 days after, then every 7 days, 4 times at most').waitFor();
    for (const when of ['14 days before', '3 days before', 'On the day'])
      await table.getByText(when, { exact: true }).first().waitFor();
    // The preview of today's run lists the booking due today.
    const preview = page.getByRole('region', { name: 'Preview: reminders due today' });
    await preview.getByRole('link', { name: reference }).waitFor();
    await shot(page, 'payment-reminders-settings');
    await preview.screenshot({ path: path.join(SHOTS, 'payment-reminders-preview-panel.png') });
    await table.screenshot({ path: path.join(SHOTS, 'payment-reminders-rules-table.png') });

    await page.getByRole('link', { name: 'New reminder rule' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Two days late (e2e)');
    await page.getByRole('combobox', { name: 'When' }).click();
    await page.getByRole('option', { name: 'Days after the due date (overdue)' }).click();
    await page.getByRole('textbox', { name: 'Days after' }).fill('2');
    await page.getByRole('textbox', { name: 'Then every (days)' }).fill('5');
    await page.getByRole('combobox', { name: 'Email template' }).click();
    await page.getByRole('option', { name: 'Payment reminder: overdue' }).click();
    await page.getByRole('button', { name: 'Create rule' }).click();
    // A repeat must say how many times: the shared schema's message at the field.
    await page.getByText('Say how many times at most.').waitFor();
    await page.getByRole('textbox', { name: 'At most (times in all)' }).fill('2');
    await page.getByRole('switch', { name: 'Active' }).uncheck({ force: true });
    await page.getByText('Sends: 2 days after, then every 5 days, 2 times at most').waitFor();
    await shot(page, 'payment-reminders-rule-form');
    await page.getByRole('button', { name: 'Create rule' }).click();
    await page.getByRole('heading', { name: 'Payment reminders', level: 1 }).waitFor();
    const row = table.getByRole('row', { name: /Two days late \(e2e\)/ });
    await row.getByText('2 days after, then every 5 days, 2 times at most').waitFor();
    await row.getByText('Off').waitFor();

    await row.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'At most (times in all)' }).fill('3');
    await page.getByRole('button', { name: 'Update rule' }).click();
    await page.getByText('Reminder rule updated successfully.').waitFor();
    await page.goBack();
    await row.getByText('2 days after, then every 5 days, 3 times at most').waitFor();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await poll(() => row.count()).toBe(0);
    await page.close();
  });

  it('the Dashboard shows who would get what today; Send now sends it once and it is no longer due', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/dashboard`);
    const panel = page.getByRole('region', { name: 'Reminders due today' });
    await panel.getByRole('button', { name: 'Send now' }).waitFor();
    // The Dashboard lists the first ten; the rest are with the rules.
    await panel.getByRole('link', { name: 'see them all with the rules' }).click();
    await page.getByRole('heading', { name: 'Payment reminders', level: 1 }).waitFor();
    await page.goBack();
    const mine = panel.getByRole('row', { name: new RegExp(reference) });
    if ((await panel.getByRole('link', { name: 'see them all with the rules' }).count()) > 0) {
      // Ours may be past the first ten on the demo: its row is checked on the full preview.
      await page.goto(`${e2eUrl()}/settings/payment-reminders`);
    }
    const list = page.getByRole('region', { name: /reminders due today/i });
    const row = list.getByRole('row', { name: new RegExp(reference) });
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(/On the day\s+Full amount\s+£[\d,]+\.\d\d/);
    await page.goto(`${e2eUrl()}/dashboard`);
    await panel.getByText(/to send/).waitFor();
    await panel.screenshot({ path: path.join(SHOTS, 'payment-reminders-dashboard-panel.png') });
    await shot(page, 'payment-reminders-dashboard');

    await panel.getByRole('button', { name: 'Send now' }).click();
    // Send now sends every reminder due on the shared demo server (a hundred or more), not just ours.
    await panel.getByText(/^Sent \d+ reminders?/).waitFor({ timeout: 120_000 });
    await poll(() => mine.count()).toBe(0);
    await panel.screenshot({ path: path.join(SHOTS, 'payment-reminders-sent-panel.png') });
    await shot(page, 'payment-reminders-sent');
    await page.goto(`${e2eUrl()}/settings/payment-reminders`);
    await list.getByText(/to send/).waitFor();
    expect(await row.count()).toBe(0);
    expect(await mine.count()).toBe(0);
    const sent = await apiCall<{ sent: { rule_name: string }[] }>(
      admin,
      'GET',
      `/payment-reminders/bookings/${bookingId}`,
    );
    expect(sent.body.sent.map((s) => s.rule_name)).toEqual(['On the day']);
    await page.close();
  }, 180_000);

  it('the booking screen pauses and resumes its reminders', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/bookings/edit/${bookingId}`);
    const card = await openCard(page, 'Accounts');
    const control = card.locator('[aria-label="Payment reminders"]');
    await control.getByText(/^1 sent, last \d\d\/\d\d\/\d{4}$/).waitFor();
    const toggle = control.getByRole('switch', { name: 'Send payment reminders' });
    expect(await toggle.isChecked()).toBe(true);
    // The switch shows the server's state: it turns once the pause is saved.
    await toggle.click({ force: true });
    await control.getByText(/^Paused by .+ on \d\d\/\d\d\/\d{4}/).waitFor();
    await control.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'payment-reminders-booking-paused.png') });
    const state = await apiCall<{ paused: boolean }>(
      admin,
      'GET',
      `/payment-reminders/bookings/${bookingId}`,
    );
    expect(state.body.paused).toBe(true);
    await toggle.click({ force: true });
    await poll(
      async () =>
        (await apiCall<{ paused: boolean }>(admin, 'GET', `/payment-reminders/bookings/${bookingId}`)).body
          .paused,
    ).toBe(false);
    await page.close();
  });
});
