import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';
import { findOffer } from '../helpers/offers';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

// Issue #22 point 8, as staff did it: a surname typed in the header's search found 6 of 12
// customers (not the one with a booking), no bookings and no hint of more. Now the booking shows
// (found by its lead customer's surname), the booked customer comes first, "and 6 more" says
// what is left and opens the customers list searched for the surname, holding all twelve.
describe('global search by surname', () => {
  let browser: Browser;
  let admin = '';
  const surname = `Quillfeather${Date.now().toString(36)}`;
  let bookedId = 0;
  let bookingRef = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
    const firsts = ['Alice', 'Bertie', 'Cora', 'Dora', 'Edna', 'Fred', 'Gus', 'Hal', 'Ida', 'Jem', 'Kit'];
    for (const first_name of firsts) {
      const c = await apiCall(admin, 'POST', '/customers', {
        first_name,
        last_name: surname,
        postcode: 'YO1 7HH',
      });
      expect(c.status).toBe(200);
    }
    const booked = await apiCall<{ data: { id: number } }>(admin, 'POST', '/customers', {
      first_name: 'Zachary',
      last_name: surname,
      postcode: 'YO1 7HH',
    });
    bookedId = booked.body.data.id;
    const offer = await findOffer(admin, 1);
    const b = await apiCall<{ data: { id: number } }>(admin, 'POST', '/bookings', {
      customer_id: bookedId,
      tour_bookings: [
        {
          tour_id: offer.tour.id,
          tour_instance_id: offer.instance.id,
          tour_room_id: offer.room.tour_room_id,
          guests: 1,
          rooms: 1,
        },
      ],
    });
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const one = await apiCall<{ data: { booking: { booking_ref: string }[] } }>(
      admin,
      'GET',
      `/bookings/${b.body.data.id}`,
    );
    bookingRef = one.body.data.booking[0].booking_ref;
  });
  afterAll(async () => browser?.close());

  it('shows the booking and the booked customer first, "and 6 more" opens the customers list of all twelve', async () => {
    const page = await signedInPage(browser, 1);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${e2eUrl()}/`);
    const box = page.getByRole('textbox', { name: 'Search bookings, customers and agents' });
    await box.click();
    await box.fill(surname.toLowerCase());
    const results = page.getByRole('listbox', { name: 'Search results' });
    await poll(() => results.getByRole('option', { name: new RegExp(bookingRef) }).isVisible()).toBe(true);
    expect(await results.getByText('Bookings', { exact: true }).isVisible()).toBe(true);
    expect(await results.getByText('Customers', { exact: true }).isVisible()).toBe(true);
    const options = results.getByRole('option');
    // The booking (lead customer Zachary), then the customers, Zachary first.
    expect(await options.nth(0).innerText()).toContain(`Zachary ${surname}`);
    expect(await options.nth(1).innerText()).toContain(`Zachary ${surname}`);
    expect(await options.nth(1).innerText()).toContain('1 booking');
    const more = results.getByRole('option', { name: 'and 6 more' });
    expect(await more.isVisible()).toBe(true);
    await screenshot(page, 'global-search-surname');

    await more.click();
    await page.waitForURL(/\/customers\?q=/);
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(surname.toLowerCase());
    const table = page.getByRole('table');
    await poll(() => table.getByRole('row').filter({ hasText: surname }).count()).toBe(12);
    await screenshotFromTop(page, 'global-search-more-customers');

    // The bookings list opened with the same term as its quick search shows the booking.
    await page.goto(`${e2eUrl()}/bookings?q=${encodeURIComponent(surname)}`);
    await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Quick search' }).inputValue()).toBe(surname);
    await poll(() => page.getByRole('row').filter({ hasText: bookingRef }).count()).toBe(1);
    await poll(() => page.getByText('1 record', { exact: true }).isVisible()).toBe(true);
    await screenshotFromTop(page, 'global-search-more-bookings');
    await page.close();
  });
});
