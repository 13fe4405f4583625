import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../src/shared/api/agents';
import type { BookingDetail } from '../../src/shared/api/booking-edit';
import { figure, loadBooking } from '../helpers/booking-screen';
import { launchBrowser, screenshotFromTop } from '../helpers/browser';
import { byHand, gbp, p, pounds } from '../helpers/by-hand';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

// An agent booking on the edit screen (spec 1 §4 Linking, §9 agent accounts): role 1 links an agent
// with a commission to a customer booking that has a payment; the booking takes the agent's
// commission percent, and Agent accounts show the non-commissionable extras, the commission, VAT on
// it and the balance due from the agent exactly as spec 1 §9 works them by hand. Unlinking the agent
// (after a confirmation) takes commission and VAT away again.
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000 });

/** A customer booking, not cancelled, no agent, something paid but not all, from deep in the list. */
async function findBooking(token: string): Promise<BookingDetail> {
  const { body } = await apiCall<{
    data: { id: number; customer: unknown; agent: unknown; cancelled_at: string | null }[];
  }>(token, 'GET', '/bookings/table?length=150&start=4000');
  for (const row of body.data) {
    if (!row.customer || row.agent || row.cancelled_at) continue;
    const b = await loadBooking(token, row.id);
    const h = byHand(b);
    if (b.agent_id === null && b.customer_id !== null && h.paid > 0n && h.paid < h.due) return b;
  }
  throw new Error('no demo booking fits');
}

/** An agent with a commission above 0. */
async function findAgent(token: string): Promise<Agent> {
  const { body } = await apiCall<{ data: { id: number }[] }>(token, 'GET', '/agents/table?length=25');
  for (const row of body.data) {
    const { body: one } = await apiCall<{ data: Agent }>(token, 'GET', `/agents/${row.id}`);
    if (p(one.data.commission) > 0n) return one.data;
  }
  throw new Error('no demo agent with a commission');
}

describe('booking edit: an agent booking', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('role 1 links an agent; commission, VAT and the balance follow spec 1 §9; unlinking takes them away', async () => {
    const token = await apiToken(1);
    const before = await findBooking(token);
    const agent = await findAgent(token);

    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/bookings/edit/${before.id}`);
    const title = `Booking #${before.booking_ref ?? before.old_booking_id ?? before.id}`;
    await poll(() => page.getByRole('heading', { name: title }).isVisible()).toBe(true);

    // Link the agent through the picker: search by name, Select.
    await page.getByRole('button', { name: 'Agent: no agent chosen. Choose an agent' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an agent' });
    await poll(() => picker.isVisible()).toBe(true);
    await picker.getByRole('textbox', { name: 'Quick search' }).fill(agent.name);
    const select = picker.getByRole('button', { name: `Select ${agent.name}`, exact: true });
    await poll(() => select.isVisible()).toBe(true);
    await select.click();
    await poll(() => page.getByRole('button', { name: 'Unlink agent' }).isVisible()).toBe(true);

    // The booking took the agent's commission percent and the VAT percent of the settings.
    const linked = await loadBooking(token, before.id);
    expect(linked.agent_id).toBe(agent.id);
    expect(p(linked.agent_comission_percent)).toBe(p(agent.commission));
    const h = byHand(linked);
    expect(h.commission).toBeGreaterThan(0n);
    expect(linked.totals).toMatchObject({
      total_due: pounds(h.due),
      non_commissionable_extras: pounds(h.nonCommissionable),
      commission: pounds(h.commission),
      vat: pounds(h.vat),
      balance: pounds(h.balance),
      agent_balance: pounds(h.agentBalance),
    });

    // What the screen shows: Agent accounts beside the booking accounts.
    const show = page.getByRole('button', { name: 'Show Accounts' });
    if (await show.isVisible()) await show.click();
    await poll(() => page.locator('[aria-label="Agent accounts"]').isVisible()).toBe(true);
    expect(await figure(page, 'Agent accounts', 'Total due', { prefix: true })).toBe(gbp(h.due));
    expect(await figure(page, 'Agent accounts', 'Non-commissionable extras', { prefix: true })).toBe(
      gbp(h.nonCommissionable),
    );
    expect(await figure(page, 'Agent accounts', 'Less commission', { prefix: true })).toBe(gbp(h.commission));
    expect(await figure(page, 'Agent accounts', 'Less VAT on commission', { prefix: true })).toBe(gbp(h.vat));
    expect(await figure(page, 'Agent accounts', 'Less paid', { prefix: true })).toBe(gbp(h.paid));
    expect(await figure(page, 'Agent accounts', 'Net balance due from agent', { prefix: true })).toBe(
      gbp(h.agentBalance),
    );
    // Issue #10: the booking's own (customer-side) balance is total due − paid; the agent's net
    // balance (after commission and VAT) stands only in Agent accounts, under its own label.
    expect(await figure(page, 'Accounts', 'Total due')).toBe(gbp(h.due));
    expect(await figure(page, 'Accounts', 'Paid')).toBe(gbp(h.paid));
    expect(await figure(page, 'Accounts', 'Balance')).toBe(gbp(h.due - h.paid));
    await screenshotFromTop(page, 'booking-agent-accounts');

    // Unlink (asks first): no agent, no commission; the balance is total due − paid again.
    await page.getByRole('button', { name: 'Unlink agent' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unlink agent' });
    await confirm.getByRole('button', { name: 'Unlink', exact: true }).click();
    await poll(() => page.locator('[aria-label="Agent accounts"]').count()).toBe(0);
    const unlinked = await loadBooking(token, before.id);
    expect(unlinked.agent_id).toBeNull();
    expect(unlinked.totals.balance).toBe(pounds(h.due - h.paid));
    await poll(() => figure(page, 'Accounts', 'Balance')).toBe(gbp(h.due - h.paid));
    await page.context().close();
  });
});
