import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { type Db, inTransaction, queryRows } from '../db/client';
import { backup_file_chunks, backup_files, stored_file_chunks, stored_files } from '../db/schema';
import { Turns } from '../lib/turns';
import { areaOf, checkKey, type FileStore, piecesOf, type StoredFile, storeOf } from './files';

/** Bytes per chunk row: a few hundred KB keeps rows few and a read's memory small. */
export const CHUNK_BYTES = 256 * 1024;
/** Chunks fetched per query while reading (1 MB). */
const CHUNKS_PER_READ = 4;

/** The two sets of tables: files, and backups (kept out of database backups: db/schema/storage.ts). */
const VOLUMES = {
  files: { files: stored_files, chunks: stored_file_chunks },
  backups: { files: backup_files, chunks: backup_file_chunks },
} as const;

type Row = { key: string; size: number | string; created_at: Date | string };
const toStored = (r: Row): StoredFile => ({
  key: r.key,
  size: Number(r.size),
  created_at: new Date(r.created_at),
});
const toBuffer = (d: Uint8Array): Buffer =>
  Buffer.isBuffer(d) ? d : Buffer.from(d.buffer, d.byteOffset, d.byteLength);

/**
 * The database driver (issue #28; used on a PostgreSQL server, works on PGlite too): a file is a
 * row of `stored_files` (key, area, size, created_at) and its bytes rows of `stored_file_chunks`
 * (file id, seq, bytea of CHUNK_BYTES) — or `backup_files` / `backup_file_chunks` for the
 * 'backups' volume. Every process on the database sees every file, and a database backup holds
 * them.
 *
 * - `put` reads its data piece by piece and inserts each chunk as it comes, in ONE transaction
 *   (the row first, its size last): a half-written file is never seen, a failed one leaves nothing.
 *   Saves take `opts.saves` turns (default 4; share one Turns between stores on one pool): each
 *   holds a connection for its whole transaction, so fewer saves than connections run at once and
 *   reads always find one.
 * - `open` answers the size at once and a stream that fetches CHUNKS_PER_READ chunks per query by
 *   keyset (`seq > last`), only as the reader asks for more (back-pressure: a slow client slows
 *   the queries); no connection is held between fetches. A file removed while being read ends the
 *   stream with an error rather than short.
 *
 * `db` should have connections of its own (`openSidePool`): a save is often made while the
 * caller's transaction holds one of the app's.
 */
export function createDatabaseFileStore(
  db: Db,
  volume: keyof typeof VOLUMES = 'files',
  opts: { saves?: Turns } = {},
): FileStore {
  const { files, chunks } = VOLUMES[volume];
  const saves = opts.saves ?? new Turns(4);

  async function fetchChunks(fileId: number, after: number) {
    return queryRows<{ seq: number; data: Uint8Array }>(
      db,
      sql`select seq, data from ${chunks} where file_id = ${fileId} and seq > ${after}
          order by seq limit ${CHUNKS_PER_READ}`,
    );
  }

  async function* bytesOf(key: string, fileId: number, size: number): AsyncGenerator<Buffer> {
    let last = -1;
    let read = 0;
    for (;;) {
      const rows = await fetchChunks(fileId, last);
      for (const r of rows) {
        const b = toBuffer(r.data);
        read += b.length;
        last = r.seq;
        yield b;
      }
      if (rows.length < CHUNKS_PER_READ) break;
    }
    if (read !== size) throw new Error(`Stored file ${key} ended after ${read} of ${size} bytes.`);
  }

  return storeOf({
    kind: 'database',
    async put(key, data) {
      checkKey(key);
      await saves.take();
      try {
        return await inTransaction(db, async (tx) => {
          // Storing a key again replaces it (its chunks go with the row).
          await tx.execute(sql`delete from ${files} where key = ${key}`);
          const [row] = await queryRows<{ id: number; created_at: Date | string }>(
            tx,
            sql`insert into ${files} (key, area, size) values (${key}, ${areaOf(key)}, 0) returning id, created_at`,
          );
          let seq = 0;
          let size = 0;
          for await (const piece of piecesOf(data, CHUNK_BYTES)) {
            await tx.execute(
              sql`insert into ${chunks} (file_id, seq, data) values (${row.id}, ${seq}, ${piece})`,
            );
            seq += 1;
            size += piece.length;
          }
          await tx.execute(sql`update ${files} set size = ${size} where id = ${row.id}`);
          return { key, size, created_at: new Date(row.created_at) };
        });
      } finally {
        saves.give();
      }
    },
    async open(key) {
      const [f] = await queryRows<{ id: number; size: number | string }>(
        db,
        sql`select id, size from ${files} where key = ${key}`,
      );
      if (!f) return null;
      const size = Number(f.size);
      // objectMode off: the buffer counts bytes, so at most about one fetch waits ahead of the reader.
      const stream = Readable.from(bytesOf(key, f.id, size), {
        objectMode: false,
        highWaterMark: CHUNK_BYTES,
      });
      return { stream, size };
    },
    async stat(key) {
      const [r] = await queryRows<Row>(
        db,
        sql`select key, size, created_at from ${files} where key = ${key}`,
      );
      return r ? toStored(r) : null;
    },
    async list(area, opts = {}) {
      const rows = await queryRows<Row>(
        db,
        sql`select key, size, created_at from ${files}
            where (${area ?? null}::text is null or area = ${area ?? null})
              and (${opts.createdBefore?.toISOString() ?? null}::timestamptz is null
                   or created_at < ${opts.createdBefore?.toISOString() ?? null}::timestamptz)
            order by key`,
      );
      return rows.map(toStored);
    },
    async areas() {
      const rows = await queryRows<{ area: string; count: number; size: number | string }>(
        db,
        sql`select area, count(*)::int as count, coalesce(sum(size), 0)::float8 as size
            from ${files} group by area order by area`,
      );
      return rows.map((r) => ({ area: r.area, count: r.count, size: Number(r.size) }));
    },
    async remove(key) {
      await db.execute(sql`delete from ${files} where key = ${key}`);
    },
  });
}
