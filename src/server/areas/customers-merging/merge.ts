import { sql } from 'drizzle-orm';
import {
  CUSTOMERS_CHANGED_MESSAGE,
  type MergeSummary,
  postcodeKey,
} from '../../../shared/api/customers-merging';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { pgCode } from '../../http/db-errors';
import { conflict } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import { emailKeySql, idList, nameKeySql, postcodeKeySql } from './queries';

/** A customer row as the merge reads it (locked). */
export interface MergeCustomer {
  id: number;
  title: string | null;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string | null;
  phone_number: string | null;
  mobile_number: string | null;
  street_address: string | null;
  address_line_2: string | null;
  address_line_3: string | null;
  address_line_4: string | null;
  town: string | null;
  county: string | null;
  postcode: string | null;
  country_id: number;
  affiliate_id: number | null;
  opt_out_email: boolean;
  opt_out_mailing: boolean;
  is_blacklisted: boolean;
  created_at: string;
  updated_at: string;
}

/** Fields taken one by one from another record when the main one's is blank. */
const PERSONAL_FIELDS = ['title', 'email', 'phone_number', 'mobile_number', 'affiliate_id'] as const;
/** The address: copied as a block, or filled field by field only from a record at the same postcode. */
const ADDRESS_FIELDS = [
  'street_address',
  'address_line_2',
  'address_line_3',
  'address_line_4',
  'town',
  'county',
  'postcode',
] as const;
/** Flags kept set when any record has them: an opt-out or a blacklisting is never lost by a merge. */
const FLAGS = ['opt_out_email', 'opt_out_mailing', 'is_blacklisted'] as const;

type FillField = (typeof PERSONAL_FIELDS)[number] | (typeof ADDRESS_FIELDS)[number] | 'country_id';
type Fill = Partial<Pick<MergeCustomer, FillField | (typeof FLAGS)[number]>>;

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * What the main customer takes from the others (issue #14: 'keeps the main customer's fields and
 * fills its blanks from the others'). `others` in order of preference (the most recently updated
 * first). Names are always the main's. Personal fields (title, email, phones, affiliate): each
 * blank one from the first other that has it. Address: when the main has neither street nor
 * postcode, the whole address (with its country) of the first other that has one — never half of
 * one address and half of another; otherwise a blank line only from another at the same postcode.
 * Opt-outs and the blacklist flag: set when any record has them. Answers the changed columns only.
 */
export function fillFromOthers(main: MergeCustomer, others: MergeCustomer[]): Fill {
  const fill: Fill = {};
  for (const f of PERSONAL_FIELDS) {
    if (!blank(main[f])) continue;
    const from = others.find((o) => !blank(o[f]));
    if (from) Object.assign(fill, { [f]: from[f] });
  }
  const hasAddress = (c: MergeCustomer) => !blank(c.street_address) || !blank(c.postcode);
  if (!hasAddress(main)) {
    const from = others.find(hasAddress);
    if (from) {
      for (const f of ADDRESS_FIELDS) if (!blank(from[f])) Object.assign(fill, { [f]: from[f] });
      if (from.country_id !== main.country_id) fill.country_id = from.country_id;
    }
  } else {
    const samePlace = others.filter(
      (o) => postcodeKey(o.postcode) !== '' && postcodeKey(o.postcode) === postcodeKey(main.postcode),
    );
    for (const f of ADDRESS_FIELDS) {
      if (!blank(main[f])) continue;
      const from = samePlace.find((o) => !blank(o[f]));
      if (from) Object.assign(fill, { [f]: from[f] });
    }
  }
  for (const f of FLAGS) if (!main[f] && others.some((o) => o[f])) fill[f] = true;
  return fill;
}

/** Rows moved from one table: how many, and their ids. */
interface Moved {
  count: number;
  ids: number[];
}
const moved = (rows: { id: number }[]): Moved => ({ count: rows.length, ids: rows.map((r) => Number(r.id)) });

