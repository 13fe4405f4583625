import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { createStaffUser } from '../../src/server/users/service';
import { createTestDatabase, type DbKind } from './db';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  /** A temporary DATA_DIR of this context (uploaded files, the mail outbox). */
  dataDir: string;
  /** Bearer tokens of a role-1 admin and a role-2 accountant. */
  adminToken: string;
  accountantToken: string;
  close(): Promise<void>;
}

/** Config for tests: quiet logs, test env, overridable. */
export const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', SEED: 'none', ...env });

/** Signs in through the API and returns the token. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().Token;
}

/** A built app on a fresh database with one admin and one accountant signed in. */
export async function createTestContext(
  kind: DbKind,
  env: Record<string, string> = {},
): Promise<TestContext> {
  const database = await createTestDatabase(kind);
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'tour-test-')));
  const app = await buildApp({
    db: database.db,
    config: testConfig({ DATA_DIR: dataDir, ...env }),
    webDir: '/nonexistent',
  });
  await createStaffUser(database.db, {
    name: 'Test Admin',
    email: 'admin@test.test',
    password: 'admin-pass-1',
    role: 1,
  });
  await createStaffUser(database.db, {
    name: 'Test Accountant',
    email: 'accounts@test.test',
    password: 'accounts-pass-1',
    role: 2,
  });
  const adminToken = await signIn(app, 'admin@test.test', 'admin-pass-1');
  const accountantToken = await signIn(app, 'accounts@test.test', 'accounts-pass-1');
  return {
    app,
    db: database.db,
    dataDir,
    adminToken,
    accountantToken,
    close: async () => {
      await app.close();
      await database.drop();
      if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
