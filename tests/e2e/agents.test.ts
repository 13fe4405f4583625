import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../helpers/browser';
import { apiCall, apiToken, e2eDataDir, e2eUrl, signedInPage } from '../helpers/e2e';
import { latestResetLink } from '../helpers/outbox';

type AgentRow = { id: number; name: string; email: string | null };
type TablePage<T> = { recordsTotal: number; data: T[] };

// Agents in the browser (spec 2 §2 Agents): role 1 creates and edits an agent; role 2 sees the
// same screens read-only; the public page sets an agent's password from an emailed link.
describe('agent screens', () => {
  let browser: Browser;
  let admin: string;
  /** A demo agent that also has bookings imported from the earlier system (seed/agents.ts). */
  let withBookings: AgentRow;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
    const q = '/agents/table?length=7&order[0][column]=0&order[0][dir]=asc&columns[0][data]=id';
    const page = await apiCall<TablePage<AgentRow>>(admin, 'GET', q);
    withBookings = page.body.data[6];
  });
  afterAll(async () => browser?.close());

  it('role 1 creates an agent, edits its commission and the change persists', async () => {
    const page = await signedInPage(browser, 1);
    const name = `Harbour Travel ${Date.now()}`;
    await page.goto(`${e2eUrl()}/agents`);
    await expect.poll(() => page.getByRole('heading', { name: 'Agents' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: 'Send password reset link' }).first().isVisible())
      .toBe(true);
    await screenshot(page, 'agents-list');

    await page.getByRole('link', { name: 'New agent' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'New agent' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create agent' }).click();
    await expect.poll(() => page.getByText('Company name is required.').isVisible()).toBe(true);
    await page.getByLabel('Company name').fill(name);
    await page.getByLabel('ABTA number').fill('P4321');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Postcode').fill('bs1 4dj');
    await page.getByLabel('Commission (%)').fill('10');
    await page.getByLabel('Credit limit').fill('1500');
    await page.getByRole('button', { name: 'Create agent' }).click();
    // The server's field error lands on the field.
    await expect.poll(() => page.getByText('Enter a valid email address.').isVisible()).toBe(true);
    await page.getByLabel('Email').fill('sales@harbour-travel.example.co.uk');
    await screenshot(page, 'agent-create');
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.waitForURL(/\/agents\/edit\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { name: `Agent: ${name}` }).isVisible()).toBe(true);
    expect(await page.getByLabel('Postcode').inputValue()).toBe('BS1 4DJ');

    // Slow the save down a little so 'Updating...' can be seen.
    await page.route('**/api/agents/*', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.getByLabel('Commission (%)').fill('12.5');
    await page.getByRole('button', { name: 'Update agent' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Updating...' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Agent updated successfully.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Update agent' }).isEnabled()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: `Agent: ${name}` }).isVisible()).toBe(true);
    expect(await page.getByLabel('Commission (%)').inputValue()).toBe('12.50 %');
    expect(await page.getByLabel('Credit limit').inputValue()).toBe('£1,500.00');

    // The same agent on the list, found by the quick search.
    await page.goto(`${e2eUrl()}/agents`);
    await page.getByLabel('Quick search').fill(name);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('cell', { name }).isVisible()).toBe(true);

    // An agent with current and old bookings.
    await page.goto(`${e2eUrl()}/agents/edit/${withBookings.id}`);
    await expect
      .poll(() => page.getByRole('heading', { name: `Agent: ${withBookings.name}` }).isVisible())
      .toBe(true);
    const bookings = page.getByRole('table', { name: `Bookings of ${withBookings.name}` });
    await expect.poll(() => bookings.getByRole('row').count()).toBeGreaterThan(1);
    // Imported bookings (old system ids, numeric) come first by reference.
    await bookings.locator('thead').getByText('Booking ref').click();
    await expect.poll(() => bookings.getByText('Old', { exact: true }).first().isVisible()).toBe(true);
    await screenshot(page, 'agent-edit');
    await page.context().close();
  });

  it('role 2 sees the agents list and the agent edit read-only', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/agents`);
    await expect.poll(() => page.getByRole('link', { name: 'View' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'New agent' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await screenshot(page, 'agents-list-role2');

    // The spec's own path, /agent/edit/{id}, opens the same screen.
    await page.goto(`${e2eUrl()}/agent/edit/${withBookings.id}`);
    await expect
      .poll(() => page.getByRole('heading', { name: `Agent: ${withBookings.name}` }).isVisible())
      .toBe(true);
    expect(await page.getByLabel('Company name').isDisabled()).toBe(true);
    expect(await page.getByLabel('Commission (%)').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Update agent' }).count()).toBe(0);
    await expect.poll(() => page.getByText(/^Showing 1 to 10 of \d+ records/).isVisible()).toBe(true);
    await screenshot(page, 'agent-edit-role2');
    await page.context().close();
  });

  it('the public reset page sets a password from an emailed link', async () => {
    const email = `desk-${Date.now()}@lakeside-travel.example.co.uk`;
    const created = await apiCall<{ data: { id: number } }>(admin, 'POST', '/agents', {
      name: 'Lakeside Travel',
      email,
    });
    expect(created.status).toBe(200);
    const sent = await apiCall(admin, 'POST', '/agents/password/reset-link', { email });
    expect(sent.status).toBe(200);
    const { link } = await latestResetLink(e2eDataDir(), email);
    expect(link.startsWith(e2eUrl())).toBe(true);

    // No staff login: a fresh browser context.
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { name: 'Set your password' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Lakeside Travel').isVisible()).toBe(true);
    await page.getByLabel(/^New password/).fill('harbour-view-9');
    await page.getByLabel('Confirm new password').fill('harbour-view-8');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => page.getByText('The two passwords do not match.').isVisible()).toBe(true);
    await screenshot(page, 'agent-reset-password');
    await page.getByLabel('Confirm new password').fill('harbour-view-9');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => page.getByText('Your password has been set.').isVisible()).toBe(true);
    await screenshot(page, 'agent-reset-password-done');
    const agent = await apiCall<{ data: { has_password: boolean } }>(
      admin,
      'GET',
      `/agents/${created.body.data.id}`,
    );
    expect(agent.body.data.has_password).toBe(true);

    // The link works once.
    await page.reload();
    await expect
      .poll(() => page.getByText('This password reset link has already been used.').isVisible())
      .toBe(true);
    await screenshot(page, 'agent-reset-password-used');
    await context.close();
  });
});
