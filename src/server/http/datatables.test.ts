import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { dataTablesRequestSchema, likeEscape, resolveTablePage } from './datatables';
import { HttpError } from './errors';

const dialect = new PgDialect();
const text = (q: ReturnType<typeof sql>) => dialect.sqlToQuery(q).sql;
const sortable = { name: sql`a.name`, created_at: sql`a.created_at` };
const opts = {
  sortable,
  defaultOrder: { column: 'created_at', dir: 'desc' as const },
  defaultLength: 25,
  tieBreaker: sql`a.id`,
};

describe('DataTables request parsing (DESIGN.md §4)', () => {
  it('reads the protocol fields from qs-parsed strings', () => {
    const req = dataTablesRequestSchema.parse({
      draw: '4',
      start: '50',
      length: '25',
      search: { value: ' smith ', regex: 'false' },
      order: [{ column: '0', dir: 'asc' }],
      columns: [{ data: 'name', orderable: 'true' }],
    });
    const page = resolveTablePage(req, opts);
    expect(page).toMatchObject({ draw: 4, offset: 50, limit: 25, search: 'smith' });
    expect(page.orderBy.map(text)).toEqual(['a.name asc', 'a.id asc']);
  });

  it('falls back to the default order and length, tie-breaking in the same direction', () => {
    const page = resolveTablePage(dataTablesRequestSchema.parse({}), opts);
    expect(page.limit).toBe(25);
    expect(page.orderBy.map(text)).toEqual(['a.created_at desc', 'a.id desc']);
  });

  it('refuses unknown parameters, absurd lengths and unsortable columns', () => {
    expect(dataTablesRequestSchema.safeParse({ foo: '1' }).success).toBe(false);
    expect(dataTablesRequestSchema.safeParse({ length: '501' }).success).toBe(false);
    expect(dataTablesRequestSchema.safeParse({ start: '1.5' }).success).toBe(false);
    const req = dataTablesRequestSchema.parse({
      order: [{ column: '1', dir: 'asc' }],
      columns: [{}, { data: 'secret' }],
    });
    expect(() => resolveTablePage(req, opts)).toThrow(HttpError);
  });

  it('offers All (-1) only where the table allows it', () => {
    const req = dataTablesRequestSchema.parse({ length: '-1' });
    try {
      resolveTablePage(req, opts);
      expect.unreachable();
    } catch (e) {
      expect((e as HttpError).errors?.length?.[0]).toMatch(/All/);
    }
    expect(resolveTablePage(req, { ...opts, allowAll: true }).limit).toBeNull();
  });

  it('escapes LIKE wildcards', () => {
    expect(likeEscape('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
