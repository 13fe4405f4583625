/**
 * `npm run files:migrate [-- --remove-local]` (issue #28): moves an existing DATA_DIR/files and
 * DATA_DIR/backups into the file store the server uses (the database on a PostgreSQL server, the
 * bucket when S3_URL is set), keeping every key, and prints what it did. Run it once after
 * upgrading a server that kept files on its own disk; running it again stores nothing twice.
 * `--remove-local` deletes each local copy once it is stored. Reads DATABASE_URL, S3_URL and
 * DATA_DIR like the server; migrates the database first.
 */
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { moveLocalFiles } from '../src/server/storage/move-local';
import { openFileStores } from '../src/server/storage/stores';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--remove-local');
if (unknown.length) {
  console.error('usage: npm run files:migrate [-- --remove-local]');
  process.exit(2);
}
const log = (msg: string) => console.log(`[files:migrate] ${msg}`);

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.withStartupLock(() => database.migrate());
    const stores = await openFileStores(database.db, config);
    try {
      await moveLocalFiles(
        { dataDir: config.dataDir, files: stores.files, backups: stores.backups },
        { removeLocal: args.includes('--remove-local'), log },
      );
    } finally {
      await stores.close();
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
