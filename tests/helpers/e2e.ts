import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { DEMO_USERS } from '../../src/server/db/seed/demo-users';

/** The shared demo server of the e2e project (tests/e2e/global-setup.ts). */
export const e2eUrl = () => inject('e2eServerUrl');
export const e2eDataDir = () => inject('e2eDataDir');

/** Signs in through the API as the demo admin (role 1) or accountant (role 2); answers the token. */
export async function apiToken(role: 1 | 2): Promise<string> {
  const user = DEMO_USERS.find((u) => u.role === role);
  if (!user) throw new Error(`no demo user with role ${role}`);
  const res = await fetch(`${e2eUrl()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const body = await res.json();
  if (!body.Token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.Token;
}

/**
 * A new page already signed in as role 1 or 2 (the token and role stored as the login screen
 * stores them), at 1366×900. The login screen itself is covered by back-office.test.ts.
 */
export async function signedInPage(browser: Browser, role: 1 | 2): Promise<Page> {
  const token = await apiToken(role);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript(
    ([t, r]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', t);
        localStorage.setItem('user_role', r);
      }
    },
    [token, String(role)] as const,
  );
  return context.newPage();
}

/** Calls the API with a token, for setting up or checking what a screen did. */
export async function apiCall<T = unknown>(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${e2eUrl()}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}
