import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { queryRows } from '../../src/server/db/client';
import { login_failures, user_tokens } from '../../src/server/db/schema';
import { hashToken, LOGIN_THROTTLED_MESSAGE } from '../../src/server/users/service';
import { bearer, createTestContext, type TestContext, testConfig } from '../helpers/app';
import { testDbKinds } from '../helpers/db';

describe.each(testDbKinds)('sign-in and tokens on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind, { LOGIN_MAX_FAILURES: '3' });
  });
  afterAll(() => t?.close());

  it('signs in with the spec envelope and answers details with the role', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'ADMIN@test.test', password: 'admin-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, user_role: 1 });
    expect(body.Token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const details = await t.app.inject({ method: 'POST', url: '/api/details', headers: bearer(body.Token) });
    expect(details.json()).toMatchObject({ success: true, data: { role: 1, email: 'admin@test.test' } });
    // The answers go out through the contract (issue #11): the listed fields only, never a hash.
    expect(Object.keys(body).sort()).toEqual(['Token', 'message', 'success', 'user_role']);
    expect(Object.keys(details.json().data).sort()).toEqual(['email', 'id', 'name', 'role']);
    expect(`${res.body}${details.body}`).not.toMatch(/argon2|password|token_hash/i);
  });

  it('answers health without a token, left out of the OpenAPI document; login is shown as public', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', app_env: expect.any(String) });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/health']).toBeUndefined();
    expect(doc.paths['/api/login'].post.security).toEqual([]);
    expect(Object.keys(doc.paths['/api/login'].post.responses)).toEqual(
      expect.arrayContaining(['200', '401', '429']),
    );
  });

  it("refuses a wrong password with the spec's message and changes nothing", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'accounts@test.test', password: 'wrong' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      message: 'Username & Password are invalid! Please try again.',
    });
  });

  it('throttles repeated failures for one email with 429, even with the right password', async () => {
    const attempt = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'throttle@test.test', password } });
    for (let i = 0; i < 3; i++) expect((await attempt('nope')).statusCode).toBe(401);
    const blocked = await attempt('nope');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().success).toBe(false);
  });

  it('answers 422 with field errors for a malformed sign-in', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 42 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('password');
  });

  it('answers 401 without a token, with a made-up token, and after logout', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings/table' })).statusCode).toBe(401);
    const fake = await t.app.inject({
      method: 'GET',
      url: '/api/bookings/table',
      headers: bearer('x'.repeat(43)),
    });
    expect(fake.statusCode).toBe(401);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'accounts@test.test', password: 'accounts-pass-1' },
    });
    const token = login.json().Token;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/details', headers: bearer(token) })).statusCode,
    ).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.json()).toMatchObject({ success: true });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/details', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  it('expires tokens', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'admin@test.test', password: 'admin-pass-1' },
    });
    const token = login.json().Token;
    await t.db
      .update(user_tokens)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(user_tokens.token_hash, hashToken(token)));
    const res = await t.app.inject({ method: 'POST', url: '/api/details', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      message: 'Your session has expired. Please sign in again.',
    });
  });

  it('says why a session ended: no token, signed out or unknown, idle', async () => {
    const get = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/bookings/table', headers });
    expect((await get()).json()).toEqual({ success: false, message: 'Unauthenticated.' });
    expect((await get(bearer('x'.repeat(43)))).json()).toEqual({
      success: false,
      message: 'Your session has ended. Please sign in again.',
    });
  });

  describe('idle sessions (SESSION_IDLE_MINUTES, default 60)', () => {
    const lastUsed = async (token: string) => {
      const [row] = await queryRows<{ idle_seconds: number }>(
        t.db,
        sql`select extract(epoch from now() - last_used_at)::float as idle_seconds
            from user_tokens where token_hash = ${hashToken(token)}`,
      );
      return row.idle_seconds;
    };
    const setIdle = (token: string, interval: string) =>
      t.db
        .update(user_tokens)
        .set({ last_used_at: sql`now() - ${interval}::interval` })
        .where(eq(user_tokens.token_hash, hashToken(token)));
    const details = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/details', headers: bearer(token) });
    const freshToken = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'admin@test.test', password: 'admin-pass-1' },
        })
      ).json().Token as string;

    it('refuses a token left idle longer than the setting, saying so', async () => {
      const token = await freshToken();
      await setIdle(token, '61 minutes');
      const res = await details(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        message: 'Your session has ended after 60 minutes without activity. Please sign in again.',
      });
      // Refused, not revived: it stays refused.
      expect((await details(token)).statusCode).toBe(401);
      expect(await lastUsed(token)).toBeGreaterThan(60 * 60);
    });

    it('keeps a token used within the period working and moves its last use forward', async () => {
      const token = await freshToken();
      await setIdle(token, '59 minutes');
      expect((await details(token)).statusCode).toBe(200);
      expect(await lastUsed(token)).toBeLessThan(5);
      // And again 59 minutes after that use: each request starts the period anew.
      await setIdle(token, '59 minutes');
      expect((await details(token)).statusCode).toBe(200);
      expect(await lastUsed(token)).toBeLessThan(5);
    });

    it('writes the last use at most once a minute', async () => {
      const token = await freshToken();
      await setIdle(token, '30 seconds');
      const xmin = async () =>
        (
          await queryRows<{ x: string }>(
            t.db,
            sql`select xmin::text as x from user_tokens where token_hash = ${hashToken(token)}`,
          )
        )[0].x;
      const before = await xmin();
      expect((await details(token)).statusCode).toBe(200);
      expect(await xmin()).toBe(before);
      expect(await lastUsed(token)).toBeGreaterThanOrEqual(30);
      await setIdle(token, '61 seconds');
      expect((await details(token)).statusCode).toBe(200);
      expect(await lastUsed(token)).toBeLessThan(5);
    });

    it("deletes the user's ended tokens at the next sign-in", async () => {
      const idle = await freshToken();
      await setIdle(idle, '2 hours');
      await freshToken();
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from user_tokens where token_hash = ${hashToken(idle)}`,
      );
      expect(row.n).toBe(0);
    });
  });

  describe('failed sign-ins per client address (LOGIN_MAX_FAILURES_PER_IP, default 20)', () => {
    const attempt = (app: FastifyInstance, email: string, password: string, forwardedFor?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        payload: { email, password },
      });
    /** Fails once for each of `n` different emails; answers the status codes. */
    const spray = async (app: FastifyInstance, n: number, forwardedFor?: string, tag = 'spray') => {
      const codes: number[] = [];
      for (let i = 0; i < n; i++) {
        codes.push((await attempt(app, `${tag}-${i}@victims.test`, 'Summer2026!', forwardedFor)).statusCode);
      }
      return codes;
    };

    it('without TRUST_PROXY counts the socket address: X-Forwarded-For changes nothing', async () => {
      await t.db.delete(login_failures);
      const codes = await spray(t.app, 25, '198.51.100.7');
      expect(codes.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(codes.slice(20)).toEqual(Array(5).fill(429));
      // Another forged address, and even the right password of a real account: still 429.
      const next = await attempt(t.app, 'admin@test.test', 'admin-pass-1', '203.0.113.99');
      expect(next.statusCode).toBe(429);
      expect(next.json()).toEqual({ success: false, message: LOGIN_THROTTLED_MESSAGE });
      const ips = await queryRows<{ ip: string }>(t.db, sql`select distinct ip from login_failures`);
      expect(ips).toEqual([{ ip: '127.0.0.1' }]);
      await t.db.delete(login_failures);
    });

    describe('with TRUST_PROXY=127.0.0.1 (app.inject comes from 127.0.0.1)', () => {
      let proxied: FastifyInstance;
      beforeAll(async () => {
        proxied = await buildApp({
          db: t.db,
          config: testConfig({ DATA_DIR: t.dataDir, TRUST_PROXY: '127.0.0.1' }),
          webDir: '/nonexistent',
        });
      });
      afterAll(async () => proxied?.close());

      it('counts each forwarded client address on its own', async () => {
        await t.db.delete(login_failures);
        const first = await spray(proxied, 21, '203.0.113.1', 'a');
        expect(first.slice(0, 20)).toEqual(Array(20).fill(401));
        expect(first[20]).toBe(429);
        // Another client behind the same proxy is not held up by the first one's failures.
        expect(await spray(proxied, 3, '203.0.113.2', 'b')).toEqual([401, 401, 401]);
        expect((await attempt(proxied, 'admin@test.test', 'admin-pass-1', '203.0.113.2')).statusCode).toBe(
          200,
        );
        const rows = await queryRows<{ ip: string; n: number }>(
          t.db,
          sql`select ip, count(*)::int as n from login_failures group by ip order by ip`,
        );
        expect(rows).toEqual([
          { ip: '203.0.113.1', n: 20 },
          { ip: '203.0.113.2', n: 3 },
        ]);
        await t.db.delete(login_failures);
      });

      it('a good sign-in clears only its own email: a sprayer cannot reset the address count with their own account', async () => {
        await t.db.delete(login_failures);
        const from = '203.0.113.3';
        // One typo on their own account, then 18 other emails: 19 failures from this address.
        expect((await attempt(proxied, 'accounts@test.test', 'typo', from)).statusCode).toBe(401);
        expect(await spray(proxied, 18, from, 'c')).toEqual(Array(18).fill(401));
        // Signing in to their own account forgets that account's typo only (18 left).
        expect((await attempt(proxied, 'accounts@test.test', 'accounts-pass-1', from)).statusCode).toBe(200);
        expect(await spray(proxied, 2, from, 'd')).toEqual([401, 401]);
        expect((await spray(proxied, 1, from, 'e'))[0]).toBe(429);
        await t.db.delete(login_failures);
      });
    });
  });

  it('answers JSON 404 for unknown API paths and health without a token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: bearer(t.adminToken),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok', app_env: 'test' });
  });
});
