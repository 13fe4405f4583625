import { eq, sql } from 'drizzle-orm';
import type { CancellationPolicy } from '../../../shared/api/cancellations';
import { type Db, queryRows } from '../../db/client';
import { cancellation_policies } from '../../db/schema';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { notFound } from '../../http/errors';

const selectColumns = sql`id, days_before_start, days_before_end, penalty_type::int as penalty_type,
  penalty_charge::text as penalty_charge, tour_type`;

/**
 * Cancellation policies table (spec 3 §2): Policy Start Day, Policy End Day, Penalty Amount, Tour
 * Type; server-side paged; by default grouped by tour type, largest start day first.
 */
export function cancellationTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<CancellationPolicy>(db, req, {
    from: sql`cancellation_policies`,
    select: selectColumns,
    sortable: {
      id: sql`id`,
      days_before_start: sql`days_before_start`,
      days_before_end: sql`days_before_end`,
      penalty_charge: sql`penalty_charge`,
      tour_type: sql`tour_type`,
    },
    defaultOrder: { column: 'tour_type', dir: 'asc' },
    defaultLength: 25,
    // Within equal values the largest start day comes first, then the id (the helper appends the
    // first column's direction to this last term only), so each tour type reads as a ladder.
    tieBreaker: sql`days_before_start desc, id`,
    searchable: [sql`tour_type`],
  });
}

/** One policy; 404 when there is none. */
export async function getCancellationPolicy(db: Db, id: number): Promise<CancellationPolicy> {
  const [row] = await queryRows<CancellationPolicy>(
    db,
    sql`select ${selectColumns} from cancellation_policies where id = ${id}`,
  );
  if (!row) throw notFound('Cancellation policy not found.');
  return row;
}

/**
 * The first policy of `tourType` whose day range (both ends inclusive) overlaps `start`..`end`,
 * leaving out `exceptId` (the policy being edited).
 */
export async function findOverlap(
  db: Db,
  tourType: string,
  start: number,
  end: number,
  exceptId: number | undefined,
): Promise<CancellationPolicy | undefined> {
  const [row] = await queryRows<CancellationPolicy>(
    db,
    sql`select ${selectColumns} from cancellation_policies
        where tour_type = ${tourType} and days_before_end <= ${start} and days_before_start >= ${end}
          and id <> ${exceptId ?? 0}
        order by days_before_start desc, id limit 1`,
  );
  return row;
}

export interface PolicyColumns {
  days_before_start: number;
  days_before_end: number;
  penalty_type: number;
  penalty_charge: string;
  tour_type: string;
}

export async function insertPolicy(db: Db, values: PolicyColumns): Promise<number> {
  const [row] = await db
    .insert(cancellation_policies)
    .values(values)
    .returning({ id: cancellation_policies.id });
  return row.id;
}

/** Answers false when there is no policy `id`. */
export async function updatePolicy(db: Db, id: number, values: PolicyColumns): Promise<boolean> {
  const rows = await db
    .update(cancellation_policies)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(cancellation_policies.id, id))
    .returning({ id: cancellation_policies.id });
  return rows.length > 0;
}

export async function deletePolicy(db: Db, id: number): Promise<void> {
  const rows = await db
    .delete(cancellation_policies)
    .where(eq(cancellation_policies.id, id))
    .returning({ id: cancellation_policies.id });
  if (rows.length === 0) throw notFound('Cancellation policy not found.');
}
