import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../src/server/db/client';
import { createTestDatabase } from './db';
import { type ServerProcess, startServerProcess } from './server';

// Several server processes behind a real load balancer (issue #28, DESIGN.md §7): N processes of
// src/server/main.ts on one fresh PostgreSQL test database, each with its own port and DATA_DIR,
// and Debian's HAProxy in front of them (round robin, health-checked on GET /api/health).
// HAProxy names the process that answered in an `X-Backend` header (its own
// `http-response set-header`, no app change), and connects to the processes from 127.0.0.2 so a
// test can tell the balancer's address (TRUST_PROXY) from the client's (127.0.0.1).

/** The message a run without HAProxy fails with (the test must not skip silently). */
export const HAPROXY_MISSING =
  "HAProxy is not installed, and the several-processes tests run the processes behind it: install Debian's package with `apt-get install haproxy` (.ci/run does)";

/** The address HAProxy connects to the processes from: what TRUST_PROXY names. */
export const BALANCER_SOURCE = '127.0.0.2';

/** The first admin every process ensures at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: 'balanced.admin@test.test', password: 'Three-processes-one-db' };

/**
 * The path of the haproxy binary: HAPROXY_BIN when set (a build of one's own), else Debian's
 * /usr/sbin/haproxy or one on PATH. Throws HAPROXY_MISSING when there is none.
 */
export function haproxyBinary(): string {
  const named = process.env.HAPROXY_BIN;
  const candidates = named ? [named] : ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'];
  for (const p of candidates) if (existsSync(p)) return p;
  if (!named) {
    const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
    const bin = found.stdout?.trim();
    if (found.status === 0 && bin) return bin;
  }
  throw new Error(HAPROXY_MISSING);
}

/** A TCP port on 127.0.0.1 that nothing listens on right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The HAProxy configuration of the tests (the README's sample, with test timings): one frontend on
 * `port`, `balance roundrobin` over `servers`, a health check every 500 ms (down after 2 failures,
 * up after 2 successes), a connection refused by a dead process retried on another (the request
 * was never sent, so a POST is safe to redispatch), X-Forwarded-For added, and the answering
 * server's name in `X-Backend`.
 */
export function haproxyConfig(opts: {
  port: number;
  socket: string;
  servers: { name: string; port: number }[];
}): string {
  return [
    'global',
    '  maxconn 1024',
    `  stats socket ${opts.socket} mode 600 level admin`,
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  retries 2',
    '  option redispatch 1',
    '  option forwardfor',
    '',
    'frontend www',
    `  bind 127.0.0.1:${opts.port}`,
    '  default_backend app',
    '',
    'backend app',
    '  balance roundrobin',
    `  source ${BALANCER_SOURCE}`,
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  http-response set-header X-Backend %s',
    '  default-server inter 500ms fall 2 rise 2',
    ...opts.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
    '',
  ].join('\n');
}

/** One answer through the balancer: status, JSON body (when it is JSON), and which process answered. */
export interface BalancedAnswer {
  status: number;
  body: unknown;
  /** HAProxy's server name (`app1`…), or null when HAProxy answered itself (502/503). */
  backend: string | null;
  headers: Headers;
}

/** Three (or `count`) processes behind HAProxy on one PostgreSQL test database. */
export interface Balanced {
  /** The balancer's base URL (http://127.0.0.1:PORT). */
  url: string;
  /** HAProxy's names of the processes, in order: app1, app2, … */
  names: string[];
  /** The running process behind each name (null while killed). */
  processes: (ServerProcess | null)[];
  ports: number[];
  /** Each process's own DATA_DIR (files, the .eml outbox). */
  dataDirs: string[];
  /** The test's own connection to the shared database. */
  db: Db;
  /** Calls `/api${path}` through the balancer; a JSON body unless `body` is FormData. */
  call(
    method: string,
    apiPath: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<BalancedAnswer>;
  /** Signs the first admin in through the balancer; answers the token and the process that issued it. */
  signIn(): Promise<{ token: string; backend: string | null }>;
  /** HAProxy's view of each process: 'UP', 'DOWN', 'UP 1/2' (going down), 'DOWN 1/2' (coming up)… */
  states(): Promise<Record<string, string>>;
  /** Waits until HAProxy reports `name` in `state` ('UP' or 'DOWN'); answers when it saw it (ms epoch). */
  waitForState(name: string, state: 'UP' | 'DOWN', timeoutMs?: number): Promise<number>;
  /** Kills process `i` with SIGKILL (no clean shutdown) and waits for it to be gone. */
  kill(i: number): Promise<void>;
  /** Starts process `i` again on its port and DATA_DIR; resolves when it answers its health check. */
  restart(i: number): Promise<void>;
  /** Stops the processes (SIGTERM) and HAProxy, drops the database, removes the temp dirs; answers the processes' exit codes. */
  close(): Promise<(number | null)[]>;
}

/** Sends one command to HAProxy's stats socket; answers its reply. */
function socketCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const c = net.connect(socket, () => c.end(`${command}\n`));
    c.setEncoding('utf8');
    c.on('data', (d) => {
      out += d;
    });
    c.on('end', () => resolve(out));
    c.on('error', reject);
  });
}

