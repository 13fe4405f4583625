import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { outboxMessages } from '../helpers/outbox';
import { type ServerProcess, startServerProcess } from '../helpers/server';

// Issue #12 'killing the server between the commit and the delivery loses no message and a restart
// delivers it once': the real server process on an embedded database (PGlite in a temp DATA_DIR).
// The first run's workers wait an hour (JOBS_WORKER_DELAY_SECONDS), so the message is committed and
// kicked but not delivered; kill -9; the second run's start-up sweep (and the kick job pg-boss kept)
// delivers it, once.
describe('email outbox across a crash', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server && server.proc.exitCode === null) server.proc.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const env = () => ({
    DATA_DIR: dataDir,
    SEED: 'none',
    ADMIN_EMAIL: 'crash.admin@test.test',
    ADMIN_PASSWORD: 'crash-admin-pass',
  });
  async function call(s: ServerProcess, method: string, url: string, token: string | null, body?: object) {
    const res = await fetch(`${s.url}/api${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json() };
  }

  it('a message committed before kill -9 is delivered once after the restart', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'outbox-crash-'));
    server = await startServerProcess({ ...env(), JOBS_WORKER_DELAY_SECONDS: '3600' });
    const login = await call(server, 'POST', '/login', null, {
      email: 'crash.admin@test.test',
      password: 'crash-admin-pass',
    });
    const token = login.json.Token as string;
    const email = 'desk@crash-agency.test';
    expect((await call(server, 'POST', '/agents', token, { name: 'Crash Agency', email })).status).toBe(200);
    const sent = await call(server, 'POST', '/agents/password/reset-link', token, { email });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    // Committed and kicked, but the worker is not taking work yet.
    expect(await outboxMessages(dataDir, email, { waitMs: 1500 })).toHaveLength(0);

    server.proc.kill('SIGKILL');
    await new Promise((r) => server?.proc.once('exit', r));

    server = await startServerProcess(env());
    const delivered = await outboxMessages(dataDir, email, { waitMs: 15_000 });
    expect(delivered).toHaveLength(1);
    expect(delivered[0].text).toMatch(/^Subject: Set your agent password/m);
    // Still once a moment later (the kick job and the start-up sweep both ran).
    await new Promise((r) => setTimeout(r, 2500));
    expect(await outboxMessages(dataDir, email)).toHaveLength(1);
    expect(await server.stop()).toBe(0);

    const database = await openDatabase({ dataDir });
    try {
      const rows = await queryRows<{ status: string; attempts: number; kind: string }>(
        database.db,
        sql`select status, attempts, kind from email_outbox where to_address = ${email}`,
      );
      expect(rows).toEqual([{ status: 'sent', attempts: 1, kind: 'agent-password-reset' }]);
    } finally {
      await database.close();
    }
  }, 240_000);
});
