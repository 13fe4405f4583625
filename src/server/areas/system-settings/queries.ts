import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SystemSetting, systemSettingInput } from '../../../shared/api/system-settings';
import { type Db, queryRows } from '../../db/client';
import { system_settings } from '../../db/schema';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { uniqueAs } from '../../http/db-errors';
import { notFound } from '../../http/errors';

type SystemSettingValues = z.output<typeof systemSettingInput>;

/** Spec 3 §7: a name already used answers 422 on name with this message. */
export const NAME_TAKEN = 'The name has already been taken.';

/** System Settings table (spec 3 §2): name, value; quick search on both. */
export function systemSettingTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<SystemSetting>(db, req, {
    from: sql`system_settings`,
    select: sql`id, name, value`,
    sortable: { id: sql`id`, name: sql`lower(name)`, value: sql`lower(value)` },
    defaultOrder: { column: 'name', dir: 'asc' },
    defaultLength: 25,
    tieBreaker: sql`id`,
    searchable: [sql`name`, sql`value`],
  });
}

/** The value of the system setting named `name` (spec 3 §3 System setting), or null when unset. */
export async function systemSetting(db: Db, name: string): Promise<string | null> {
  const [row] = await queryRows<{ value: string | null }>(
    db,
    sql`select value from system_settings where name = ${name}`,
  );
  return row?.value ?? null;
}

/** One system setting; 404 when there is none. */
export async function getSystemSetting(db: Db, id: number): Promise<SystemSetting> {
  const [row] = await queryRows<SystemSetting>(
    db,
    sql`select id, name, value from system_settings where id = ${id}`,
  );
  if (!row) throw notFound('System setting not found.');
  return row;
}

/** Adds a setting; a name already used answers 422 'The name has already been taken.'. */
export async function createSystemSetting(db: Db, v: SystemSettingValues): Promise<number> {
  const [row] = await uniqueAs(
    () =>
      db
        .insert(system_settings)
        .values({ name: v.name, value: v.value })
        .returning({ id: system_settings.id }),
    'name',
    NAME_TAKEN,
  );
  return row.id;
}

/** Changes a setting's name and value; 404 for an unknown id, 422 when the name is taken. */
export async function updateSystemSetting(db: Db, id: number, v: SystemSettingValues): Promise<void> {
  const rows = await uniqueAs(
    () =>
      db
        .update(system_settings)
        .set({ name: v.name, value: v.value, updated_at: sql`now()` })
        .where(eq(system_settings.id, id))
        .returning({ id: system_settings.id }),
    'name',
    NAME_TAKEN,
  );
  if (rows.length === 0) throw notFound('System setting not found.');
}

export async function deleteSystemSetting(db: Db, id: number): Promise<void> {
  const rows = await db
    .delete(system_settings)
    .where(eq(system_settings.id, id))
    .returning({ id: system_settings.id });
  if (rows.length === 0) throw notFound('System setting not found.');
}
