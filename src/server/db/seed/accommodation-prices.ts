import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { isoDate } from './gen';

/** Countries whose hotels are priced by the supplier in euros (the rest in pounds). */
const EURO_COUNTRIES = ['IE', 'IT', 'ES', 'PT', 'HR', 'GR', 'AT', 'DE', 'BE', 'FR', 'NL'];

/**
 * Demo accommodation prices, price discounts and gallery links (spec 3 §3 Accommodation price, Price
 * discount, gallery images). Set-based and deterministic (everything follows from ids and dates):
 *
 * - a season of nightly prices — from 30 days before `today` to 240 days after — for every night that
 *   has availability, on the rooms of two accommodations in three. Euro-zone hotels are priced in EUR
 *   at the exchange rate valid today, the others in pounds. Rooms for three or more are priced per
 *   night, the others per person: £28 + £11 a star per person, +15% on Friday and Saturday nights,
 *   +25% in June to August, rounded to 50p;
 * - an early-booking discount (10%, booked up to two weeks from today) on the prices 60 to 150 days
 *   ahead of one accommodation in six, and a £5 discount (booked in the last fortnight before the
 *   stay) on the summer prices of one in twelve;
 * - three image links for every other accommodation.
 *
 * Runs after the currencies exist (seedStaffAndMoney).
 */
export async function seedAccommodationPrices(db: Db, today: number): Promise<void> {
  const from = isoDate(today - 30);
  const to = isoDate(today + 240);
  const day = isoDate(today);
  const euro = sql.join(
    EURO_COUNTRIES.map((c) => sql`${c}`),
    sql`, `,
  );
  await db.execute(sql`
    with eur as (
      select id, exchange_rate from currencies
      where short_name = 'EUR' and coalesce(start_date, '-infinity') <= ${day}::date
        and coalesce(end_date, 'infinity') >= ${day}::date
      order by start_date desc nulls last, id desc limit 1
    ),
    nights as (
      select ra.accommodation_room_id, ra.availability_date, ar.occupancy,
             coalesce(a.star_rating, 3) as stars,
             (co.iso_code in (${euro}) and exists (select 1 from eur)) as in_euro
      from room_availability ra
      join accommodation_rooms ar on ar.id = ra.accommodation_room_id
      join accommodations a on a.id = ar.accommodation_id
      left join resorts r on r.id = a.resort_id
      left join countries co on co.id = r.country_id
      where a.id % 3 <> 0 and ra.availability_date between ${from}::date and ${to}::date
    ),
    priced as (
      select n.*, (28 + 11 * n.stars)
               * case when extract(isodow from n.availability_date) in (5, 6) then 1.15 else 1 end
               * case when extract(month from n.availability_date) in (6, 7, 8) then 1.25 else 1 end
               * case when n.occupancy >= 3 then n.occupancy * 0.85 else 1 end as pounds
      from nights n
    )
    insert into accommodation_prices (accommodation_room_id, room_availability_date, currency_id, exchange_rate, price_type, price)
    select p.accommodation_room_id, p.availability_date,
           case when p.in_euro then (select id from eur) end,
           case when p.in_euro then (select exchange_rate from eur) else 1 end,
           case when p.occupancy >= 3 then 'per_night' else 'per_person' end,
           round(p.pounds * case when p.in_euro then (select exchange_rate from eur) else 1 end * 2) / 2
    from priced p
    order by p.accommodation_room_id, p.availability_date
    on conflict (accommodation_room_id, room_availability_date) do nothing
  `);

  await db.execute(sql`
    insert into accommodation_price_discounts (accommodation_price_id, booking_start_date, booking_end_date, percent_discount, discount_price)
    select p.id, ${isoDate(today - 60)}::date, ${isoDate(today + 14)}::date, true, 10
    from accommodation_prices p
    join accommodation_rooms ar on ar.id = p.accommodation_room_id
    where ar.accommodation_id % 6 = 1
      and p.room_availability_date between ${isoDate(today + 60)}::date and ${isoDate(today + 150)}::date
    order by p.id
  `);
  await db.execute(sql`
    insert into accommodation_price_discounts (accommodation_price_id, booking_start_date, booking_end_date, percent_discount, discount_price)
    select p.id, p.room_availability_date - 14, p.room_availability_date - 1, false, 5
    from accommodation_prices p
    join accommodation_rooms ar on ar.id = p.accommodation_room_id
    where ar.accommodation_id % 12 = 2 and extract(month from p.room_availability_date) in (6, 7, 8)
    order by p.id
  `);

  await db.execute(sql`
    insert into accommodation_gallery_images (accommodation_id, link)
    select a.id, 'https://picsum.photos/seed/hotel-' || a.id || '-' || n || '/640/480'
    from accommodations a cross join generate_series(1, 3) n
    where a.id % 2 = 1
    order by a.id, n
  `);
}
