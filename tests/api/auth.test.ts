import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user_tokens } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/users/service';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
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
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/details', headers: bearer(token) })).statusCode,
    ).toBe(401);
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
