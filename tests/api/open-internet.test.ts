import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../../src/server/http/input-guards';
import { ECOMMPAY_ORIGIN } from '../../src/shared/ecommpay';
import { bearer, createTestContext, type TestContext, testConfig } from '../helpers/app';
import { createTestDatabase, testDbKinds } from '../helpers/db';
import { createBookableInstance, createBooking, createCustomer } from '../helpers/factories';
import { securityHeadersProblem } from '../helpers/security-headers';

// What a first-time visitor and an attacker meet (issue #21): the bare origin, the headers of the
// web app and the OpenAPI pages, deep JSON on the public gateway callback, and the booking's
// document records in its answer. The headers of every API route are asserted by the generated
// safety test (tests/api/safety.test.ts).

/** A built web app as scripts/web-build.mjs leaves it: each file beside its .br and .gz. */
function fakeWebDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-entry-'));
  mkdirSync(path.join(dir, 'assets'));
  const files = {
    'index.html':
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    'assets/app.js': 'console.log("app")',
  };
  for (const [name, text] of Object.entries(files)) {
    const full = path.join(dir, name);
    writeFileSync(full, text);
    writeFileSync(`${full}.br`, brotliCompressSync(text));
    writeFileSync(`${full}.gz`, gzipSync(text));
  }
  return dir;
}

describe('the bare origin and the web app (no database needed)', () => {
  let webDir: string;
  let dataDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    webDir = fakeWebDir();
    dataDir = mkdtempSync(path.join(tmpdir(), 'web-entry-data-'));
    const database = await createTestDatabase('pglite');
    app = await buildApp({ db: database.db, config: testConfig({ DATA_DIR: dataDir }), webDir });
    app.addHook('onClose', async () => database.drop());
  });
  afterAll(async () => {
    await app?.close();
    rmSync(webDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("redirects '/' to /bookings with or without Accept-Encoding (spec 1 §2)", async () => {
    for (const headers of [
      {},
      { 'accept-encoding': 'gzip, deflate, br' },
      { 'accept-encoding': 'identity' },
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url: '/', headers });
        expect(res.statusCode, `${method} / ${JSON.stringify(headers)}`).toBe(302);
        expect(res.headers.location).toBe('/bookings');
        expect(securityHeadersProblem(res)).toBeUndefined();
      }
    }
  });

  it('serves the app with the security headers, compressed or not', async () => {
    for (const url of ['/bookings', '/login', '/assets/app.js', '/no/such/screen']) {
      for (const headers of [{}, { 'accept-encoding': 'br' }]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(securityHeadersProblem(res), url).toBeUndefined();
      }
    }
    const missing = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(securityHeadersProblem(missing)).toBeUndefined();
  });

  it('sends the strict policy: scripts from our origin only, no framing, no card gateway when ECOMMPAY is off', async () => {
    const res = await app.inject({ method: 'GET', url: '/bookings' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain(ECOMMPAY_ORIGIN);
  });

  it('puts the same headers on the OpenAPI pages', async () => {
    for (const url of [
      '/api/docs',
      '/api/docs/',
      '/api/docs/json',
      '/api/docs/static/swagger-ui-bundle.js',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(400);
      expect(securityHeadersProblem(res), url).toBeUndefined();
    }
  });
});

describe.each(testDbKinds)('facing the open internet on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind, { ECOMMPAY_PROJECT_ID: '112', ECOMMPAY_SECRET_KEY: 'secret-key' });
  });
  afterAll(async () => t?.close());

  it("allows ECOMMPAY's payment page in the policy when card payments are configured", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of ['script-src', 'frame-src', 'form-action']) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*${ECOMMPAY_ORIGIN.replaceAll('.', '\\.')}`));
    }
    expect(securityHeadersProblem(res)).toMatch(/script-src 'self' only/);
  });

  it('refuses JSON nested 10,000 deep on the public gateway callback with 400, and any route beyond 64 levels', async () => {
    const deep = `{"payment":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/ecommpay/callback',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: TOO_DEEP_MESSAGE });
    // 64 levels is still read (and refused for what it says, not for its depth).
    const ok = `{"payment":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    const shallow = await t.app.inject({
      method: 'POST',
      url: '/api/payments/ecommpay/callback',
      headers: { 'content-type': 'application/json' },
      payload: ok,
    });
    expect(shallow.statusCode).toBeGreaterThanOrEqual(400);
    expect(shallow.statusCode).toBeLessThan(500);
    expect(shallow.json().message).not.toBe(TOO_DEEP_MESSAGE);
  });

  it("answers a booking's document records in GET bookings/{id} (spec 1 §3 documents)", async () => {
    const customer = await createCustomer(t.db);
    const { instance } = await createBookableInstance(t.db);
    const booking = await createBooking(t.db, { customer_id: customer.id, instance });
    const empty = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${booking.id}`,
      headers: bearer(t.adminToken),
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.booking[0].documents).toEqual([]);

    await t.db.execute(sql`insert into booking_document_records (holiday_booking_id, doc_type, name, created_for, file_key, size_bytes)
      values (${booking.id}, 'invoice', 'Confirmation', 'customer', 'documents/a.pdf', 10),
             (${booking.id}, 'agent-invoice', 'Agent Invoice', 'agent', 'documents/b.pdf', 10)`);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${booking.id}`,
      headers: bearer(t.adminToken),
    });
    const records = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${booking.id}/document-records`,
      headers: bearer(t.adminToken),
    });
    const docs = res.json().data.booking[0].documents;
    expect(docs.map((d: { name: string; created_for: string }) => [d.name, d.created_for]).sort()).toEqual([
      ['Agent Invoice', 'agent'],
      ['Confirmation', 'customer'],
    ]);
    for (const d of docs) {
      expect(Object.keys(d).sort()).toEqual(['created_at', 'created_for', 'id', 'name']);
      expect(d.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    expect(records.statusCode).toBe(200);
  });
});
