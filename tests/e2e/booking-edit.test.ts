import Decimal from 'decimal.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetail } from '../../src/shared/api/booking-edit';
import { loadBooking } from '../helpers/booking-screen';
import { launchBrowser, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

/** '£1,234.50' as the screen shows pounds. */
const gbp = (v: Decimal.Value) => `£${new Decimal(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/**
 * Demo bookings fit for the walk: a customer, not cancelled, nothing paid, changes accepted, and a
 * first tour line charged at its price (no sale price), so a new price moves the totals. Taken from
 * deep in the list so other screen tests' bookings are left alone.
 */
async function findBookings(token: string, count: number): Promise<BookingDetail[]> {
  const { body } = await apiCall<{ data: { id: number; customer: unknown; cancelled_at: string | null }[] }>(
    token,
    'GET',
    '/bookings/table?length=200&start=2000',
  );
  const found: BookingDetail[] = [];
  for (const row of body.data) {
    if (!row.customer || row.cancelled_at) continue;
    const b = await loadBooking(token, row.id);
    const line = b.tour_bookings[0];
    if (
      b.agent_id === null &&
      b.customer?.email &&
      b.changes_accepted === 1 &&
      b.totals.paid === '0.00' &&
      line?.room &&
      !(line.sale_price && new Decimal(line.sale_price).gt(0))
    ) {
      found.push(b);
      if (found.length === count) break;
    }
  }
  if (found.length < count) throw new Error('no demo booking fits the walk');
  return found;
}

// The booking edit screen (spec 1 §2 'Booking edit', §4): role 1 edits a tour line and sees the
// totals follow, then cancels with a charge; role 2 sees the same screen read-only.
describe('booking edit screen', () => {
  let browser: Browser;
  let adminToken = '';
  let walked: BookingDetail;
  let other: BookingDetail;
  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await apiToken(1);
    [walked, other] = await findBookings(adminToken, 2);
  });
  afterAll(async () => browser?.close());

  it('role 1 edits a tour line, sees the totals change, and cancels with a charge', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/bookings/edit/${walked.id}`);
    const title = `Booking #${walked.booking_ref ?? walked.old_booking_id ?? walked.id}`;
    await expect.poll(() => page.getByRole('heading', { name: title }).isVisible()).toBe(true);
    const summary = page.getByRole('region', { name: 'Summary' });
    const totalDue = summary.getByTestId('figure-total-due');
    expect(await totalDue.textContent()).toBe(gbp(walked.totals.total_due));
    // Role 1 sees the items expanded with their actions.
    const line = walked.tour_bookings[0];
    const card = page.getByRole('article', { name: `Tour line: ${line.tour.name}` }).first();
    await expect.poll(() => card.isVisible()).toBe(true);
    await screenshotFromTop(page, 'booking-edit-role1');

    // Edit the line: a new price per guest, one more guest when the rooms hold one.
    const occupancy = line.room?.occupancy ?? 1;
    const guests = line.guests + 1 <= line.rooms * occupancy ? line.guests + 1 : line.guests;
    const price = new Decimal(line.price).plus('10.50');
    await card.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${line.tour.name}` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Guests' }).fill(String(guests));
    await dialog.getByRole('textbox', { name: 'Price per guest' }).fill(price.toFixed(2));
    const lineTotal = price.mul(guests);
    await expect.poll(() => dialog.getByTestId('edit-line-total').textContent()).toBe(gbp(lineTotal));
    const expectedDue = new Decimal(walked.totals.total_due)
      .minus(new Decimal(line.price).mul(line.guests))
      .plus(lineTotal);
    await screenshotFromTop(page, 'booking-edit-line-modal');
    await dialog.getByRole('button', { name: 'Update tour line' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const after = await loadBooking(adminToken, walked.id);
    expect(after.tour_bookings[0].guests).toBe(guests);
    expect(after.tour_bookings[0].price).toBe(price.toFixed(2));
    expect(after.totals.total_due).not.toBe(walked.totals.total_due);
    if (walked.discounts.length === 0) expect(after.totals.total_due).toBe(expectedDue.toFixed(2));
    await expect.poll(() => totalDue.textContent()).toBe(gbp(after.totals.total_due));
    await expect.poll(() => card.getByTestId(`line-total-${line.id}`).textContent()).toBe(gbp(lineTotal));

    // Notify Customer of Change (role 1): the chosen reasons go to the customer by email.
    await page.getByRole('button', { name: 'Notify Customer of Change' }).click();
    const notify = page.getByRole('dialog', { name: 'Notify Customer of Change' });
    await notify.getByRole('checkbox', { name: 'Price change' }).check();
    await notify.getByRole('button', { name: 'Send email' }).click();
    await expect
      .poll(() => page.getByText('The customer has been emailed the reasons for the change.').isVisible())
      .toBe(true);

    // Cancel with a charge: Cancelled, the charge and the balance outstanding (charge − paid).
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel booking' });
    await expect.poll(() => cancel.getByText('Click OK to confirm cancellation.').isVisible()).toBe(true);
    const charge = cancel.getByRole('textbox', { name: 'Cancellation charge' });
    expect((await charge.inputValue()).replace(/[£,]/g, '')).toBe(after.proposed_cancellation_charge);
    await charge.fill('125.00');
    await screenshotFromTop(page, 'booking-edit-cancel-modal');
    await cancel.getByRole('button', { name: 'OK', exact: true }).click();
    await expect.poll(() => cancel.isVisible()).toBe(false);
    await expect.poll(() => summary.getByText('Cancelled at').isVisible()).toBe(true);
    expect(await page.getByText('Cancelled', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => summary.getByText('Balance outstanding').isVisible()).toBe(true);
    expect(await summary.getByTestId('figure-balance-outstanding').textContent()).toBe(gbp('125.00'));
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    const cancelled = await loadBooking(adminToken, walked.id);
    expect(cancelled.status).toBe('Cancelled');
    expect(cancelled.cancellation_charge).toBe('125.00');
    expect(cancelled.totals.balance).toBe('125.00');
    await screenshotFromTop(page, 'booking-edit-cancelled');
    await page.context().close();
  });

  it('role 2 sees the booking read-only', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/bookings/edit/${other.id}`);
    const title = `Booking #${other.booking_ref ?? other.old_booking_id ?? other.id}`;
    await expect.poll(() => page.getByRole('heading', { name: title }).isVisible()).toBe(true);
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect.poll(() => summary.getByText('Booking ref').isVisible()).toBe(true);
    // Sections start collapsed for other roles; the items open on request, without actions.
    await page.getByRole('button', { name: 'Show Booking items' }).click();
    const line = other.tour_bookings[0];
    const card = page.getByRole('article', { name: `Tour line: ${line.tour.name}` }).first();
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add tour' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Notify Customer of Change' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Update booking' }).count()).toBe(0);
    expect(await summary.getByRole('textbox', { name: 'Booking ref' }).count()).toBe(0);
    await screenshotFromTop(page, 'booking-edit-role2');
    await page.context().close();
  });
});
