import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { DEMO_USERS } from './demo-users';

/** What staff write on a customer's record (spec 2 §3 notes). */
const NOTE_TEXTS = [
  'Called to ask about next year’s coach tours; brochure to follow.',
  'Prefers a ground floor room – knee replacement last spring.',
  'Travels with her sister; please keep their bookings together.',
  'Asked to be seated near the front of the coach.',
  'Paid the balance by cheque over the phone; receipt posted.',
  'Moved house – new address confirmed on the phone.',
  'Vegetarian; reminded the hotel on the last two tours.',
  'Complained about the late pick-up at Leeds; apologised and offered £25 off the next tour.',
  'Wants to hear about river cruises when dates are announced.',
  'Does not want marketing calls, post only.',
  'Regular traveller – sends a Christmas card to the office every year.',
  'Hard of hearing; prefers email to phone calls.',
];

/**
 * Demo data of the customers area (spec 2 §2 customer edit):
 * - a dozen customers also travelled under the earlier system: their old-system records take the
 *   customer's title, name, email and postcode, so the customer edit screen lists old bookings
 *   beside the current ones (the n-th old customer with bookings becomes the (11·n)-th customer
 *   that has an email);
 * - notes on every ninth customer (one to three each, by the demo admin or accountant), dated after
 *   the customer was registered, in office hours, and before today.
 * Set-based and deterministic: the same ids give the same data.
 */
export async function seedCustomerDemo(db: Db): Promise<void> {
  await db.execute(sql`
    with old as (
      select id, row_number() over (order by id) as n
      from old_customers where id in (select old_customer_id from bookings where old_customer_id is not null)
    ), cur as (
      select id, title, first_name, last_name, email, postcode, row_number() over (order by id) as n
      from customers where email is not null
    )
    update old_customers o
    set title = cur.title, first_name = cur.first_name, last_name = cur.last_name, email = cur.email,
        postcode = cur.postcode
    from old join cur on cur.n = old.n * 11
    where o.id = old.id and old.n <= 12`);

  const texts = sql`array[${sql.join(
    NOTE_TEXTS.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
  const [admin, accounts] = DEMO_USERS.map((u) => u.email);
  await db.execute(sql`
    insert into customer_notes (customer_id, note, user_id, created_at, updated_at)
    select c.id, n.note, n.user_id, n.at, n.at
    from customers c
    cross join lateral (
      select (${texts})[1 + ((c.id * 7 + g) % ${NOTE_TEXTS.length})] as note,
             (select id from users where email = case when (c.id + g) % 3 = 0 then ${accounts} else ${admin} end) as user_id,
             greatest(c.created_at + interval '1 hour',
                      least(date_trunc('day', c.created_at)
                              + make_interval(days => g * 23 + c.id % 40, mins => 540 + (c.id * 37 + g * 13) % 480),
                            date_trunc('day', now()) - make_interval(hours => 14 - g))) as at
      from generate_series(1, 1 + c.id % 3) g
    ) n
    where c.id % 9 = 0`);
}