/** Foreign keys to customers the merge moves by name; any other one is moved by `moveOtherReferences`. */
const HANDLED_REFERENCES = new Set([
  'bookings.customer_id',
  'customer_notes.customer_id',
  'brochure_requests.customer_id',
  'booking_requests.customer_id',
  'booking_requests.referrer_id',
  // The customer's side (issue #23): links, sessions and codes stand for one customer and end with
  // them — the merge deletes those of the customers merged away (their bookings change customer).
  'portal_codes.customer_id',
  'portal_links.customer_id',
  'portal_sessions.customer_id',
  // The audit row of an erasure (issue #27, areas/gdpr) names the customer erased: it is not moved to
  // the main customer (who was not erased); the foreign key sets it null when they are merged away.
  'gdpr_runs.customer_id',
]);

/** Every single-column foreign key to customers.id, as 'table.column' with its schema. */
export async function customerReferences(db: Db) {
  return queryRows<{ schema: string; tbl: string; col: string }>(
    db,
    sql`select n.nspname as schema, cl.relname as tbl, a.attname as col
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_namespace n on n.oid = cl.relnamespace
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.confrelid = 'public.customers'::regclass
          and cardinality(c.conkey) = 1
        order by 2, 3`,
  );
}

/**
 * Moves references from tables this module does not know by name (a table added later): every
 * other foreign key to customers is pointed at the main customer, so the delete never fails and
 * nothing is lost. Answers rows moved per 'table.column'.
 */
async function moveOtherReferences(tx: Db, mainId: number, others: number[]) {
  const out: Record<string, number> = {};
  for (const r of await customerReferences(tx)) {
    const name = `${r.tbl}.${r.col}`;
    if (r.schema === 'public' && HANDLED_REFERENCES.has(name)) continue;
    const col = sql.identifier(r.col);
    const rows = await queryRows(
      tx,
      sql`update ${sql.identifier(r.schema)}.${sql.identifier(r.tbl)} set ${col} = ${mainId}
          where ${col} in (${idList(others)}) returning 1`,
    );
    if (rows.length) out[name] = rows.length;
  }
  return out;
}

/**
 * Old-system bookings that reached the customer screen only through a removed customer's match on
 * the old-system customer record (same email, or same name and postcode — the rule of
 * customers/queries.ts `customerBookings`; keep them in step): linked to the main customer, so they
 * stay on its screen. Those the main customer matches itself are left as they are.
 */
async function linkOldSystemBookings(tx: Db, mainId: number, others: number[]) {
  const matches = (c: string) => sql`(
    (${emailKeySql(sql`${sql.raw(c)}.email`)} is not null and lower(oc.email) = ${emailKeySql(sql`${sql.raw(c)}.email`)})
    or (${nameKeySql(sql`oc.first_name`, sql`oc.last_name`)} = ${nameKeySql(sql`${sql.raw(c)}.first_name`, sql`${sql.raw(c)}.last_name`)}
        and ${postcodeKeySql(sql`${sql.raw(c)}.postcode`)} <> ''
        and ${postcodeKeySql(sql`oc.postcode`)} = ${postcodeKeySql(sql`${sql.raw(c)}.postcode`)}))`;
  return queryRows<{ id: number }>(
    tx,
    sql`update bookings b set customer_id = ${mainId}, version = b.version + 1, updated_at = now()
        where b.customer_id is null and b.old_customer_id in (
          select oc.id from old_customers oc
          where exists (select 1 from customers o where o.id in (${idList(others)}) and ${matches('o')})
            and not exists (select 1 from customers mc where mc.id = ${mainId} and ${matches('mc')}))
        returning b.id`,
  );
}

export interface MergeRequest {
  ids: number[];
  /** The main customer; none → the oldest record (created first). */
  mainId?: number;
  userId: number | null;
}

/** What a merge did: the answer's summary and the moved rows' ids (also in the audit entry). */
export interface MergeOutcome {
  summary: MergeSummary;
  main: { id: number; full_name: string; email: string | null };
}

