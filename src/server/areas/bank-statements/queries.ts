import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  BankBookingChoice,
  BankStatement,
  bankLineRow,
  bankStatementRow,
} from '../../../shared/api/bank-statements';
import type { BookingCandidate } from '../../../shared/bank-matching';
import { stillOwed } from '../../../shared/booking-totals';
import { type Db, queryRows } from '../../db/client';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { notFound } from '../../http/errors';

const countsSql = sql`
  (select count(*) filter (where l.status = 'matched')::int as matched,
          count(*) filter (where l.status = 'suggested')::int as suggested,
          count(*) filter (where l.status = 'unmatched')::int as unmatched,
          count(*) filter (where l.status = 'recorded')::int as recorded,
          count(*) filter (where l.status = 'ignored')::int as ignored,
          count(*) filter (where l.status = 'debit')::int as debit,
          coalesce(sum(l.amount) filter (where l.status in ('matched', 'suggested', 'unmatched')), 0)::text as credits_open
   from bank_statement_lines l where l.statement_id = s.id) c`;

const statementSelect = sql`s.id, s.created_at, s.file_name, s.format, s.account, s.status, s.job_id,
  s.lines_in_file, s.lines_skipped, u.name as imported_by_name,
  c.matched, c.suggested, c.unmatched, c.recorded, c.ignored, c.debit, c.credits_open`;
const statementFrom = sql`bank_statements s left join users u on u.id = s.imported_by cross join lateral ${countsSql}`;

/** The imports, newest first (counts per status from the lines' (statement, status) index). */
export function statementTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<z.infer<typeof bankStatementRow>>(db, req, {
    from: statementFrom,
    select: statementSelect,
    sortable: { id: sql`s.id`, created_at: sql`s.created_at`, file_name: sql`s.file_name` },
    defaultOrder: { column: 'id', dir: 'desc' },
    defaultLength: 25,
    tieBreaker: sql`s.id`,
    searchable: [sql`s.file_name`, sql`s.account`],
  });
}

export async function getStatement(db: Db, id: number): Promise<BankStatement> {
  const [row] = await queryRows<BankStatement>(
    db,
    sql`select ${statementSelect} from ${statementFrom} where s.id = ${id}`,
  );
  if (!row) throw notFound('Bank statement not found.');
  return row;
}

/** A statement's lines in file order, filtered by status, with their booking and payments. */
export function lineTable(db: Db, statementId: number, req: DataTablesRequest & { status?: string }) {
  return runSimpleTable<z.infer<typeof bankLineRow>>(db, req, {
    from: sql`bank_statement_lines l
      left join bookings b on b.id = l.booking_id
      left join customers cu on cu.id = b.customer_id
      left join agents ag on ag.id = b.agent_id`,
    select: sql`l.id, l.line_no, l.booked_on::text as booked_on, l.amount::text as amount, l.reference, l.payer,
      l.status, l.score, l.booking_id, b.booking_ref,
      case when b.id is null then null
           else greatest(0, coalesce(case when b.cancelled_at is not null then coalesce(b.cancellation_charge, b.total_due) end, b.total_due) - b.paid)::text
      end as booking_owed,
      coalesce(cu.first_name || ' ' || cu.last_name, ag.name) as booking_name,
      l.suggestions,
      coalesce((select json_agg(json_build_object('id', p.id, 'booking_id', p.holiday_booking_id,
                  'booking_ref', pb.booking_ref, 'amount', p.payment_amount::text) order by p.id)
                from payments p join bookings pb on pb.id = p.holiday_booking_id
                where p.bank_line_id = l.id), '[]'::json) as payments`,
    sortable: {
      line_no: sql`l.line_no`,
      booked_on: sql`l.booked_on`,
      amount: sql`l.amount`,
      score: sql`l.score`,
    },
    defaultOrder: { column: 'line_no', dir: 'asc' },
    defaultLength: 50,
    allowAll: false,
    tieBreaker: sql`l.id`,
    searchable: [sql`l.reference`, sql`l.payer`, sql`b.booking_ref`],
    where: [sql`l.statement_id = ${statementId}`, ...(req.status ? [sql`l.status = ${req.status}`] : [])],
  });
}

