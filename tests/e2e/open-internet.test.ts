import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../helpers/browser';
import { takeCspReport } from '../helpers/csp';
import { e2eUrl, signedInPage } from '../helpers/e2e';
import { securityHeadersProblem } from '../helpers/security-headers';

// What a first-time visitor meets (issue #21 points 1 and 3) on the real server and the built web
// app: the bare origin, the policy the pages run under, and the violation watcher that fails every
// browser test (tests/helpers/csp.ts) proven to see a violation.
describe('the office on the open internet', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("answers '/' like a browser to a client that asks for no compression (curl, a health check)", async () => {
    for (const headers of [{ 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip, br' }]) {
      const res = await fetch(`${e2eUrl()}/`, { headers, redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/bookings');
      expect(securityHeadersProblem({ headers: Object.fromEntries(res.headers) })).toBeUndefined();
    }
    const app = await fetch(`${e2eUrl()}/bookings`, { headers: { 'accept-encoding': 'identity' } });
    expect(app.status).toBe(200);
    expect(await app.text()).toContain('<div id="root">');
  });

  it("opens '/' without a token on the sign-in screen, with no policy violation", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto(`${e2eUrl()}/`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await expect.poll(() => page.getByRole('button', { name: /sign in|login/i }).isVisible()).toBe(true);
    await screenshot(page, 'open-internet-login');
    await context.close();
  });

  it('opens the bookings list signed in: the app runs under the strict policy', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/bookings');
    await expect.poll(() => page.getByRole('table').first().isVisible()).toBe(true);
    await page.close();
  });

  it('shows the OpenAPI pages under the policy, without the external validator badge', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto(`${e2eUrl()}/api/docs`);
    await expect.poll(() => page.locator('.swagger-ui .info .title').isVisible()).toBe(true);
    await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(0);
    await screenshot(page, 'open-internet-api-docs');
    await context.close();
  });

  it('sees a violation when a page tries inline script (so the suite-wide check can fail)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2eUrl()}/login`);
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { __injected?: boolean };
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      await new Promise((r) => setTimeout(r, 200));
      return w.__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => takeCspReport()).toMatch(/script-src-elem blocked inline on \/login/);
    await context.close();
  });
});
