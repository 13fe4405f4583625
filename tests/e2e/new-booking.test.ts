import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetailAnswer } from '../../src/shared/api/booking-edit';
import type { Customer } from '../../src/shared/api/customers';
import { launchBrowser, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';
import { chooseOfferedRoom, findOffer } from '../helpers/offers';

// New booking in the browser (spec 1 §2 'New booking', 'Adding a tour'): role 1 opens Create
// Booking on a demo customer, adds a tour line of 2 guests in one room of a departure with rooms
// left, proceeds and lands on the new booking's edit screen; role 2 is offered no New booking.
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

describe('new booking screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('role 1 books 2 guests in one room for a demo customer, lands on the booking and pays the deposit', async () => {
    const token = await apiToken(1);
    const offer = await findOffer(token);
    const { tour, instance, room } = offer;
    const { body: customers } = await apiCall<{ data: { id: number }[] }>(
      token,
      'GET',
      '/customers/table?length=1',
    );
    const customerId = customers.data[0].id;
    const { body: c } = await apiCall<{ data: Customer }>(token, 'GET', `/customers/${customerId}`);
    const customer = c.data;

    const page = await signedInPage(browser, 1);
    // Create Booking on the customer screen opens New booking with that customer linked.
    await page.goto(`${e2eUrl()}/customers/edit/${customerId}`);
    await page.getByRole('link', { name: 'Create Booking' }).click();
    await page.waitForURL(new RegExp(`/bookings/create\\?customer_id=${customerId}$`), { timeout: 15_000 });
    await poll(() => page.getByRole('heading', { name: 'New booking', level: 1 }).isVisible()).toBe(true);
    const summary = page.getByRole('region', { name: 'Summary' });
    await poll(() => summary.getByText(`${customer.first_name} ${customer.last_name}`).isVisible()).toBe(
      true,
    );
    await screenshotFromTop(page, 'new-booking-party-linked');

    // Proceeding with no tour says so, word for word (spec 1 §5).
    await page.getByRole('button', { name: 'Proceed with booking' }).click();
    await poll(() => page.getByRole('alert').filter({ hasText: 'Tour not selected' }).isVisible()).toBe(true);

    // Add a tour: the tour, the departure's date as the range, the departure, the room.
    const panel = page.getByRole('region', { name: 'Add tour to booking' });
    const rooms = await chooseOfferedRoom(page, panel, offer, 2);
    await screenshotFromTop(page, 'new-booking-room-chosen');
    await panel.getByRole('button', { name: 'Add tour to booking' }).click();

    const items = page.getByRole('table', { name: 'Tour booking items' });
    await poll(() => items.isVisible()).toBe(true);
    const row = items.getByRole('row', {
      name: new RegExp(tour.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    });
    await poll(() => row.getByRole('cell', { name: '2', exact: true }).isVisible()).toBe(true);
    // The room taken by this unsaved line no longer counts as left in the panel.
    const roomRow = rooms
      .getByRole('row')
      .filter({ hasText: room.name })
      .filter({ hasText: room.accommodation.name });
    await poll(async () => (await roomRow.first().getByRole('cell').nth(5).innerText()).trim()).toBe(
      String(room.remaining_availability - 1),
    );
    await screenshotFromTop(page, 'new-booking-line-added');

    await page.getByRole('button', { name: 'Proceed with booking' }).click();
    // The edit screen, or the reason the booking was refused (shown in the alert) when it was not.
    const refused = page.getByRole('alert').filter({ hasText: 'The booking was not created' });
    await poll(async () =>
      /\/bookings\/edit\/\d+$/.test(page.url())
        ? 'created'
        : (await refused.isVisible())
          ? await refused.innerText()
          : '',
    ).toBe('created');
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await screenshotFromTop(page, 'new-booking-created');

    const { status, body } = await apiCall<BookingDetailAnswer>(token, 'GET', `/bookings/${id}`);
    expect(status).toBe(200);
    const booking = body.data.booking[0];
    expect(booking.customer_id).toBe(customerId);
    expect(booking.tour_bookings).toHaveLength(1);
    expect(booking.tour_bookings[0]).toMatchObject({
      tour_id: tour.id,
      tour_instance_id: instance.id,
      tour_room_id: room.tour_room_id,
      guests: 2,
      rooms: 1,
    });

    // Pay the deposit on the new booking's screen: Paid and the balance follow (spec 1 §9).
    const card = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Record a transaction', exact: true }) });
    const show = card.getByRole('button', { name: 'Show Record a transaction' });
    await show.waitFor({ timeout: 15_000 });
    await show.click();
    await card.getByRole('button', { name: 'Hide Record a transaction' }).waitFor();
    await page.waitForTimeout(500); // the card's Collapse animates its height
    await card.getByRole('combobox', { name: 'Payment method' }).click();
    await page.getByRole('option', { name: 'BACS', exact: true }).click();
    await card.getByLabel('Transaction ID').fill(`DEP-${id}`);
    const deposit = booking.deposit === '0.00' ? '100.00' : booking.deposit;
    await card.getByRole('textbox', { name: 'Amount' }).fill(deposit);
    await card.getByRole('button', { name: 'Record transaction' }).click();
    await poll(
      async () =>
        (await apiCall<BookingDetailAnswer>(token, 'GET', `/bookings/${id}`)).body.data.booking[0].paid,
    ).toBe(deposit);
    const paid = (await apiCall<BookingDetailAnswer>(token, 'GET', `/bookings/${id}`)).body.data.booking[0];
    const pence = (v: string) => Math.round(Number(v) * 100);
    expect(pence(paid.balance)).toBe(pence(paid.total_due) - pence(deposit));
    // The screen reloads with the payment: its Paid figure shows the deposit.
    await poll(() => page.getByTestId('figure-paid').innerText()).toBe(
      `£${Number(deposit).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
    );
    await screenshotFromTop(page, 'new-booking-deposit-paid');
    await page.context().close();
  });

  it('role 2 is not offered New booking nor Create Booking, and the screen says why', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/bookings`);
    await poll(() => page.getByRole('heading', { name: 'Bookings', level: 1 }).isVisible()).toBe(true);
    // A role that may not change bookings opens them to view (issue #10).
    await poll(() =>
      page
        .getByRole('link', { name: /^View booking/ })
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('link', { name: /^Edit booking/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'New booking' }).count()).toBe(0);

    const token = await apiToken(2);
    const { body } = await apiCall<{ data: { id: number }[] }>(token, 'GET', '/customers/table?length=1');
    await page.goto(`${e2eUrl()}/customers/edit/${body.data[0].id}`);
    await poll(() => page.getByRole('heading', { name: /^Customer: / }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Create Booking' }).count()).toBe(0);

    await page.goto(`${e2eUrl()}/bookings/create`);
    await poll(() => page.getByText('Only an administrator can create bookings.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Proceed with booking' }).count()).toBe(0);
    await page.context().close();
  });
});
