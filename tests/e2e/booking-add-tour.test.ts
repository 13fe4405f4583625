import Decimal from 'decimal.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetail } from '../../src/shared/api/booking-edit';
import type { OfferedRoom } from '../../src/shared/pricing';
import { loadBooking } from '../helpers/booking-screen';
import { launchBrowser, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';
import { chooseOfferedRoom, findOffer } from '../helpers/offers';

// 'Add tour' on the booking edit screen (spec 1 §2 'Booking edit', 'Adding a tour'; §9): role 1 adds
// a line of 2 guests in one room to a customer booking without discounts; the total due grows by
// exactly the line's total and the room's stock falls by one. Removing the line asks first and
// gives the room back.
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

/** A customer booking, not cancelled, with no discount and no agent, from deep in the list. */
async function findBooking(token: string): Promise<BookingDetail> {
  const { body } = await apiCall<{ data: { id: number; customer: unknown; cancelled_at: string | null }[] }>(
    token,
    'GET',
    '/bookings/table?length=100&start=3000',
  );
  for (const row of body.data) {
    if (!row.customer || row.cancelled_at) continue;
    const b = await loadBooking(token, row.id);
    if (b.agent_id === null && b.discounts.length === 0 && b.tour_bookings.length > 0) return b;
  }
  throw new Error('no demo booking fits');
}

async function roomsLeft(token: string, instanceId: number, departure: string, roomId: number) {
  const { body } = await apiCall<{ data: OfferedRoom[] }>(token, 'POST', '/tours/get-instance-rooms', {
    instance_id: instanceId,
    departure_date: departure,
  });
  return body.data.find((r) => r.tour_room_id === roomId)?.remaining_availability;
}

describe('booking edit: add a tour', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('role 1 adds a tour line to a booking, the totals and rooms left follow, and removes it again', async () => {
    const token = await apiToken(1);
    const offer = await findOffer(token);
    const { tour, instance, room } = offer;
    const before = await findBooking(token);
    const leftBefore = await roomsLeft(token, instance.id, instance.departure_date, room.tour_room_id);

    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/bookings/edit/${before.id}`);
    const title = `Booking #${before.booking_ref ?? before.old_booking_id ?? before.id}`;
    await poll(() => page.getByRole('heading', { name: title }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Add tour', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tour to booking' });
    await poll(() => dialog.isVisible()).toBe(true);
    await chooseOfferedRoom(page, dialog, offer, 2);
    await screenshotFromTop(page, 'booking-add-tour-modal');
    await dialog.getByRole('button', { name: 'Add to booking' }).click();
    await poll(() => dialog.isVisible()).toBe(false);

    // The new line is charged by the price rule: total due grows by 2 × the per-guest price.
    const after = await loadBooking(token, before.id);
    const known = new Set(before.tour_bookings.map((l) => l.id));
    const added = after.tour_bookings.filter((l) => !known.has(l.id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ guests: 2, rooms: 1, tour_room_id: room.tour_room_id });
    const perGuest = new Decimal(
      added[0].sale_price && new Decimal(added[0].sale_price).gt(0) ? added[0].sale_price : added[0].price,
    );
    expect(new Decimal(after.totals.total_due).minus(before.totals.total_due).toFixed(2)).toBe(
      perGuest.mul(2).toFixed(2),
    );
    expect(await roomsLeft(token, instance.id, instance.departure_date, room.tour_room_id)).toBe(
      (leftBefore ?? 0) - 1,
    );
    const card = page.getByRole('article', { name: `Tour line: ${tour.name}` }).last();
    await poll(() => card.getByTestId(`line-total-${added[0].id}`).isVisible()).toBe(true);
    await screenshotFromTop(page, 'booking-add-tour-added');

    // Remove asks first, then the line goes and its room is back on sale.
    const addedCard = page
      .getByRole('article', { name: `Tour line: ${tour.name}` })
      .filter({ has: page.getByTestId(`line-total-${added[0].id}`) });
    await addedCard.getByRole('button', { name: 'Remove', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove tour' });
    await poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await poll(() => addedCard.count()).toBe(0);
    const removed = await loadBooking(token, before.id);
    expect(removed.tour_bookings.map((l) => l.id).sort()).toEqual([...known].sort());
    expect(removed.totals.total_due).toBe(before.totals.total_due);
    expect(await roomsLeft(token, instance.id, instance.departure_date, room.tour_room_id)).toBe(leftBefore);
    await page.context().close();
  });
});