/** A list as one JSON parameter, read back as a PostgreSQL array of `type` (drizzle spreads JS arrays). */
const arrayOf = (values: readonly (string | number)[], type: 'text' | 'numeric' | 'int') =>
  sql`array(select x::${sql.raw(type)} from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) x)`;

/** A booking row as the candidate queries read it; `owed` is worked out by the shared rule. */
interface CandidateRow {
  booking_id: number;
  booking_ref: string;
  total_due: string;
  paid: string;
  cancelled_at: string | null;
  cancellation_charge: string | null;
  customer_name: string | null;
  agent_id: number | null;
  agent_name: string | null;
  /** Which key found it: the reference, an amount, a surname or an agent id (as text). */
  found_by: string;
}

const candidateColumns = sql`b.id as booking_id, b.booking_ref, b.total_due::text as total_due, b.paid::text as paid,
  b.cancelled_at, b.cancellation_charge::text as cancellation_charge,
  cu.first_name || ' ' || cu.last_name as customer_name, b.agent_id, ag.name as agent_name`;
const partyJoins = sql`left join customers cu on cu.id = b.customer_id left join agents ag on ag.id = b.agent_id`;

const toCandidate = (r: CandidateRow): BookingCandidate & { found_by: string } => ({
  booking_id: r.booking_id,
  booking_ref: r.booking_ref,
  owed: stillOwed({
    total_due: r.total_due,
    paid: r.paid,
    cancellation_value: r.cancelled_at ? (r.cancellation_charge ?? r.total_due) : null,
  }),
  customer_name: r.customer_name,
  agent_id: r.agent_id,
  agent_name: r.agent_name,
  found_by: r.found_by,
});

/** The bookings of these references: one statement on the booking_ref unique index. */
export async function bookingsByRef(db: Db, refs: string[]) {
  if (!refs.length) return [];
  const rows = await queryRows<CandidateRow>(
    db,
    sql`select ${candidateColumns}, b.booking_ref as found_by
        from bookings b ${partyJoins}
        where b.booking_ref = any(${arrayOf(refs, 'text')})`,
  );
  return rows.map(toCandidate);
}

/**
 * Live bookings owing exactly one of these amounts, at most three per amount (the partial index on
 * open balances, one walk per amount), and those of customers with one of these surnames (the
 * lower(last_name) index, 20 customers a surname, their 3 newest bookings owing), and the 5 owing
 * longest of each of these agents. Bounded: a statement's unreferenced lines cost a few index walks each.
 */
export async function suggestionCandidates(
  db: Db,
  keys: { amounts: string[]; surnames: string[]; agentIds: number[] },
) {
  const rows: CandidateRow[] = [];
  if (keys.amounts.length)
    rows.push(
      ...(await queryRows<CandidateRow>(
        db,
        sql`select ${candidateColumns}, a.amount::text as found_by
            from unnest(${arrayOf(keys.amounts, 'numeric')}) as a(amount)
            cross join lateral (select * from bookings x
                                where x.balance = a.amount and x.balance > 0 and x.cancelled_at is null
                                order by x.id desc limit 3) b
            ${partyJoins}`,
      )),
    );
  if (keys.surnames.length)
    rows.push(
      ...(await queryRows<CandidateRow>(
        db,
        sql`select ${candidateColumns}, s.surname as found_by
            from unnest(${arrayOf(keys.surnames, 'text')}) as s(surname)
            cross join lateral (select c.id from customers c where lower(c.last_name) = s.surname limit 20) c
            cross join lateral (select * from bookings x
                                where x.customer_id = c.id and x.balance > 0 and x.cancelled_at is null
                                order by x.created_at desc limit 3) b
            ${partyJoins}`,
      )),
    );
  if (keys.agentIds.length)
    rows.push(
      ...(await queryRows<CandidateRow>(
        db,
        sql`select ${candidateColumns}, a.id::text as found_by
            from unnest(${arrayOf(keys.agentIds, 'int')}) as a(id)
            cross join lateral (select * from bookings x
                                where x.agent_id = a.id and x.balance > 0 and x.cancelled_at is null
                                order by x.balance_due nulls last, x.id limit 5) b
            ${partyJoins}`,
      )),
    );
  return rows.map(toCandidate);
}

