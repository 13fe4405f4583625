import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client';
import { seedReference } from '../../src/server/db/seed/reference';

export type DbKind = 'pglite' | 'postgres';

/** The databases API tests run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const testDbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh, migrated database with reference data (countries, airports). On PostgreSQL a new
 * database is created on the TEST_DATABASE_URL server and dropped by `drop()`.
 */
export async function createTestDatabase(
  kind: DbKind,
): Promise<Database & { url?: string; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    await database.migrate();
    await seedReference(database.db);
    return { ...database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ url, poolSize: 12 });
  await database.migrate();
  await seedReference(database.db);
  return {
    ...database,
    url,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
