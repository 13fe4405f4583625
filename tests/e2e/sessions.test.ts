import { request } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../src/server/db/seed/demo-users';
import { launchBrowser, screenshot } from '../helpers/browser';
import { apiCall, apiToken, e2eDataDir, e2eUrl } from '../helpers/e2e';
import { newestMail, resetLinksOf } from '../helpers/outbox';

const admin = DEMO_USERS[0];

/**
 * POST with a Host header of our choosing (fetch always sends the real one): answers the status.
 * `path` is under the e2e server; `headers` go out as given.
 */
function rawPost(path: string, headers: Record<string, string>, body: unknown): Promise<number> {
  const url = new URL(path, e2eUrl());
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

// Sessions and links that leave the server (issue: safe on the open internet, ASVS L2): a session the
// server has ended sends the screen to sign-in with the reason, and back to the page afterwards; an
// emailed reset link is built from APP_URL whatever Host the request claimed.
describe('sessions and emailed links', () => {
  let browser: Browser;
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken(1);
  });
  afterAll(async () => browser?.close());

  it('a session ended on the server shows why at sign-in, then returns to the page it was on', async () => {
    const list = await apiCall<{ data: { id: number }[] }>(token, 'GET', '/bookings/table?start=20&length=1');
    const id = list.body.data[0].id;
    const deep = `/bookings/edit/${id}`;

    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2eUrl()}${deep}`);
    await page.waitForURL(/\/login\?next=%2Fbookings%2Fedit%2F\d+$/);
    // No session has ended yet: nothing but the form.
    expect(await page.getByText('Your session has ended').count()).toBe(0);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${e2eUrl()}${deep}`);
    const search = page.getByRole('textbox', { name: 'Search bookings, customers and agents' });
    await search.waitFor();
    // Every call of the booking screen answered: what follows is the user's next action.
    await page.waitForLoadState('networkidle');

    // The session ends on the server (signed out elsewhere); the screen does not know yet.
    const session = await page.evaluate(() => localStorage.getItem('token'));
    expect(session).toBeTruthy();
    expect((await apiCall(session as string, 'POST', '/logout')).status).toBe(200);

    // The next thing the user does calls the API: 401, and the login screen says why.
    await search.fill('Smith');
    await page.waitForURL(/\/login\?next=%2Fbookings%2Fedit%2F\d+$/);
    await expect
      .poll(() => page.getByText('Your session has ended. Please sign in again.').isVisible())
      .toBe(true);
    await screenshot(page, 'login-session-ended');

    await page.getByLabel('Email').fill(admin.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${e2eUrl()}${deep}`);
    await search.waitFor();
    expect(new URL(page.url()).pathname).toBe(deep);
    // Signing in again forgets the reason.
    expect(await page.evaluate(() => sessionStorage.getItem('session_ended'))).toBeNull();
    await context.close();
  });

  it('an emailed reset link starts with APP_URL whatever Host was sent, and sets the password', async () => {
    const email = `office-${Date.now()}@harbourline.example.co.uk`;
    const created = await apiCall<{ data: { id: number } }>(token, 'POST', '/agents', {
      name: 'Harbourline Travel',
      email,
    });
    expect(created.status).toBe(200);
    const status = await rawPost(
      '/api/agents/password/reset-link',
      { host: 'evil.example', 'x-forwarded-host': 'evil.example', authorization: `Bearer ${token}` },
      { email },
    );
    expect(status).toBe(200);

    // global-setup.ts starts the server with APP_URL = its own address.
    const mail = await newestMail(e2eDataDir(), email);
    const links = resetLinksOf(mail);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`${e2eUrl()}/agent/reset-password/`)).toBe(true);
    expect(`${mail.text}${mail.html}`).not.toContain('evil.example');

    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(links[0]);
    await expect.poll(() => page.getByRole('heading', { name: 'Set your password' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Harbourline Travel').isVisible()).toBe(true);
    // The shared rule, at the field: too short, then too common.
    await page.getByLabel(/^New password/).fill('short-one');
    await page.getByLabel('Confirm new password').fill('short-one');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect
      .poll(() => page.getByText('The password must be at least 12 characters.').isVisible())
      .toBe(true);
    await page.getByLabel(/^New password/).fill('password1234');
    await page.getByLabel('Confirm new password').fill('password1234');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect
      .poll(() => page.getByText('This password is too common. Choose another.').isVisible())
      .toBe(true);
    await screenshot(page, 'agent-reset-password-common');
    await page.getByLabel(/^New password/).fill('lighthouse-keeper-42');
    await page.getByLabel('Confirm new password').fill('lighthouse-keeper-42');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => page.getByText('Your password has been set.').isVisible()).toBe(true);
    const agent = await apiCall<{ data: { has_password: boolean } }>(
      token,
      'GET',
      `/agents/${created.body.data.id}`,
    );
    expect(agent.body.data.has_password).toBe(true);
    await context.close();
  });
});
