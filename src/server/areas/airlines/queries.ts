import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Airline, AirlineOption, AirlineRow, airlineInput } from '../../../shared/api/airlines';
import { type Db, queryRows } from '../../db/client';
import { airlines } from '../../db/schema';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { refuseIfInUse } from '../../http/db-errors';
import { notFound } from '../../http/errors';

export type AirlineValues = z.output<typeof airlineInput>;

/** A stored instruction PDF: its original name and storage key. */
export interface AirlineDoc {
  name: string;
  key: string;
}

/** All airlines by name, for pickers (spec 3 §7 GET airlines: data [{id, name}]). */
export function listAirlines(db: Db): Promise<AirlineOption[]> {
  return queryRows<AirlineOption>(db, sql`select id, name from airlines order by lower(name), id`);
}

/** Airlines table (spec 3 §2): name, contact name, web check-in days; quick search on both names. */
export function airlineTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<AirlineRow>(db, req, {
    from: sql`airlines a`,
    select: sql`a.id, a.name, a.contact_name, a.web_check_in_before_days,
                a.instruction_doc_name, (a.instruction_doc_path is not null) as has_instruction_doc`,
    sortable: {
      id: sql`a.id`,
      name: sql`lower(a.name)`,
      contact_name: sql`lower(a.contact_name)`,
      web_check_in_before_days: sql`a.web_check_in_before_days`,
    },
    defaultOrder: { column: 'name', dir: 'asc' },
    defaultLength: 25,
    tieBreaker: sql`a.id`,
    searchable: [sql`a.name`, sql`a.contact_name`],
  });
}

/** One airline (without its storage key); 404 when there is none. */
export async function getAirline(db: Db, id: number): Promise<Airline> {
  const [row] = await queryRows<Airline>(
    db,
    sql`select id, name, contact_name, web_check_in_before_days, airline_content, instruction_doc_name,
               (instruction_doc_path is not null) as has_instruction_doc
        from airlines where id = ${id}`,
  );
  if (!row) throw notFound('Airline not found.');
  return row;
}

/** The stored instruction PDF of an airline, or null when it has none (or the airline is unknown). */
export async function getAirlineDoc(db: Db, id: number): Promise<AirlineDoc | null> {
  const [row] = await queryRows<{ name: string | null; key: string | null }>(
    db,
    sql`select instruction_doc_name as name, instruction_doc_path as key from airlines where id = ${id}`,
  );
  return row?.key ? { name: row.name || 'airline-instructions.pdf', key: row.key } : null;
}

const columns = (v: AirlineValues) => ({
  name: v.name,
  contact_name: v.contact_name ?? null,
  web_check_in_before_days: v.web_check_in_before_days ?? null,
  airline_content: v.airline_content ?? null,
});

/** Inserts an airline (with its PDF's name and key when one was stored); answers the id. */
export async function insertAirline(db: Db, v: AirlineValues, doc: AirlineDoc | null): Promise<number> {
  const [row] = await db
    .insert(airlines)
    .values({
      ...columns(v),
      instruction_doc_name: doc?.name ?? null,
      instruction_doc_path: doc?.key ?? null,
    })
    .returning({ id: airlines.id });
  return row.id;
}

/**
 * Updates an airline in one statement; a new PDF replaces the old one's name and key. Answers the
 * previous storage key (so the caller can remove the replaced file), or undefined when the airline
 * does not exist.
 */
export async function updateAirlineRow(
  db: Db,
  id: number,
  v: AirlineValues,
  doc: AirlineDoc | null,
): Promise<{ oldKey: string | null } | undefined> {
  const c = columns(v);
  const [row] = await queryRows<{ old_key: string | null }>(
    db,
    sql`with old as (select id, instruction_doc_path from airlines where id = ${id} for update)
        update airlines a set
          name = ${c.name},
          contact_name = ${c.contact_name},
          web_check_in_before_days = ${c.web_check_in_before_days},
          airline_content = ${c.airline_content},
          instruction_doc_name = coalesce(${doc?.name ?? null}::text, a.instruction_doc_name),
          instruction_doc_path = coalesce(${doc?.key ?? null}::text, a.instruction_doc_path),
          updated_at = now()
        from old where a.id = old.id
        returning old.instruction_doc_path as old_key`,
  );
  return row ? { oldKey: row.old_key } : undefined;
}

/** Deletes an airline; refused (409) while flights use it. Answers the removed PDF's key. */
export async function deleteAirlineRow(db: Db, id: number): Promise<{ key: string | null }> {
  const rows = await refuseIfInUse(
    () => db.delete(airlines).where(eq(airlines.id, id)).returning({ key: airlines.instruction_doc_path }),
    'This airline cannot be deleted: flights use it. Move or delete those flights first.',
  );
  if (rows.length === 0) throw notFound('Airline not found.');
  return { key: rows[0].key };
}
