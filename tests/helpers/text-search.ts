import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/server/db/client';

/** Where a searched text was found: the table, the column and how many rows hold it. */
export interface TextHit {
  needle: string;
  table: string;
  column: string;
  rows: number;
}

/**
 * A full-text search of the whole database (issue #27's erasure test): every text, varchar, char,
 * json and jsonb column of every table in `schemas` (information_schema.columns) is searched for
 * each needle with ILIKE (the column read as text). Answers every hit; [] when none is anywhere.
 */
export async function findTextAnywhere(db: Db, needles: string[], schemas = ['public']): Promise<TextHit[]> {
  const columns = await queryRows<{ table_schema: string; table_name: string; column_name: string }>(
    db,
    sql`select c.table_schema, c.table_name, c.column_name
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema in (${sql.join(
          schemas.map((s) => sql`${s}`),
          sql`, `,
        )})
          and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
        order by 1, 2, 3`,
  );
  const hits: TextHit[] = [];
  for (const c of columns) {
    const table = sql`${sql.identifier(c.table_schema)}.${sql.identifier(c.table_name)}`;
    const col = sql.identifier(c.column_name);
    for (const needle of needles) {
      const like = `%${needle.replace(/[\\%_]/g, '\\$&')}%`;
      const [{ n }] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${table} where ${col}::text ilike ${like}`,
      );
      if (n > 0) hits.push({ needle, table: c.table_name, column: c.column_name, rows: n });
    }
  }
  return hits;
}
