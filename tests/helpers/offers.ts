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
 * them within the release days). Looks through the first three open departures of each tour.
 */
export async function findOffer(token: string, roomsLeft = 2): Promise<Offer> {
  const from = new Date(Date.now() + 150 * 86_400_000).toISOString().slice(0, 10);
  const { body: tours } = await apiCall<{ data: TourListItem[] }>(token, 'GET', '/tours');
  for (const tour of tours.data) {
    const { body } = await apiCall<{ data: InstanceRow[] }>(
      token,
      'GET',
      `/tours/${tour.id}/instances?departureFromDate=${from}`,
    );
    for (const instance of body.data.filter((i) => !i.stop_sell).slice(0, 3)) {
      const { body: rooms } = await apiCall<{ data: OfferedRoom[] }>(
        token,
        'POST',
        '/tours/get-instance-rooms',
        {
          instance_id: instance.id,
          departure_date: instance.departure_date,
        },
      );
      const room = rooms.data.find(
        (r) => r.for_sale && r.occupancy >= 2 && r.remaining_availability >= roomsLeft,
      );
      if (room) return { tour, instance, room };
    }
  }
  throw new Error('no departure with rooms left in the demo data');
}