/** Every agent's id and name (a few hundred): the payer texts are read against them in memory. */
export const agentNames = (db: Db) =>
  queryRows<{ id: number; name: string }>(db, sql`select id, name from agents`);

/**
 * The bookings a transfer may be split across: an agent's or a group's (a tour line on one of the
 * group's instances), live and owing, oldest balance due first, at most 200.
 */
export async function splitBookings(db: Db, by: { agentId?: number; groupId?: number }) {
  const where = by.agentId
    ? sql`b.agent_id = ${by.agentId}`
    : sql`b.id in (select tb.holiday_booking_id from tour_bookings tb
                   join tour_instances i on i.id = tb.tour_instance_id where i.tour_group_id = ${by.groupId ?? 0})`;
  const rows = await queryRows<CandidateRow & { departure_date: string | null }>(
    db,
    sql`select ${candidateColumns}, '' as found_by, b.departure_date::text as departure_date
        from bookings b ${partyJoins}
        where ${where} and b.cancelled_at is null and b.balance > 0
        order by b.balance_due nulls last, b.id limit 200`,
  );
  return rows.map((r) => ({ ...toCandidate(r), departure_date: r.departure_date }));
}

/**
 * Agents named like `q`, and groups whose tour name, reference and start date (DD/MM/YYYY) hold
 * every word of `q` ('Lakes 12/05/2027'); ten of each.
 */
export async function splitParties(db: Db, q: string) {
  const like = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const words = q
    .split(/\s+/)
    .filter((w) => w && w !== '—' && w !== '-')
    .slice(0, 6);
  const groupText = sql`(t.name || ' ' || coalesce(t.reference, '') || ' ' || to_char(g.start_date, 'DD/MM/YYYY'))`;
  const [agents, groups] = await Promise.all([
    queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from agents where name ilike ${like(q)} order by name, id limit 10`,
    ),
    queryRows<{ id: number; label: string }>(
      db,
      sql`select g.id, t.name || ' — ' || to_char(g.start_date, 'DD/MM/YYYY') as label
          from tour_groups g join tours t on t.id = g.tour_id
          where ${
            words.length
              ? sql.join(
                  words.map((w) => sql`${groupText} ilike ${like(w)}`),
                  sql` and `,
                )
              : sql`true`
          }
          order by g.start_date desc, g.id limit 10`,
    ),
  ]);
  return { agents, groups };
}

/**
 * Live bookings to record a line against by hand (issue #26): those whose reference starts with
 * `q` (the booking_ref pattern index) or whose customer's surname is `q` (the lower(last_name)
 * index, 50 customers), those owing first, then the soonest balance due; at most 20. A `q` under
 * two characters finds nothing.
 */
export async function bookingChoices(db: Db, q: string) {
  const term = q.trim();
  if (term.length < 2) return [];
  const prefix = `${term.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<CandidateRow & { departure_date: string | null }>(
    db,
    sql`select ${candidateColumns}, '' as found_by, b.departure_date::text as departure_date
        from bookings b ${partyJoins}
        where b.cancelled_at is null
          and (b.booking_ref like ${prefix}
               or b.customer_id in (select c.id from customers c
                                    where lower(c.last_name) = ${term.toLowerCase()} limit 50))
        order by (b.balance > 0) desc, b.balance_due nulls last, b.id desc limit 20`,
  );
  return rows.map((r) => bookingChoice({ ...toCandidate(r), departure_date: r.departure_date }));
}

/** A candidate as the screens choose it (`BankBookingChoice`): who is the customer, else the agent. */
export const bookingChoice = (
  c: Pick<BookingCandidate, 'booking_id' | 'booking_ref' | 'owed'> & {
    customer_name: string | null;
    agent_name: string | null;
    departure_date: string | null;
  },
): BankBookingChoice => ({
  booking_id: c.booking_id,
  booking_ref: c.booking_ref,
  name: c.customer_name ?? c.agent_name,
  departure_date: c.departure_date,
  owed: c.owed,
});
