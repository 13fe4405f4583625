import { expect } from 'vitest';
import { bearer, type TestContext } from './app';
import type { createBookableInstance } from './factories';

type Bookable = Awaited<ReturnType<typeof createBookableInstance>>;

/**
 * The booking calls API tests make through `t.app.inject` (as role 1 unless a token is given):
 * `call`, `detail` (GET bookings/{id}, throwing on anything but 200), `lineOf` (a tour line on a
 * bookable instance; rooms default to guests ÷ 2 rounded up, the twin room's occupancy) and
 * `newBooking` (POST bookings, expecting 200; answers the id).
 */
export function bookingCalls(t: () => TestContext) {
  const call = (method: 'GET' | 'POST', url: string, payload?: object, token = t().adminToken) =>
    t().app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const detail = async (id: number) => {
    const res = await call('GET', `/bookings/${id}`);
    if (res.statusCode !== 200) throw new Error(`GET bookings/${id}: ${res.statusCode} ${res.body}`);
    return res.json().data.booking[0];
  };
  const lineOf = (inst: Bookable, guests = 2, rooms = Math.ceil(guests / 2)) => ({
    tour_id: inst.tour.id,
    tour_instance_id: inst.instance.id,
    tour_room_id: inst.tourRoom.id,
    guests,
    rooms,
  });
  const newBooking = async (body: object) => {
    const res = await call('POST', '/bookings', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  return { call, detail, lineOf, newBooking };
}
