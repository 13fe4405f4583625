import { sql } from 'drizzle-orm';
import { londonZoneSql } from '../../lib/dates';
import type { Db } from '../client';

/**
 * Demo brochure requests (spec 2 §3 Brochure request, issue #14), so the Brochure requests screen
 * has work on it: a dozen asked for on the website by people who are not customers yet (their own
 * name and address, some through an affiliate; unsent), and an earlier batch of requests customers
 * made, already sent. Dates fall in the last weeks before today, in office hours; fixed rows, so
 * every demo database looks the same on the same day. Needs the brochures, customers and
 * affiliates loaded first.
 */

/** [first, last, email, street, line 2, town, county, postcode, days ago, brochure index, qty, affiliate?] */
const WEBSITE: [
  string,
  string,
  string,
  string,
  string | null,
  string,
  string,
  string,
  number,
  number,
  number,
  boolean,
][] = [
  [
    'Margaret',
    'Holloway',
    'm.holloway@example.co.uk',
    '14 Larkspur Close',
    null,
    'Harrogate',
    'North Yorkshire',
    'HG2 8PQ',
    1,
    0,
    1,
    false,
  ],
  [
    'Derek',
    'Ashworth',
    'derek.ashworth@example.co.uk',
    '7 Mill Lane',
    'Hebden Bridge',
    'Halifax',
    'West Yorkshire',
    'HX7 6AB',
    1,
    1,
    2,
    false,
  ],
  [
    'Patricia',
    'Nolan',
    'pat.nolan@example.co.uk',
    'Flat 3, Beech Court',
    '22 Station Road',
    'Chester',
    'Cheshire',
    'CH1 3EZ',
    2,
    2,
    1,
    true,
  ],
  [
    'Graham',
    'Whitfield',
    'g.whitfield@example.co.uk',
    '31 Church Street',
    null,
    'Ludlow',
    'Shropshire',
    'SY8 1AP',
    3,
    0,
    1,
    false,
  ],
  [
    'Susan',
    'Pritchard',
    'sue.pritchard@example.co.uk',
    '5 The Paddocks',
    null,
    'Stamford',
    'Lincolnshire',
    'PE9 2SX',
    3,
    3,
    1,
    false,
  ],
  [
    'Colin',
    'McAllister',
    'colin.mcallister@example.co.uk',
    '88 Kingsway',
    null,
    'Dumfries',
    'Dumfries and Galloway',
    'DG1 2NL',
    4,
    1,
    1,
    true,
  ],
  [
    'Irene',
    'Fairbrother',
    'irene.f@example.co.uk',
    '2 Orchard Cottages',
    'Upper Slaughter',
    'Cheltenham',
    'Gloucestershire',
    'GL54 2JB',
    5,
    4,
    2,
    false,
  ],
  [
    'Barry',
    'Goodwin',
    'barry.goodwin@example.co.uk',
    '19 Marine Parade',
    null,
    'Whitby',
    'North Yorkshire',
    'YO21 3PR',
    6,
    0,
    1,
    false,
  ],
  [
    'Eileen',
    'O’Connor',
    'eileen.oconnor@example.co.uk',
    '47 Victoria Avenue',
    null,
    'Bangor',
    'County Down',
    'BT20 5EP',
    7,
    2,
    1,
    false,
  ],
  [
    'Trevor',
    'Hartley',
    'trevor.hartley@example.co.uk',
    '10 Foxglove Way',
    null,
    'Kendal',
    'Cumbria',
    'LA9 7QR',
    9,
    3,
    1,
    true,
  ],
  [
    'Jean',
    'Rowbotham',
    'jean.rowbotham@example.co.uk',
    '63 Beacon Road',
    null,
    'Loughborough',
    'Leicestershire',
    'LE11 2BJ',
    11,
    1,
    1,
    false,
  ],
  [
    'Alan',
    'Prescott',
    'alan.prescott@example.co.uk',
    '4 Harbour View',
    'Mousehole',
    'Penzance',
    'Cornwall',
    'TR19 6QX',
    12,
    0,
    3,
    false,
  ],
];

export async function seedBrochureRequests(db: Db): Promise<void> {
  const values = sql.join(
    WEBSITE.map(
      (
        [first, last, email, street, line2, town, county, postcode, daysAgo, brochure, qty, viaAffiliate],
        i,
      ) =>
        sql`(${first}, ${last}, ${email}, ${street}, ${line2}, ${town}, ${county}, ${postcode},
             ${daysAgo}::int, ${brochure}::int, ${qty}::int, ${viaAffiliate}::boolean, ${i}::int)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    with b as (select id, (row_number() over (order by id))::int - 1 as n from brochures where is_active),
         a as (select id, (row_number() over (order by id))::int - 1 as n from affiliates where is_active),
         v (first, last, email, street, line2, town, county, postcode, days_ago, brochure, qty, via_affiliate, i) as (values ${values})
    insert into brochure_requests (brochure_id, qty, affiliate_id, requester_first_name, requester_last_name,
      requester_email, requester_street_address, requester_address_line_2, requester_town, requester_county,
      requester_postcode, sent, created_at, updated_at)
    select (select id from b where b.n = v.brochure % (select count(*)::int from b)), v.qty,
           case when v.via_affiliate then (select id from a where a.n = v.i % greatest(1, (select count(*)::int from a))) end,
           v.first, v.last, v.email, v.street, v.line2, v.town, v.county, v.postcode, false,
           t.at, t.at
    from v cross join lateral (
      select (current_date - v.days_ago)::timestamp at time zone ${londonZoneSql}
             + make_interval(mins => 545 + (v.i * 53) % 450) as at) t
    order by v.days_ago desc, v.i`);

  // An earlier batch from customers (the customer screen's 'Request brochure'), already sent.
  await db.execute(sql`
    with b as (select id, (row_number() over (order by id))::int - 1 as n from brochures where is_active),
         c as (select id, affiliate_id, (row_number() over (order by id))::int as n from customers
               where street_address is not null and postcode is not null order by id limit 8)
    insert into brochure_requests (brochure_id, qty, customer_id, affiliate_id, sent, batch_id, created_at, updated_at)
    select (select id from b where b.n = c.n % (select count(*)::int from b)), 1 + (c.n % 2 = 0)::int, c.id,
           c.affiliate_id, true, to_char(current_date - 30, 'YYYYMMDD') || '-1000-demo', t.at, t.at
    from c cross join lateral (
      select (current_date - 35 - c.n)::timestamp at time zone ${londonZoneSql}
             + make_interval(mins => 600 + (c.n * 41) % 360) as at) t`);
}
