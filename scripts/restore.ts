/**
 * `npm run restore -- FILE [--database-url URL | --data-dir DIR]` restores a database backup made
 * on the Backups screen into an EMPTY database: a pg_dump file (.dump) into the PostgreSQL database
 * at URL (default DATABASE_URL), a PGlite tarball (.tar.gz) into the data directory DIR (default
 * DATA_DIR, else ./data) — start the server on it afterwards. A target that already holds a
 * database is refused. See src/server/areas/backups/restore.ts.
 */
import path from 'node:path';
import { backupFormatOf, restorePglite, restorePostgres } from '../src/server/areas/backups/restore';

const USAGE = 'usage: npm run restore -- FILE [--database-url URL | --data-dir DIR]';

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} needs a value.\n${USAGE}`);
  return value;
}

async function main() {
  const args = process.argv.slice(2);
  const file = args.find(
    (a, i) => !a.startsWith('--') && !['--database-url', '--data-dir'].includes(args[i - 1]),
  );
  if (!file) throw new Error(USAGE);
  const url = option(args, '--database-url');
  const dir = option(args, '--data-dir');
  if (url && dir) throw new Error(`Give either --database-url or --data-dir, not both.\n${USAGE}`);
  const format = await backupFormatOf(file);
  const started = Date.now();
  if (format === 'pglite' && url)
    throw new Error('This is a PGlite backup: restore it with --data-dir into a new data directory.');
  if (format === 'pg_dump' && dir)
    throw new Error(
      'This is a PostgreSQL (pg_dump) backup: restore it with --database-url into an empty PostgreSQL database.',
    );
  if (format === 'pg_dump') {
    const target = url ?? (process.env.DATABASE_URL || undefined);
    if (!target) throw new Error(`A pg_dump backup needs --database-url (or DATABASE_URL).\n${USAGE}`);
    console.log(`[restore] pg_restore ${file} into ${target.replace(/:[^:@/]*@/, ':***@')}`);
    await restorePostgres(file, target);
  } else {
    const target = path.resolve(dir ?? (process.env.DATA_DIR || './data'));
    console.log(`[restore] PGlite backup ${file} into ${target}`);
    await restorePglite(file, target);
  }
  console.log(`[restore] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((e: Error) => {
  console.error(`[restore] ${e.message}`);
  process.exit(1);
});
