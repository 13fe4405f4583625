import { sql } from 'drizzle-orm';
import { poundsText } from '../../../shared/money-text';
import { type Db, queryRows } from '../client';
import * as s from '../schema';
import { DEMO_USERS } from './demo-users';
import { isoDate } from './gen';

/**
 * Demo messages and updates from the customers' side (issue #23), so the Dashboard's "From
 * customers" and a booking's "From the customer" have something to show: six, on the six live
 * bookings with a customer departing soonest after `today` (a day number) — three unread (two
 * messages, one update), three already read by the demo admin. Sent in the hours before today
 * began, as everything the demo generates; fixed texts, so every demo looks the same on the same
 * day. Needs the bookings, customers and DEMO_USERS loaded first.
 */
export async function seedCustomerMessages(db: Db, today: number): Promise<void> {
  const bookings = await queryRows<{
    id: number;
    title: string | null;
    first_name: string;
    last_name: string;
  }>(
    db,
    sql`select b.id, c.title, c.first_name, c.last_name
        from bookings b join customers c on c.id = b.customer_id
        where b.cancelled_at is null and b.departure_date > ${isoDate(today)}::date
        order by b.departure_date, b.id limit 6`,
  );
  const [admin] = await queryRows<{ id: number }>(
    db,
    sql`select id from users where email = ${DEMO_USERS[0].email}`,
  );
  if (bookings.length < 6 || !admin) return;
  const dayStart = new Date(`${isoDate(today)}T00:00:00Z`).getTime();
  const hoursBefore = (h: number) => new Date(dayStart - h * 3_600_000).toISOString();
  const name = (b: (typeof bookings)[number]) =>
    [b.title, b.first_name, b.last_name].filter(Boolean).join(' ');
  const rows: (typeof s.customer_messages.$inferInsert)[] = [
    {
      holiday_booking_id: bookings[0].id,
      kind: 'message',
      body:
        'We are celebrating our 40th wedding anniversary on this trip. Is there any chance of a room ' +
        'with a sea view? We are happy to pay a little more.',
      created_at: hoursBefore(2),
    },
    {
      holiday_booking_id: bookings[1].id,
      kind: 'update',
      body: `Passenger details updated: ${name(bookings[1])}`,
      created_at: hoursBefore(5),
    },
    {
      holiday_booking_id: bookings[2].id,
      kind: 'message',
      body:
        'My husband uses a walking frame.\nCould you let the coach driver know, and is there a lift at ' +
        'the hotel?',
      created_at: hoursBefore(9),
    },
    {
      holiday_booking_id: bookings[3].id,
      kind: 'update',
      body: 'Changes accepted (From Manage booking)',
      created_at: hoursBefore(26),
      read_at: hoursBefore(22),
      read_by: admin.id,
    },
    {
      holiday_booking_id: bookings[4].id,
      kind: 'update',
      body: `Card payment of ${poundsText('250.00')} started`,
      created_at: hoursBefore(30),
      read_at: hoursBefore(23),
      read_by: admin.id,
    },
    {
      holiday_booking_id: bookings[5].id,
      kind: 'message',
      body: 'Could you tell me what time the coach leaves from the Leeds pick-up point?',
      created_at: hoursBefore(50),
      read_at: hoursBefore(45),
      read_by: admin.id,
    },
  ];
  await db.insert(s.customer_messages).values(rows);
}
