import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceType, serviceTypeInput } from '../../../shared/api/service-types';
import { type Db, queryRows } from '../../db/client';
import { service_types } from '../../db/schema';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { refuseIfInUse } from '../../http/db-errors';
import { notFound, validationError } from '../../http/errors';

type ServiceTypeValues = z.output<typeof serviceTypeInput>;

const selectColumns = sql`id, id as service_type_id, service_name, service_code`;

/** Services Type table (spec 3 §2): Service Name, Service Code; quick search on both. */
export function serviceTypeTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<ServiceType>(db, req, {
    from: sql`service_types`,
    select: selectColumns,
    sortable: { id: sql`id`, service_name: sql`lower(service_name)`, service_code: sql`lower(service_code)` },
    defaultOrder: { column: 'service_name', dir: 'asc' },
    defaultLength: 25,
    tieBreaker: sql`id`,
    searchable: [sql`service_name`, sql`service_code`],
  });
}

/** Every service type by name (spec 3 §7 GET service-types/list, used by discounts and group payments). */
export function listServiceTypes(db: Db): Promise<ServiceType[]> {
  return queryRows<ServiceType>(
    db,
    sql`select ${selectColumns} from service_types order by lower(service_name), id`,
  );
}

/**
 * Adds a service type, or edits one when the form carries an id (spec 3 §4 add/edit mode).
 * Answers the id and whether it was an edit; 404 for an unknown id; 422 when another service type
 * has the same name (case-insensitive).
 */
export async function saveServiceType(
  db: Db,
  v: ServiceTypeValues,
): Promise<{ id: number; edited: boolean }> {
  const values = { service_name: v.service_name, service_code: v.service_code ?? null };
  const id = v.id ?? v.service_type_id;
  const [taken] = await queryRows<{ id: number }>(
    db,
    sql`select id from service_types where lower(service_name) = lower(${v.service_name})
        and id <> ${id ?? 0} limit 1`,
  );
  if (taken) throw validationError({ service_name: ['A service type with this name already exists.'] });
  if (id) {
    const rows = await db
      .update(service_types)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(service_types.id, id))
      .returning({ id: service_types.id });
    if (rows.length === 0) throw notFound('Service type not found.');
    return { id, edited: true };
  }
  const [row] = await db.insert(service_types).values(values).returning({ id: service_types.id });
  return { id: row.id, edited: false };
}

/** Deletes a service type; refused (409) while anything refers to it. */
export async function deleteServiceType(db: Db, id: number): Promise<void> {
  const rows = await refuseIfInUse(
    () => db.delete(service_types).where(eq(service_types.id, id)).returning({ id: service_types.id }),
    'This service type cannot be deleted: it is in use.',
  );
  if (rows.length === 0) throw notFound('Service type not found.');
}
