import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Resort, resortInput, resortRow } from '../../../shared/api/resorts';
import { type Db, queryRows } from '../../db/client';
import { resorts } from '../../db/schema';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { refuseIfInUse } from '../../http/db-errors';
import { notFound } from '../../http/errors';

type ResortValues = z.output<typeof resortInput>;

/** Resorts table (spec 3 §2): Name, Location; quick search on both; All offered. */
export function resortTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<z.infer<typeof resortRow>>(db, req, {
    from: sql`resorts r left join countries c on c.id = r.country_id`,
    select: sql`r.id, r.resort_name, r.location, c.name as country_name`,
    sortable: { id: sql`r.id`, resort_name: sql`r.resort_name`, location: sql`r.location` },
    defaultOrder: { column: 'resort_name', dir: 'asc' },
    defaultLength: 25,
    allowAll: true,
    tieBreaker: sql`r.id`,
    searchable: [sql`r.resort_name`, sql`r.location`, sql`c.name`],
  });
}

/** One resort with its country's name; 404 when there is none. */
export async function getResort(db: Db, id: number): Promise<Resort> {
  const [row] = await queryRows<Resort>(
    db,
    sql`select r.id, r.resort_name, r.location, r.country_id, c.name as country_name
        from resorts r left join countries c on c.id = r.country_id where r.id = ${id}`,
  );
  if (!row) throw notFound('Resort not found.');
  return row;
}

export async function createResort(db: Db, values: ResortValues): Promise<number> {
  const [row] = await db
    .insert(resorts)
    .values({
      resort_name: values.resort_name,
      location: values.location ?? null,
      country_id: values.country_id ?? null,
    })
    .returning({ id: resorts.id });
  return row.id;
}

export async function updateResort(db: Db, id: number, values: ResortValues): Promise<void> {
  const rows = await db
    .update(resorts)
    .set({
      resort_name: values.resort_name,
      location: values.location ?? null,
      country_id: values.country_id ?? null,
      updated_at: sql`now()`,
    })
    .where(eq(resorts.id, id))
    .returning({ id: resorts.id });
  if (rows.length === 0) throw notFound('Resort not found.');
}

/** Deletes a resort; refused while accommodation is in it. */
export async function deleteResort(db: Db, id: number): Promise<void> {
  const rows = await refuseIfInUse(
    () => db.delete(resorts).where(eq(resorts.id, id)).returning({ id: resorts.id }),
    'This resort cannot be deleted: accommodation is linked to it.',
  );
  if (rows.length === 0) throw notFound('Resort not found.');
}
