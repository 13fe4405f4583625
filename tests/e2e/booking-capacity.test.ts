import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingDetail, MESSAGES } from '../../src/shared/api/booking-edit';
import type { InstanceDetail, InstanceRoomsAnswer } from '../../src/shared/api/tour-catalogue';
import { loadBooking } from '../helpers/booking-screen';
import { launchBrowser, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';
import { chooseOfferedRoom, dmy, findOffer, type Offer } from '../helpers/offers';

// Issue #10, capacity and stock, as staff meet it on screen: the add-tour panel shows a departure's
// places left and a full departure cannot be booked (7); a room's availability screen adds up,
// Confirmed and Unconfirmed holding the booked rooms (8); a cancelled booking offers no Remove, Add
// passenger, Add tour, extras or discounts changes and says why (9).
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

/** A customer booking, not cancelled, with tours, from the middle of the demo list. */
async function findBooking(token: string, start: number): Promise<BookingDetail> {
  const { body } = await apiCall<{ data: { id: number; customer: unknown; cancelled_at: string | null }[] }>(
    token,
    'GET',
    `/bookings/table?length=100&start=${start}`,
  );
  for (const row of body.data) {
    if (!row.customer || row.cancelled_at) continue;
    const b = await loadBooking(token, row.id);
    if (b.agent_id === null && b.tour_bookings.length > 0 && b.customer_id !== null) return b;
  }
  throw new Error('no demo booking fits');
}

async function offerOf(token: string, offer: Offer) {
  const { body } = await apiCall<InstanceRoomsAnswer>(token, 'POST', '/tours/get-instance-rooms', {
    instance_id: offer.instance.id,
    departure_date: offer.instance.departure_date,
  });
  return body;
}

/** Sets an instance's places (the instance form, as staff would), keeping every other field. */
async function setPlaces(token: string, instanceId: number, places: number | null) {
  const { body } = await apiCall<{ data: InstanceDetail }>(token, 'GET', `/tours/instances/${instanceId}`);
  const d = body.data as unknown as Record<string, unknown>;
  const fields = [
    'instance_title',
    'departure_date',
    'departure_airport_id',
    'pickup_point_id',
    'self_drive',
    'is_special_instance',
    'deposit_price',
    'base_price',
    'base_sale_price',
    'base_cost',
    'duration',
    'minimum_age',
    'release_days_before',
    'stop_sell',
    'travel_itinerary',
  ];
  const res = await apiCall(token, 'POST', `/tours/instances/${instanceId}`, {
    ...Object.fromEntries(fields.map((f) => [f, d[f]])),
    tour_places: places,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A new customer booking of `guests` in the offer's room, through the API. */
async function bookThrough(token: string, customerId: number, offer: Offer, guests: number) {
  const res = await apiCall<{ data: { id: number } }>(token, 'POST', '/bookings', {
    customer_id: customerId,
    tour_bookings: [
      {
        tour_id: offer.tour.id,
        tour_instance_id: offer.instance.id,
        tour_room_id: offer.room.tour_room_id,
        guests,
        rooms: Math.ceil(guests / offer.room.occupancy),
      },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

/** A date as the calendar's day and month buttons name it: '26 May 2027', 'May 2027'. */
const longDate = (ymd: string) => ({
  day: dayjs(ymd).format('D MMMM YYYY'),
  month: dayjs(ymd).format('MMMM YYYY'),
});

/** Picks the room screen's 'Dates shown' range in its calendar, month by month. */
async function showDates(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: 'Dates shown' }).click();
  const calendar = page.locator('[data-dates-dropdown="true"]');
  await poll(() => calendar.isVisible()).toBe(true);
  for (const ymd of [from, to]) {
    const { day, month } = longDate(ymd);
    const header = calendar.locator('.mantine-DatePickerInput-calendarHeaderLevel').first();
    for (let i = 0; i < 36 && (await header.textContent()) !== month; i++)
      await calendar.locator('button[data-direction="next"]').first().click();
    await calendar.locator(`button[aria-label="${day}"]:not([data-outside])`).first().click();
  }
  await poll(() => calendar.isVisible()).toBe(false);
}

/** The availability table's row of a night: [availability, Confirmed, Unconfirmed, remaining]. */
async function nightRow(page: Page, ymd: string) {
  const table = page.getByRole('table', { name: 'Accommodation Availability' });
  const row = table.getByRole('row').filter({ hasText: dmy(ymd) });
  await poll(() => row.count()).toBe(1);
  const cells = await row.getByRole('cell').allTextContents();
  return cells.slice(1, 5).map((c) => Number(c.trim()));
}

describe('capacity and stock on screen (issue #10)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('7: the add-tour panel shows places left, holds guests to them, and a departure filled meanwhile is refused', async () => {
    const token = await apiToken(1);
    const offer = await findOffer(token, 4);
    const { tour, instance, room } = offer;
    const o = await offerOf(token, offer);
    const places = o.instance.places as number;
    // Leave two places on the departure.
    const taken = places - (o.instance.places_left as number);
    await setPlaces(token, instance.id, taken + 2);
    const booking = await findBooking(token, 2500);
    const other: number[] = [];
    try {
      const page = await signedInPage(browser, 1);
      await page.goto(`${e2eUrl()}/bookings/edit/${booking.id}`);
      await poll(() => page.getByRole('button', { name: 'Add tour', exact: true }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Add tour', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add tour to booking' });
      await poll(() => dialog.isVisible()).toBe(true);
      await chooseOfferedRoom(page, dialog, offer, 2);
      await poll(() => dialog.getByText('Places left 2', { exact: true }).isVisible()).toBe(true);
      // Three guests would take more places than are left: the form says so and will not add.
      await dialog.getByRole('textbox', { name: 'Guests' }).fill('3');
      await poll(() => dialog.getByText('Only 2 places are left on this departure.').isVisible()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Add to booking' }).isDisabled()).toBe(true);
      await screenshotFromTop(page, 'capacity-7-places-left');

      // Two fit — but before they are added, another booking takes the last two places.
      await dialog.getByRole('textbox', { name: 'Guests' }).fill('2');
      await poll(() => dialog.getByRole('button', { name: 'Add to booking' }).isEnabled()).toBe(true);
      other.push(await bookThrough(token, booking.customer_id as number, offer, 2));
      await dialog.getByRole('button', { name: 'Add to booking' }).click();
      const refusal = MESSAGES.placesLeft(tour.name, dmy(instance.departure_date), 0);
      await poll(() => page.getByText(refusal).isVisible()).toBe(true);
      // Nothing was added; the panel now shows the departure full, its rooms unavailable.
      expect((await loadBooking(token, booking.id)).tour_bookings).toHaveLength(booking.tour_bookings.length);
      await poll(() => dialog.getByText('Places left 0', { exact: true }).isVisible()).toBe(true);
      await poll(() =>
        dialog
          .getByRole('table', { name: 'Rooms' })
          .getByRole('button', { name: `${room.name} unavailable` })
          .isDisabled(),
      ).toBe(true);
      await screenshotFromTop(page, 'capacity-7-departure-full');
      await page.context().close();
    } finally {
      for (const id of other) await apiCall(token, 'POST', `/bookings/${id}/cancel`, {});
      await setPlaces(token, instance.id, places);
    }
  });

  it('8: after a booking and its payment the room’s availability screen adds up: Confirmed and Unconfirmed hold the booked rooms', async () => {
    const token = await apiToken(1);
    const offer = await findOffer(token, 3);
    const night = offer.room.check_in_date;
    const booking = await findBooking(token, 2700);
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/accommodation/room/edit/${offer.room.accommodation_room_id}`);
    await poll(() =>
      page.getByRole('heading', { name: 'Manage Availability', exact: true, level: 1 }).isVisible(),
    ).toBe(true);
    await showDates(page, night, offer.room.check_out_date);
    const [a0, c0, u0, r0] = await nightRow(page, night);
    expect(a0).toBe(c0 + u0 + r0);

    // A new booking of two rooms: pending, so they are Unconfirmed.
    const id = await bookThrough(token, booking.customer_id as number, offer, 2 * offer.room.occupancy);
    try {
      await page.reload();
      await showDates(page, night, offer.room.check_out_date);
      await poll(() => nightRow(page, night)).toEqual([a0, c0, u0 + 2, r0 - 2]);
      await screenshotFromTop(page, 'capacity-8-unconfirmed');
      // Paid in full: the same two rooms are Confirmed.
      const b = await loadBooking(token, id);
      const paid = await apiCall(token, 'POST', '/payments', {
        holiday_booking_id: id,
        payment_method: 'bacs',
        payment_amount: b.balance,
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      await page.reload();
      await showDates(page, night, offer.room.check_out_date);
      await poll(() => nightRow(page, night)).toEqual([a0, c0 + 2, u0, r0 - 2]);
      await screenshotFromTop(page, 'capacity-8-confirmed');
    } finally {
      await apiCall(token, 'POST', `/bookings/${id}/cancel`, {});
    }
    await page.reload();
    await showDates(page, night, offer.room.check_out_date);
    await poll(() => nightRow(page, night)).toEqual([a0, c0, u0, r0]);
    await page.context().close();
  });

  it('9: a cancelled booking offers no Remove, Add passenger, Add tour, extras or discount changes, and says why', async () => {
    const token = await apiToken(1);
    const offer = await findOffer(token, 2);
    const source = await findBooking(token, 2900);
    const id = await bookThrough(token, source.customer_id as number, offer, 2);
    const added = await apiCall(token, 'POST', '/update-booking/update-pessenger', {
      holiday_booking_id: id,
      title: 'Mrs',
      first_name: 'Ada',
      last_name: 'Cancelled',
    });
    expect(added.status).toBe(200);
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/bookings/edit/${id}`);
    const passengers = page.getByRole('region', { name: 'Passengers' });
    const items = page.getByRole('region', { name: 'Booking items' });
    const buttons = {
      'Add passenger': passengers.getByRole('button', { name: 'Add passenger', exact: true }),
      'Delete passenger': passengers.getByRole('button', { name: 'Delete passenger Ada Cancelled' }),
      Remove: items.getByRole('button', { name: 'Remove', exact: true }),
      'Edit Accommodation': items.getByRole('button', { name: 'Edit Accommodation', exact: true }),
      'Add tour': page.getByRole('button', { name: 'Add tour', exact: true }),
    };
    // While live: the staff member had every one of them.
    for (const [name, button] of Object.entries(buttons))
      await poll(async () => `${name}: ${await button.count()}`).toBe(`${name}: 1`);

    const cancelled = await apiCall(token, 'POST', `/bookings/${id}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await page.reload();
    await poll(() => passengers.getByText(MESSAGES.cancelledReadOnly).isVisible()).toBe(true);
    await poll(() => items.getByText(MESSAGES.cancelledReadOnly).isVisible()).toBe(true);
    await poll(() => passengers.getByText('Mrs Ada Cancelled').isVisible()).toBe(true);
    for (const [name, button] of Object.entries(buttons)) expect(await button.count(), name).toBe(0);
    await screenshotFromTop(page, 'capacity-9-cancelled-read-only');
    await page.context().close();
  });
});
