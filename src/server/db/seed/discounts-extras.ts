import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client';
import * as s from '../schema';
import { isoDate } from './gen';

/**
 * Demo discounts tied to tours (spec 3 §3 Discount: one row per tour, departure window and booking
 * window). The catalogue's discounts (catalogue.ts) are all the legacy kind without a tour; these
 * give the Discounts screen's tour column and tour filter something to show. Runs after the
 * sequences are reset, so the rows take ordinary ids. Dates are relative to `today` (a day number).
 */
export async function seedTourDiscounts(db: Db, today: number): Promise<void> {
  const tours = await queryRows<{ id: number; tour_type: string }>(
    db,
    sql`select id, tour_type from tours where not is_suppressed order by name, id`,
  );
  const air = tours.filter((t) => t.tour_type === 'air').slice(0, 3);
  const coach = tours.filter((t) => t.tour_type === 'coach').slice(0, 2);
  const rows: (typeof s.discounts.$inferInsert)[] = [
    ...air.map((t) => ({
      code: 'SUMMERSUN10',
      description: '10% off summer departures booked by the end of spring',
      value: '10.00',
      penalty_type: true,
      tour_id: t.id,
      start_date: isoDate(today + 60),
      end_date: isoDate(today + 150),
      valid_from_date: isoDate(today - 30),
      valid_to_date: isoDate(today + 45),
    })),
    ...coach.map((t) => ({
      code: 'COACH25',
      description: '£25 per person off autumn coach breaks',
      value: '25.00',
      per_person: true,
      tour_id: t.id,
      start_date: isoDate(today + 120),
      end_date: isoDate(today + 240),
      valid_from_date: isoDate(today - 10),
      valid_to_date: isoDate(today + 90),
    })),
  ];
  if (rows.length) await db.insert(s.discounts).values(rows);
}