/** Starts haproxy in the foreground (-db) on `cfg`; resolves once its frontend accepts connections. */
async function startHaproxy(
  bin: string,
  cfg: string,
  port: number,
): Promise<{ proc: ChildProcess; output: () => string }> {
  let out = '';
  const proc = spawn(bin, ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`haproxy exited (${proc.exitCode}):\n${out}`);
    const up = await new Promise<boolean>((resolve) => {
      const c = net.connect(port, '127.0.0.1', () => {
        c.destroy();
        resolve(true);
      });
      c.on('error', () => resolve(false));
    });
    if (up) return { proc, output: () => out };
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`haproxy did not listen on ${port}:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits for a child process to exit; answers its code (null when a signal ended it). */
const exited = (proc: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve(proc.exitCode);
    proc.once('exit', (code) => resolve(code));
  });

/**
 * Starts `count` (3) server processes at once on a fresh PostgreSQL test database (or `database`; SEED none, the
 * first admin from ADMIN, TRUST_PROXY naming the balancer) and HAProxy in front of them, and waits
 * until HAProxy reports every process UP. Throws HAPROXY_MISSING before anything starts when
 * haproxy is not installed. `env` goes on top of each process's environment.
 */
export async function startBalanced(
  opts: {
    count?: number;
    env?: Record<string, string>;
    /** An existing database to serve (the benches' data set), kept at close; default a fresh test database. */
    database?: { url: string; db: Db };
  } = {},
): Promise<Balanced> {
  const bin = haproxyBinary();
  const count = opts.count ?? 3;
  const database = opts.database
    ? { ...opts.database, drop: async () => {} }
    : await createTestDatabase('postgres');
  const dir = await mkdtemp(path.join(tmpdir(), 'balanced-'));
  const names = Array.from({ length: count }, (_, i) => `app${i + 1}`);
  const dataDirs = names.map((n) => path.join(dir, n));
  const ports: number[] = [];
  while (ports.length < count + 1) {
    const p = await freePort();
    if (!ports.includes(p)) ports.push(p);
  }
  // The last one is the balancer's.
  const port = ports.pop() as number;
  const envOf = (i: number): Record<string, string> => ({
    DATABASE_URL: database.url as string,
    DATA_DIR: dataDirs[i],
    PORT: String(ports[i]),
    SEED: 'none',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: BALANCER_SOURCE,
    ...opts.env,
  });
  const processes: (ServerProcess | null)[] = names.map(() => null);
  let haproxy: { proc: ChildProcess; output: () => string } | null = null;
  const socket = path.join(dir, 'haproxy.sock');

  const close = async () => {
    const codes = await Promise.all(
      processes.map(async (p) => {
        if (!p) return null;
        return p.stop();
      }),
    );
    if (haproxy && haproxy.proc.exitCode === null) {
      haproxy.proc.kill('SIGKILL');
      await exited(haproxy.proc);
    }
    await database.drop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
    return codes;
  };

  try {
    // At once (migrations run once, under the start-up lock); a process that started is kept for
    // close() even when another failed.
    const started = await Promise.allSettled(names.map((_, i) => startServerProcess(envOf(i))));
    for (const [i, r] of started.entries()) if (r.status === 'fulfilled') processes[i] = r.value;
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const cfg = path.join(dir, 'haproxy.cfg');
    await writeFile(
      cfg,
      haproxyConfig({ port, socket, servers: names.map((name, i) => ({ name, port: ports[i] })) }),
    );
    haproxy = await startHaproxy(bin, cfg, port);
  } catch (err) {
    await close();
    throw err;
  }
  const url = `http://127.0.0.1:${port}`;

  const states = async () => {
    const csv = await socketCommand(socket, 'show stat');
    const [header, ...rows] = csv.trim().split('\n');
    const cols = header.replace(/^# /, '').split(',');
    const px = cols.indexOf('pxname');
    const sv = cols.indexOf('svname');
    const st = cols.indexOf('status');
    const out: Record<string, string> = {};
    for (const row of rows) {
      const f = row.split(',');
      if (f[px] === 'app' && names.includes(f[sv])) out[f[sv]] = f[st];
    }
    return out;
  };
  const waitForState = async (name: string, state: 'UP' | 'DOWN', timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    for (;;) {
      last = (await states())[name] ?? '';
      if (last === state) return Date.now();
      if (Date.now() > deadline)
        throw new Error(`HAProxy still reports ${name} as '${last}' after ${timeoutMs} ms, not '${state}'`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const call: Balanced['call'] = async (method, apiPath, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: BodyInit | undefined;
    if (o.body instanceof FormData) body = o.body;
    else if (o.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.body);
    }
    const res = await fetch(`${url}/api${apiPath}`, { method, headers, body });
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('application/json')
      ? await res.json()
      : Buffer.from(await res.arrayBuffer());
    return { status: res.status, body: parsed, backend: res.headers.get('x-backend'), headers: res.headers };
  };

  const balanced: Balanced = {
    url,
    names,
    processes,
    ports,
    dataDirs,
    db: database.db,
    call,
    async signIn() {
      const res = await call('POST', '/login', { body: ADMIN });
      if (res.status !== 200) throw new Error(`sign-in through the balancer failed: ${res.status}`);
      return { token: (res.body as { Token: string }).Token, backend: res.backend };
    },
    states,
    waitForState,
    async kill(i) {
      const p = processes[i];
      if (!p) return;
      processes[i] = null;
      p.proc.kill('SIGKILL');
      await exited(p.proc);
    },
    async restart(i) {
      if (processes[i]) throw new Error(`${names[i]} is running`);
      processes[i] = await startServerProcess(envOf(i));
    },
    close,
  };
  // Every process answers its own health check by now; HAProxy needs `rise` checks to agree.
  await Promise.all(names.map((n) => waitForState(n, 'UP')));
  return balanced;
}
