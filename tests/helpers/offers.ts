import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { InstanceRow } from '../../src/shared/api/tour-catalogue';
import type { TourListItem } from '../../src/shared/api/tours';
import type { OfferedRoom } from '../../src/shared/pricing';
import { apiCall } from './e2e';

/** 'YYYY-MM-DD' as the screens show it: 'DD/MM/YYYY'. */
export const dmy = (ymd: string) => ymd.split('-').reverse().join('/');

/** A room of a departure that a browser test can book: the tour, the instance, the offered room. */
export interface Offer {
  tour: TourListItem;
  instance: InstanceRow;
  room: OfferedRoom;
}

/**
 * A departure of the demo data with a room for two that has at least `roomsLeft` rooms left (other
 * tests may take some), far enough out that bookings for it are still open (the server refuses
 * them within the release days; `window` in days from today: 150 or more unless told). Looks
 * through the first three open departures of each tour.
 */
export async function findOffer(
  token: string,
  roomsLeft = 2,
  window: { fromDays: number; toDays?: number } = { fromDays: 150 },
): Promise<Offer> {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const from = day(window.fromDays);
  const to = window.toDays === undefined ? null : day(window.toDays);
  const { body: tours } = await apiCall<{ data: TourListItem[] }>(token, 'GET', '/tours');
  for (const tour of tours.data) {
    const { body } = await apiCall<{ data: InstanceRow[] }>(
      token,
      'GET',
      `/tours/${tour.id}/instances?departureFromDate=${from}`,
    );
    const open = body.data.filter((i) => !i.stop_sell && (to === null || i.departure_date <= to));
    for (const instance of open.slice(0, 3)) {
      const { body: rooms } = await apiCall<{
        data: OfferedRoom[];
        instance: { places_left: number | null };
      }>(token, 'POST', '/tours/get-instance-rooms', {
        instance_id: instance.id,
        departure_date: instance.departure_date,
      });
      const room = rooms.data.find(
        (r) => r.for_sale && r.occupancy >= 2 && r.remaining_availability >= roomsLeft,
      );
      // Places are a limit like rooms (issue #10): leave room for the guests other tests book too.
      const placesLeft = rooms.instance.places_left;
      if (room && (placesLeft === null || placesLeft >= 2 * roomsLeft + 2)) return { tour, instance, room };
    }
  }
  throw new Error('no departure with rooms left in the demo data');
}

/**
 * Fills the add-a-tour panel (`panel`: the New booking region or the Add tour dialog) as a person
 * would: the tour, the departure's date as the date range, the departure, the room, the guests; and
 * waits for the rooms (guests ÷ occupancy, rounded up) to show. Answers the table of rooms.
 */
export async function chooseOfferedRoom(page: Page, panel: Locator, offer: Offer, guests: number) {
  const { tour, instance, room } = offer;
  const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
  const tourBox = panel.getByRole('combobox', { name: 'Tour' });
  await tourBox.click();
  await tourBox.fill(tour.name);
  await page.getByRole('option', { name: tour.name, exact: true }).click();
  for (const label of ['Departing from', 'Departing to']) {
    const input = panel.getByRole('textbox', { name: label, exact: true });
    await input.fill(dmy(instance.departure_date));
    await input.press('Tab');
  }
  const choose = panel.getByRole('button', {
    name: `Choose departure ${dmy(instance.departure_date)}${instance.instance_title ? ` ${instance.instance_title}` : ''}`,
    exact: true,
  });
  await poll(() => choose.isVisible()).toBe(true);
  await choose.click();
  const rooms = panel.getByRole('table', { name: 'Rooms' });
  await poll(() => rooms.isVisible()).toBe(true);
  await rooms.getByRole('button', { name: `Select ${room.name} at ${room.accommodation.name}` }).click();
  await panel.getByRole('textbox', { name: 'Guests' }).fill(String(guests));
  await poll(() => panel.getByRole('textbox', { name: 'Rooms' }).inputValue()).toBe(
    String(Math.ceil(guests / room.occupancy)),
  );
  return rooms;
}

/**
 * Books `offer` through the API for the first customer of the customers list: `guests` guests in
 * as many rooms as the room's occupancy needs; answers the new booking's id (fails the test
 * otherwise).
 */
export async function bookOffer(token: string, offer: Offer, guests = 2): Promise<number> {
  const { body: customers } = await apiCall<{ data: { id: number }[] }>(
    token,
    'GET',
    '/customers/table?length=1',
  );
  const created = await apiCall<{ data: { id: number } }>(token, 'POST', '/bookings', {
    customer_id: customers.data[0].id,
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
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.id;
}
