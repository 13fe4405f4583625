import { spawn } from 'node:child_process';
import { type Readable, Transform } from 'node:stream';

/**
 * The PostgreSQL client tools (pg_dump, pg_restore) as the backups use them: found on PATH, the
 * connection given through libpq's environment (PGHOST, PGPASSWORD, …) so no password shows in a
 * process list, and their messages kept for a readable error.
 */

/** libpq environment for a postgres:// URL (host, port, user, password, database, sslmode). */
export function libpqEnv(connectionString: string): NodeJS.ProcessEnv {
  const u = new URL(connectionString);
  const env: NodeJS.ProcessEnv = {};
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname);
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const db = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (db) env.PGDATABASE = db;
  const ssl = u.searchParams.get('sslmode');
  if (ssl) env.PGSSLMODE = ssl;
  // A socket directory given as ?host=/var/run/postgresql.
  const host = u.searchParams.get('host');
  if (host) env.PGHOST = host;
  return env;
}

/** The major version of a client tool ('pg_dump' → 15), or null when it is not on PATH. */
export function toolMajorVersion(tool: 'pg_dump' | 'pg_restore'): Promise<number | null> {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(tool, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('error', () => resolve(null));
    child.on('close', (code) => {
      const m = /(\d+)(?:\.\d+)?/.exec(out);
      resolve(code === 0 && m ? Number(m[1]) : null);
    });
  });
}

/**
 * Why `tool` cannot work with a server of major version `serverMajor`, or null when it can: not on
 * PATH, or older than the server (pg_dump refuses to dump a newer server).
 */
export async function toolProblem(
  tool: 'pg_dump' | 'pg_restore',
  serverMajor: number,
): Promise<string | null> {
  const major = await toolMajorVersion(tool);
  if (major === null)
    return `${tool} was not found on this server's PATH. Install the PostgreSQL client tools (version ${serverMajor} or newer, e.g. apt-get install postgresql-client-${serverMajor}) to make and restore database backups.`;
  if (major < serverMajor)
    return `${tool} is version ${major} but the database server is version ${serverMajor}. Install the PostgreSQL ${serverMajor} client tools.`;
  return null;
}

/** Starts a client tool; `exited` resolves when it exits 0, else rejects with its last messages. */
function spawnPgTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  connectionString: string,
  onLine: ((line: string) => void) | undefined,
  stdout: 'ignore' | 'pipe',
) {
  const child = spawn(tool, args, {
    env: { ...process.env, ...libpqEnv(connectionString) },
    stdio: ['ignore', stdout, 'pipe'],
  });
  const exited = new Promise<void>((resolve, reject) => {
    const tail: string[] = [];
    let partial = '';
    child.stderr?.on('data', (c: Buffer) => {
      const lines = (partial + c.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        onLine?.(line);
        if (/error|fatal|warning/i.test(line)) tail.push(line.trim());
        if (tail.length > 5) tail.shift();
      }
    });
    child.on('error', (e) => reject(new Error(`${tool} could not be started: ${e.message}`)));
    child.on('close', (code) => {
      if (partial) onLine?.(partial);
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (exit ${code}): ${tail.join(' ') || 'no message'}`));
    });
  });
  return { child, exited };
}

/**
 * Runs a client tool with `args` against `connectionString`; `onLine` sees each line it writes
 * to stderr (pg_dump -v reports each table there). Rejects with its last messages when it fails.
 */
export function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  connectionString: string,
  onLine?: (line: string) => void,
): Promise<void> {
  return spawnPgTool(tool, args, connectionString, onLine, 'ignore').exited;
}

/**
 * What a client tool writes to stdout, as a stream that ends only once the tool has exited 0 —
 * if it fails, the stream errors instead of ending, so a reader storing it (a backup) keeps
 * nothing of a failed run. `onLine` as in runPgTool.
 */
export function pgToolOutput(
  tool: 'pg_dump',
  args: string[],
  connectionString: string,
  onLine?: (line: string) => void,
): Readable {
  const { child, exited } = spawnPgTool(tool, args, connectionString, onLine, 'pipe');
  const out = new Transform({
    transform: (chunk, _enc, cb) => cb(null, chunk),
    // The end of stdout is passed on only after the exit code says the output is whole.
    flush: (cb) => {
      exited.then(() => cb(), cb);
    },
  });
  exited.catch((e: Error) => out.destroy(e));
  child.stdout?.pipe(out);
  // A reader that gives up (a failed save) stops the tool.
  out.on('close', () => {
    if (child.exitCode === null) child.kill();
  });
  return out;
}
