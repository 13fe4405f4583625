import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetail } from '../../src/shared/api/booking-edit';
import type { InstanceRoomsAnswer } from '../../src/shared/api/tour-catalogue';
import { poundsText } from '../../src/shared/money-text';
import type { OfferedRoom } from '../../src/shared/pricing';
import { loadBooking } from '../helpers/booking-screen';
import { launchBrowser, screenshot } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';
import { findOffer, type Offer } from '../helpers/offers';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

// Issue #22 point 7, as staff did it: Edit Accommodation → Choose changed the room and the total at
// once (and sent a new ATOL certificate). Now Choose shows old → new room and total, Cancel
// changes nothing, and only Confirm change moves the booking.
describe('a room change is confirmed before it is made', () => {
  let browser: Browser;
  let admin = '';
  let offer: Offer;
  let other: OfferedRoom;
  let bookingId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
    // A departure offering another room for two with rooms left besides the one booked.
    for (let rooms = 2; rooms <= 4 && !other; rooms++) {
      offer = await findOffer(admin, rooms);
      const { body } = await apiCall<InstanceRoomsAnswer>(admin, 'POST', '/tours/get-instance-rooms', {
        instance_id: offer.instance.id,
        departure_date: offer.instance.departure_date,
      });
      const found = body.data.find(
        (r) =>
          r.tour_room_id !== offer.room.tour_room_id &&
          r.for_sale &&
          r.occupancy >= 2 &&
          r.remaining_availability >= 2,
      );
      if (found) other = found;
    }
    expect(other, 'a departure with two rooms for two').toBeTruthy();
    const c = await apiCall<{ data: { id: number } }>(admin, 'POST', '/customers', {
      first_name: 'Roland',
      last_name: `Roomchange${Date.now().toString(36)}`,
      postcode: 'YO1 7HH',
    });
    const b = await apiCall<{ data: { id: number } }>(admin, 'POST', '/bookings', {
      customer_id: c.body.data.id,
      tour_bookings: [
        {
          tour_id: offer.tour.id,
          tour_instance_id: offer.instance.id,
          tour_room_id: offer.room.tour_room_id,
          guests: 2,
          rooms: 1,
        },
      ],
    });
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    bookingId = b.body.data.id;
  });
  afterAll(async () => browser?.close());

  it('Choose shows old → new room and total; Cancel changes nothing; Confirm change makes it', async () => {
    const before: BookingDetail = await loadBooking(admin, bookingId);
    const line = before.tour_bookings[0];
    const expected = await apiCall<{
      data: { room_before: string; room_after: string; total_after: string };
    }>(admin, 'POST', '/bookings/tour-booking/update-accommodation/preview', {
      tour_booking_id: line.id,
      room_id: other.tour_room_id,
      version: before.version,
    });
    expect(expected.status, JSON.stringify(expected.body)).toBe(200);
    const p = expected.body.data;
    const text = `Change room: ${p.room_before} → ${p.room_after}; total ${poundsText(before.total_due)} → ${poundsText(p.total_after)}`;

    const page = await signedInPage(browser, 1);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${e2eUrl()}/bookings/edit/${bookingId}`);
    const items = page.getByRole('region', { name: 'Booking items' });
    await poll(() => items.getByRole('button', { name: 'Edit Accommodation', exact: true }).isVisible()).toBe(
      true,
    );
    await items.getByRole('button', { name: 'Edit Accommodation', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Edit Accommodation/ });
    const choose = dialog.getByRole('button', { name: `Choose ${other.accommodation.name} ${other.name}` });
    await poll(() => choose.isVisible()).toBe(true);
    await choose.click();
    await poll(() => dialog.getByText(text).isVisible()).toBe(true);
    await screenshot(page, 'room-change-confirm');
    // Nothing has changed yet.
    const still = await loadBooking(admin, bookingId);
    expect([still.version, still.total_due, still.tour_bookings[0].tour_room_id]).toEqual([
      before.version,
      before.total_due,
      line.tour_room_id,
    ]);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => choose.isVisible()).toBe(true);
    const cancelled = await loadBooking(admin, bookingId);
    expect([cancelled.version, cancelled.total_due, cancelled.tour_bookings[0].tour_room_id]).toEqual([
      before.version,
      before.total_due,
      line.tour_room_id,
    ]);

    await choose.click();
    await poll(() => dialog.getByText(text).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Confirm change' }).click();
    await poll(() => dialog.count()).toBe(0);
    await poll(async () => (await loadBooking(admin, bookingId)).tour_bookings[0].tour_room_id).toBe(
      other.tour_room_id,
    );
    expect((await loadBooking(admin, bookingId)).total_due).toBe(p.total_after);
    await page.close();
  });
});
