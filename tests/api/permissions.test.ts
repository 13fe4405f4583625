import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installAuth } from '../../src/server/http/auth';
import { installErrorHandler } from '../../src/server/http/error-handler';
import { bearer, createTestContext, type TestContext, testConfig } from '../helpers/app';

// The one permission table (src/shared/permissions.ts) is enforced by the server: a role not listed
// gets 403, and a mutating route that names no permission cannot even be registered.
describe('permission table on the server', () => {
  let t: TestContext;
  const guarded = Fastify();
  beforeAll(async () => {
    t = await createTestContext('pglite');
    installErrorHandler(guarded);
    await guarded.register(
      async (api) => {
        installAuth(api, t.db, testConfig());
        api.post('/bookings/x', { config: { permission: 'bookings.create' } }, async () => ({
          success: true,
        }));
        api.post('/details-like', { config: { permission: 'auth.details' } }, async () => ({
          success: true,
        }));
      },
      { prefix: '/api' },
    );
  });
  afterAll(async () => {
    await guarded.close();
    await t?.close();
  });

  it('answers 403 to role 2 on a role-1 route and lets role 1 through', async () => {
    const asAccountant = await guarded.inject({
      method: 'POST',
      url: '/api/bookings/x',
      headers: bearer(t.accountantToken),
    });
    expect(asAccountant.statusCode).toBe(403);
    expect(asAccountant.json().success).toBe(false);
    const asAdmin = await guarded.inject({
      method: 'POST',
      url: '/api/bookings/x',
      headers: bearer(t.adminToken),
    });
    expect(asAdmin.statusCode).toBe(200);
  });

  it("lets any signed-in role use an 'any' route, and nobody without a token", async () => {
    const ok = await guarded.inject({
      method: 'POST',
      url: '/api/details-like',
      headers: bearer(t.accountantToken),
    });
    expect(ok.statusCode).toBe(200);
    expect((await guarded.inject({ method: 'POST', url: '/api/details-like' })).statusCode).toBe(401);
  });

  it('answers 401 and 403 before the body is parsed or validated (never 422 with the fields)', async () => {
    const invalid = { holiday_booking_id: 'x', payment_amount: 'abc' };
    const noToken = await t.app.inject({ method: 'POST', url: '/api/payments', payload: invalid });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().errors).toBeUndefined();
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { ...bearer('forged-token'), 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expect(forged.statusCode).toBe(401);
    const role2 = await t.app.inject({
      method: 'POST',
      url: '/api/payments/1/void',
      headers: bearer(t.accountantToken),
      payload: { reason: '' },
    });
    expect(role2.statusCode).toBe(403);
    expect(role2.json().errors).toBeUndefined();
    const role2Upload = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/1/additional-documents',
      headers: { ...bearer(t.accountantToken), 'content-type': 'multipart/form-data; boundary=cut' },
      payload: '--cut\r\nContent-Disposition: form-data; name="files[0]"',
    });
    expect(role2Upload.statusCode).toBe(403);
  });

  it('refuses to register a mutating route without a permission', async () => {
    const app = Fastify();
    await expect(
      app.register(async (api) => {
        installAuth(api, t.db, testConfig());
        api.post('/unguarded', async () => ({}));
      }),
    ).rejects.toThrow(/needs a permission/);
    await app.close().catch(() => {});
  });
});
