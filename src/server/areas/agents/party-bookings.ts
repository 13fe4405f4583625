import { type SQL, sql } from 'drizzle-orm';
import type { PartyBookingRow } from '../../../shared/api/agents';
import type { Db } from '../../db/client';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';

/**
 * The bookings of one agent or affiliate as a server-side table (spec 2 §2 agent edit 'list of
 * bookings (current plus old)', affiliate edit 'Bookings' tab): reference (the old system's id when
 * there is no reference), customer (the old system's customer or lead passenger for imported
 * ones), booking date; newest first. `match` selects the bookings (a condition on `b`); it should
 * use the (agent_id | affiliate_id, created_at, id) and old_* indexes of bookings.
 */
export function partyBookingsTable(db: Db, req: DataTablesRequest, match: SQL, defaultLength: number) {
  const ref = sql`coalesce(b.booking_ref, b.old_booking_id::text)`;
  const oldName = sql`nullif(btrim(concat_ws(' ', oc.first_name, oc.last_name)), '')`;
  return runSimpleTable<PartyBookingRow>(db, req, {
    from: sql`bookings b
      left join customers c on c.id = b.customer_id
      left join old_customers oc on oc.id = b.old_customer_id`,
    select: sql`b.id, b.booking_ref, b.old_booking_id, b.created_at,
      coalesce(c.full_name, ${oldName}, b.old_lead_passenger) as customer_name,
      (b.old_booking_id is not null) as is_old`,
    sortable: {
      booking_ref: ref,
      customer_name: sql`coalesce(c.full_name, ${oldName}, b.old_lead_passenger)`,
      created_at: sql`b.created_at`,
    },
    defaultOrder: { column: 'created_at', dir: 'desc' },
    defaultLength,
    tieBreaker: sql`b.id`,
    searchable: [sql`b.booking_ref`, sql`b.old_booking_id::text`, sql`c.full_name`, oldName],
    where: [match],
  });
}
