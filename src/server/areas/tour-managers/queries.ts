import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TourManager, TourManagerRow, tourManagerInput } from '../../../shared/api/tour-managers';
import { type Db, queryRows } from '../../db/client';
import { tour_managers } from '../../db/schema';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { refuseIfInUse } from '../../http/db-errors';
import { notFound } from '../../http/errors';

type TourManagerValues = z.output<typeof tourManagerInput>;

/** Tour managers table (spec 2 §2): Firstname, Lastname, Email, Address; quick search on all four. */
export function tourManagerTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<TourManagerRow>(db, req, {
    from: sql`tour_managers`,
    select: sql`id, firstname, lastname, email, address`,
    sortable: {
      id: sql`id`,
      firstname: sql`firstname`,
      lastname: sql`lastname`,
      email: sql`email`,
      address: sql`address`,
    },
    defaultOrder: { column: 'lastname', dir: 'asc' },
    defaultLength: 25,
    tieBreaker: sql`id`,
    searchable: [
      sql`firstname`,
      sql`lastname`,
      sql`email`,
      sql`address`,
      sql`(firstname || ' ' || lastname)`,
    ],
  });
}

/** One tour manager; 404 when there is none. */
export async function getTourManager(db: Db, id: number): Promise<TourManager> {
  const [row] = await queryRows<TourManager>(
    db,
    sql`select id, firstname, lastname, email, mobile_number, telephone_number, address,
          iban_number, bic_swift_number, account_number, sort_code, bank_name
        from tour_managers where id = ${id}`,
  );
  if (!row) throw notFound('Tour manager not found.');
  return row;
}

const toRow = (v: TourManagerValues) => ({
  firstname: v.firstname,
  lastname: v.lastname,
  email: v.email,
  mobile_number: v.mobile_number,
  telephone_number: v.telephone_number,
  address: v.address ?? null,
  iban_number: v.iban_number ?? null,
  bic_swift_number: v.bic_swift_number ?? null,
  account_number: v.account_number ?? null,
  sort_code: v.sort_code ?? null,
  bank_name: v.bank_name ?? null,
});

/** Inserts a tour manager; answers the id. */
export async function createTourManager(db: Db, values: TourManagerValues): Promise<number> {
  const [row] = await db.insert(tour_managers).values(toRow(values)).returning({ id: tour_managers.id });
  return row.id;
}

/** Replaces a tour manager's fields; 404 when there is none. */
export async function updateTourManager(db: Db, id: number, values: TourManagerValues): Promise<void> {
  const rows = await db
    .update(tour_managers)
    .set({ ...toRow(values), updated_at: sql`now()` })
    .where(eq(tour_managers.id, id))
    .returning({ id: tour_managers.id });
  if (rows.length === 0) throw notFound('Tour manager not found.');
}

/** Deletes a tour manager; refused (409) once invoices or tour groups point at them. */
export async function deleteTourManager(db: Db, id: number): Promise<void> {
  const rows = await refuseIfInUse(
    () => db.delete(tour_managers).where(eq(tour_managers.id, id)).returning({ id: tour_managers.id }),
    'This tour manager cannot be deleted: invoices or tours are linked to them.',
  );
  if (rows.length === 0) throw notFound('Tour manager not found.');
}
