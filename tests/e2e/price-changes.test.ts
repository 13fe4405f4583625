import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_MESSAGES } from '../../src/shared/api/portal';
import { openCard } from '../helpers/booking-screen';
import { launchBrowser } from '../helpers/browser';
import { apiCall, apiToken, e2eDataDir, e2eUrl, signedInPage } from '../helpers/e2e';
import { findOffer } from '../helpers/offers';
import { newestMail, outboxMessages } from '../helpers/outbox';

// Issue #27 as staff and a customer meet it: 'Price change…' on a booking applies a 12 % fuel
// surcharge (over the 8 % of PTR 2018 reg. 11(3)(c)), the Price changes section shows the decision
// waiting; the customer opens the emailed link and sees the decision card with two buttons, at a
// phone's size and a laptop's, and accepts. Screenshots go to /tmp/price-shots/.
const slow = { timeout: 20_000 };
const SHOTS = '/tmp/price-shots';
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('price changes after booking', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('staff apply a 12 % surcharge; the customer sees the decision and accepts it', async () => {
    const admin = await apiToken(1);
    const offer = await findOffer(admin);
    const { body: customers } = await apiCall<{ data: { id: number; email: string | null }[] }>(
      admin,
      'GET',
      '/customers/table?length=50',
    );
    const customer = customers.data.find((c) => c.email) as { id: number; email: string };
    const created = await apiCall<{ data: { id: number } }>(admin, 'POST', '/bookings', {
      customer_id: customer.id,
      tour_bookings: [
        {
          tour_id: offer.tour.id,
          tour_instance_id: offer.instance.id,
          tour_room_id: offer.room.tour_room_id,
          guests: 2,
          rooms: Math.ceil(2 / offer.room.occupancy),
        },
      ],
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const mails = (await outboxMessages(e2eDataDir(), customer.email, { waitMs: 0 })).length;

    const page = await signedInPage(browser, 1);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${e2eUrl()}/bookings/edit/${id}`);
    await page.getByRole('button', { name: 'Price change…' }).click(slow);
    const dialog = page.getByRole('dialog', { name: 'Price change' });
    await dialog.waitFor(slow);
    const total = (
      await apiCall<{ data: { booking: { total_due: string }[] } }>(admin, 'GET', `/bookings/${id}`)
    ).body.data.booking[0].total_due;
    const increase = ((Math.round(Number(total) * 12) / 100) | 0).toFixed(2);
    await dialog.getByLabel('Increase', { exact: true }).fill(increase);
    await dialog
      .getByLabel('Reason (sent to the customer)')
      .fill('Fuel surcharge: jet fuel up 15 % since booking');
    await shot(page, 'staff-price-change-dialog-1366');
    await dialog.getByRole('button', { name: 'Apply price change' }).click();
    await dialog.waitFor({ state: 'hidden', ...slow });
    await openCard(page, 'Price changes');
    await expect
      .poll(() => page.getByText("Waiting for the customer's decision").isVisible(), slow)
      .toBe(true);
    await page.getByRole('heading', { name: 'Price changes', level: 2 }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/staff-price-changes-1366.png` });

    await outboxMessages(e2eDataDir(), customer.email, { atLeast: mails + 1 });
    const mail = await newestMail(e2eDataDir(), customer.email);
    const link = [...String(mail.html).matchAll(/href="([^"]+)"/g)]
      .map((m) => m[1].replace(/&amp;/g, '&'))
      .find((h) => h.includes('/my-booking/link')) as string;
    const local = `${e2eUrl()}${new URL(link).pathname}${new URL(link).hash}`;
    for (const [name, viewport] of [
      ['390', { width: 390, height: 844 }],
      ['1366', { width: 1366, height: 768 }],
    ] as const) {
      const customerPage = await (await browser.newContext({ viewport })).newPage();
      await customerPage.goto(local);
      const card = customerPage.getByRole('region', { name: 'Your decision on a price change' });
      await card.waitFor(slow);
      await expect
        .poll(() => card.getByRole('button', { name: 'Accept the new price' }).isVisible())
        .toBe(true);
      await expect
        .poll(() => card.getByRole('button', { name: 'Cancel without charge' }).isVisible())
        .toBe(true);
      await shot(customerPage, `portal-price-decision-${name}`);
      if (name === '1366') {
        await card.getByRole('button', { name: 'Accept the new price' }).click();
        await expect
          .poll(() => customerPage.getByText(PORTAL_MESSAGES.priceAccepted).isVisible(), slow)
          .toBe(true);
        await shot(customerPage, 'portal-price-accepted-1366');
      }
      await customerPage.context().close();
    }
  });
});