/**
 * Merges duplicate customers into the main one (spec 2 §4 merge flow; issue #14), in ONE
 * transaction:
 * 1. locks the customers `for update` in id order (two merges lock in the same order, so they
 *    queue instead of deadlocking); if any is gone — merged away by someone else meanwhile —
 *    409 'These customers have changed; reload and try again.' and nothing changes;
 * 2. moves every booking (current and old-system: their `version` goes up, so a booking screen
 *    open on the old customer saves nothing stale), note, brochure request, booking request (either
 *    side; a referral between two of the merged records is dropped, as nobody refers themselves)
 *    and any other reference to the main customer, and links old-system bookings only a removed
 *    record matched (`linkOldSystemBookings`);
 * 3. keeps the main customer's fields and fills its blanks (`fillFromOthers`), deletes the others;
 * 4. writes one audit entry on the main customer (entity 'customer', scope 'customer:{id}') with
 *    the fields filled, the removed customers, and every moved row's table, count and ids.
 * A deadlock or serialisation failure with another writer is answered as the same 409.
 */
export async function mergeCustomers(db: Db, req: MergeRequest): Promise<MergeOutcome> {
  const ids = [...new Set(req.ids)].sort((a, b) => a - b);
  try {
    return await inTransaction(db, async (tx) => {
      const locked = await queryRows<MergeCustomer>(
        tx,
        sql`select id, title, first_name, last_name, full_name, email, phone_number, mobile_number,
                   street_address, address_line_2, address_line_3, address_line_4, town, county,
                   postcode, country_id, affiliate_id, opt_out_email, opt_out_mailing, is_blacklisted,
                   created_at, updated_at
            from customers where id in (${idList(ids)}) order by id for update`,
      );
      if (locked.length !== ids.length) throw conflict(CUSTOMERS_CHANGED_MESSAGE);
      const byAge = [...locked].sort(
        (a, b) => Date.parse(String(a.created_at)) - Date.parse(String(b.created_at)) || a.id - b.id,
      );
      const main = req.mainId ? locked.find((c) => c.id === req.mainId) : byAge[0];
      if (!main) throw conflict(CUSTOMERS_CHANGED_MESSAGE);
      const others = locked
        .filter((c) => c.id !== main.id)
        .sort((a, b) => Date.parse(String(b.updated_at)) - Date.parse(String(a.updated_at)) || b.id - a.id);
      const otherIds = others.map((c) => c.id).sort((a, b) => a - b);
      const fill = fillFromOthers(main, others);

      // The main customer first takes its filled fields, so old-system matches use its final email.
      if (Object.keys(fill).length) {
        const sets = Object.entries(fill).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`);
        await tx.execute(
          sql`update customers set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${main.id}`,
        );
      }
      const oldLinked = await linkOldSystemBookings(tx, main.id, otherIds);
      const bookingRows = await queryRows<{ id: number; old: boolean }>(
        tx,
        sql`update bookings set customer_id = ${main.id}, version = version + 1, updated_at = now()
            where customer_id in (${idList(otherIds)}) returning id, old_booking_id is not null as old`,
      );
      for (const table of ['portal_links', 'portal_sessions', 'portal_codes'])
        await tx.execute(
          sql`delete from ${sql.identifier(table)} where customer_id in (${idList(otherIds)})`,
        );
      const notes = await queryRows<{ id: number }>(
        tx,
        sql`update customer_notes set customer_id = ${main.id}, updated_at = now()
            where customer_id in (${idList(otherIds)}) returning id`,
      );
      const brochureRequests = await queryRows<{ id: number }>(
        tx,
        sql`update brochure_requests set customer_id = ${main.id}, updated_at = now()
            where customer_id in (${idList(otherIds)}) returning id`,
      );
      const selfReferrals = await queryRows<{ id: number }>(
        tx,
        sql`delete from booking_requests
            where customer_id in (${idList(ids)}) and referrer_id in (${idList(ids)}) returning id`,
      );
      const referred = await queryRows<{ id: number }>(
        tx,
        sql`update booking_requests set customer_id = ${main.id}, updated_at = now()
            where customer_id in (${idList(otherIds)}) returning id`,
      );
      const referrals = await queryRows<{ id: number }>(
        tx,
        sql`update booking_requests set referrer_id = ${main.id}, updated_at = now()
            where referrer_id in (${idList(otherIds)}) returning id`,
      );
      const otherReferences = await moveOtherReferences(tx, main.id, otherIds);
      await tx.execute(sql`delete from customers where id in (${idList(otherIds)})`);

      const current = bookingRows.filter((b) => !b.old);
      const old = bookingRows.filter((b) => b.old);
      const bookingRequestIds = [...new Set([...referred, ...referrals].map((r) => Number(r.id)))];
      const movedRows = {
        bookings: moved(current),
        old_system_bookings: moved(old),
        old_system_bookings_linked: moved(oldLinked),
        notes: moved(notes),
        brochure_requests: moved(brochureRequests),
        booking_requests: { count: bookingRequestIds.length, ids: bookingRequestIds },
        booking_requests_removed: moved(selfReferrals),
        ...(Object.keys(otherReferences).length ? { other: otherReferences } : {}),
      };
      const removed = others.map((c) => ({
        id: c.id,
        full_name: c.full_name,
        email: c.email,
        postcode: c.postcode,
        created_at: c.created_at,
      }));
      const before: Record<string, unknown> = { merged_customers: null, moved: null };
      const after: Record<string, unknown> = { merged_customers: removed, moved: movedRows };
      for (const [k, v] of Object.entries(fill)) {
        before[k] = main[k as keyof MergeCustomer];
        after[k] = v;
      }
      await recordAudit(tx, {
        entity: 'customer',
        entityId: main.id,
        action: 'updated',
        before,
        after,
        userId: req.userId,
        scope: `customer:${main.id}`,
      });
      return {
        main: { id: main.id, full_name: main.full_name, email: fill.email ?? main.email },
        summary: {
          main_customer_id: main.id,
          removed_customer_ids: otherIds,
          bookings: current.length,
          old_system_bookings: old.length + oldLinked.length,
          notes: notes.length,
          brochure_requests: brochureRequests.length,
          booking_requests: bookingRequestIds.length,
          filled_fields: Object.keys(fill),
        },
      };
    });
  } catch (e) {
    // 40P01 deadlock, 40001 serialisation failure: another writer got there first.
    if (['40P01', '40001'].includes(pgCode(e) ?? '')) throw conflict(CUSTOMERS_CHANGED_MESSAGE);
    throw e;
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** 'moved 3 bookings, 2 notes and 1 brochure request' — the parts that are not zero. */
export function movedText(
  s: Pick<
    MergeSummary,
    'bookings' | 'old_system_bookings' | 'notes' | 'brochure_requests' | 'booking_requests'
  >,
) {
  const parts = [
    s.bookings && plural(s.bookings, 'booking'),
    s.old_system_bookings && plural(s.old_system_bookings, 'old-system booking'),
    s.notes && plural(s.notes, 'note'),
    s.brochure_requests && plural(s.brochure_requests, 'brochure request'),
    s.booking_requests && plural(s.booking_requests, 'referral'),
  ].filter(Boolean) as string[];
  if (!parts.length) return 'nothing else to move';
  return `moved ${parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]}`;
}

/** The merge's answer message: 'Customers merged successfully: 2 records merged into Jane Smith; moved …'. */
export function mergeMessage(o: MergeOutcome) {
  const n = o.summary.removed_customer_ids.length;
  return `Customers merged successfully: ${plural(n, 'record')} merged into ${o.main.full_name}; ${movedText(o.summary)}.`;
}

export { plural };
