import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdvertiseSize, advertiseSizeInput } from '../../../shared/api/advertise-sizes';
import { type Db, queryRows } from '../../db/client';
import { advertise_sizes } from '../../db/schema';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { refuseIfInUse } from '../../http/db-errors';
import { notFound, validationError } from '../../http/errors';

type AdvertiseSizeValues = z.output<typeof advertiseSizeInput>;

/** Advertise Size table (spec 3 §2): Advertise Size name; quick search on it. */
export function advertiseSizeTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<AdvertiseSize>(db, req, {
    from: sql`advertise_sizes`,
    select: sql`id, id as size_id, size_name`,
    sortable: { id: sql`id`, size_name: sql`lower(size_name)` },
    defaultOrder: { column: 'size_name', dir: 'asc' },
    defaultLength: 25,
    tieBreaker: sql`id`,
    searchable: [sql`size_name`],
  });
}

/**
 * Adds an advertise size, or edits one when the form carries an id (spec 3 §4 add/edit mode).
 * Answers the id and whether it was an edit; 404 for an unknown id; 422 when another size has the
 * same name (case-insensitive).
 */
export async function saveAdvertiseSize(
  db: Db,
  v: AdvertiseSizeValues,
): Promise<{ id: number; edited: boolean }> {
  const id = v.id ?? v.size_id;
  const [taken] = await queryRows<{ id: number }>(
    db,
    sql`select id from advertise_sizes where lower(size_name) = lower(${v.size_name})
        and id <> ${id ?? 0} limit 1`,
  );
  if (taken) throw validationError({ size_name: ['An advertise size with this name already exists.'] });
  if (id) {
    const rows = await db
      .update(advertise_sizes)
      .set({ size_name: v.size_name, updated_at: sql`now()` })
      .where(eq(advertise_sizes.id, id))
      .returning({ id: advertise_sizes.id });
    if (rows.length === 0) throw notFound('Advertise size not found.');
    return { id, edited: true };
  }
  const [row] = await db
    .insert(advertise_sizes)
    .values({ size_name: v.size_name })
    .returning({ id: advertise_sizes.id });
  return { id: row.id, edited: false };
}

/** Deletes an advertise size; refused (409) while anything refers to it. */
export async function deleteAdvertiseSize(db: Db, id: number): Promise<void> {
  const rows = await refuseIfInUse(
    () => db.delete(advertise_sizes).where(eq(advertise_sizes.id, id)).returning({ id: advertise_sizes.id }),
    'This advertise size cannot be deleted: it is in use.',
  );
  if (rows.length === 0) throw notFound('Advertise size not found.');
}
