import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/db/seed/demo-users';
import { launchBrowser, screenshot } from '../helpers/browser';
import { type ServerProcess, startServerProcess } from '../helpers/server';

const admin = DEMO_USERS[0];

// Issue #2 as a new user meets it: a fresh DATA_DIR migrates and loads the demo operator, answering
// health within 60 s; in Chromium a bad password shows the spec's message, and a member of staff
// signs in and finds a booking by its reference; a restart on the same directory answers within a
// few seconds and creates ADMIN_EMAIL; SIGTERM stops the server cleanly (exit code 0).
describe('the back office from a fresh start', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tour-office-'));
  let server: ServerProcess;
  let browser: Browser;
  let freshStartMs = 0;

  beforeAll(async () => {
    const t0 = Date.now();
    server = await startServerProcess({ DATA_DIR: dataDir }, 90_000);
    freshStartMs = Date.now() - t0;
    console.log(`fresh start to healthy: ${(freshStartMs / 1000).toFixed(1)} s`);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const apiSignIn = async (email: string, password: string) => {
    const res = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return { status: res.status, body: await res.json() };
  };

  it('loads the demo operator within 60 s', async () => {
    expect(freshStartMs).toBeLessThan(60_000);
    const { body } = await apiSignIn(admin.email, admin.password);
    const table = await fetch(`${server.url}/api/bookings/table?draw=1&start=0&length=25`, {
      headers: { authorization: `Bearer ${body.Token}` },
    });
    expect((await table.json()).recordsTotal).toBeGreaterThanOrEqual(8000);
  });

  it("shows the spec's message for a bad password", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/bookings`);
    // The login page keeps the screen asked for, to return to it once signed in.
    await page.waitForURL(/\/login\?next=%2Fbookings$/);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByText('Username & Password are invalid! Please try again.').count())
      .toBeGreaterThan(0);
    await screenshot(page, 'login-failed');
    await page.close();
  });

  it('signs in and finds a booking by its reference', async () => {
    const { body } = await apiSignIn(admin.email, admin.password);
    const list = await fetch(`${server.url}/api/bookings/table?draw=1&start=40&length=1`, {
      headers: { authorization: `Bearer ${body.Token}` },
    });
    const target = (await list.json()).data[0];
    expect(target.booking_ref).toMatch(/^[A-Z]{2}\d+$/);

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/bookings$/);
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await screenshot(page, 'bookings-list');

    await page.getByLabel('Booking reference').fill(target.booking_ref);
    await page.getByRole('button', { name: 'Search Bookings' }).click();
    const link = page.getByRole('link', { name: target.booking_ref, exact: true });
    await link.waitFor();
    await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(2); // header + the one row
    expect(await link.getAttribute('href')).toBe(`/bookings/edit/${target.id}`);
    await screenshot(page, 'bookings-list-filtered');
    await page.close();
  });

  it('restarts quickly on the same data, creating ADMIN_EMAIL, and serves the app on any path', async () => {
    expect(await server.stop()).toBe(0);
    const t1 = Date.now();
    server = await startServerProcess(
      { DATA_DIR: dataDir, ADMIN_EMAIL: 'owner@operator.test', ADMIN_PASSWORD: 'owner-password-1' },
      30_000,
    );
    const again = Date.now() - t1;
    console.log(`restart to healthy: ${(again / 1000).toFixed(1)} s`);
    expect(again).toBeLessThan(10_000);
    expect((await apiSignIn('owner@operator.test', 'owner-password-1')).body.user_role).toBe(1);
    const page = await fetch(`${server.url}/bookings/edit/1`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    // Bundles go out precompressed and cached for good; a missing asset is a 404, not the app.
    const script = (await page.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${server.url}/assets/gone-123.js`)).status).toBe(404);
  });
});
