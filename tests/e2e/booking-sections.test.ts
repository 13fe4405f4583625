import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure, loadBooking, openCard } from '../helpers/booking-screen';
import { launchBrowser, screenshot } from '../helpers/browser';
import { byHand, gbp, p, percentOf, pounds } from '../helpers/by-hand';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

// The lower sections of the booking edit screen (spec 1 §2 'Booking edit', §5, §6, §9): role 1 adds a
// passenger, an extra and a percentage discount and records a bacs payment on a demo customer
// booking; the Accounts figures then equal spec 1 §9's formulas worked here by hand from the
// booking's own lines. Role 2 sees the sections read-only but may record a transaction.
const slow = { timeout: 20_000 };

describe('booking edit: passengers, extras, discounts, accounts, payments', () => {
  let browser: Browser;
  let admin: string;
  let bookingId: number;
  let extraName: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
    // A demo customer booking (no agent, not cancelled) that may take an extra and has no discount yet.
    const table = await apiCall<{
      data: { id: number; status: string; customer: unknown; agent: unknown }[];
    }>(admin, 'GET', '/bookings/table?draw=1&start=0&length=200');
    const candidates = table.body.data.filter((r) => r.customer && !r.agent && r.status !== 'Cancelled');
    // Start somewhere past the first rows, which other screen tests tend to pick.
    const offset = Math.floor(Math.random() * Math.max(1, candidates.length - 20));
    for (const row of [...candidates.slice(offset), ...candidates.slice(0, offset)]) {
      const b = await loadBooking(admin, row.id);
      // Enough left to pay, after the test's percentage discount, for its payments (£133.45 in all),
      // which would otherwise be overpayments that ask first (issue #10).
      if (
        b.agent_id !== null ||
        b.cancelled_at ||
        b.discounts.length ||
        b.tour_bookings.length === 0 ||
        p(b.totals.balance) < 20_000n ||
        p(b.totals.balance) * 2n < p(b.totals.total_due)
      )
        continue;
      const extras = await apiCall<{ data: { id: number; name: string }[] }>(
        admin,
        'POST',
        '/extras/get-booking/extra',
        {
          holiday_booking_id: b.id,
        },
      );
      const taken = new Set(b.extras.map((e) => e.id));
      const free = extras.body.data.find((e) => !taken.has(e.id));
      if (free) {
        bookingId = b.id;
        extraName = free.name;
        break;
      }
    }
    expect(bookingId, 'a demo customer booking that may take an extra').toBeGreaterThan(0);
  });
  afterAll(async () => browser?.close());

  it('role 1 adds a passenger, an extra, a percentage discount and a bacs payment; Accounts follow spec §9', async () => {
    const before = await loadBooking(admin, bookingId);
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/bookings/edit/${bookingId}`);

    // Extras: add one the booking may take to the list, not saved yet.
    const extras = await openCard(page, 'Extras');
    await extras.getByRole('combobox', { name: 'Add extra' }).click();
    await page
      .getByRole('option', { name: new RegExp(`^${extraName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} —`) })
      .click();
    await extras.getByRole('button', { name: 'Add to list' }).click();
    await expect.poll(() => extras.getByText('Changes not saved yet').isVisible(), slow).toBe(true);
    const listed = await extras.getByRole('row').count();

    // Passengers: add one through the modal. Its reload must keep the unsaved extras list.
    const passengers = await openCard(page, 'Passengers');
    await passengers.getByRole('button', { name: 'Add passenger' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add passenger' });
    await dialog.getByRole('button', { name: 'Add passenger' }).click();
    await expect.poll(() => dialog.getByText('First name is required.').isVisible(), slow).toBe(true);
    await dialog.getByRole('combobox', { name: 'Title' }).click();
    await page.getByRole('option', { name: 'Dr', exact: true }).click();
    await dialog.getByLabel('First name').fill('Imogen');
    await dialog.getByLabel('Last name').fill(`Sections${Date.now() % 100000}`);
    await dialog.getByLabel('Date of birth').fill('14/02/1979');
    await dialog.getByLabel('Passport no').fill('123456789');
    await screenshot(page, 'booking-sections-passenger-modal');
    await dialog.getByRole('button', { name: 'Add passenger' }).click();
    await expect.poll(() => dialog.isVisible(), slow).toBe(false);
    await expect
      .poll(() => passengers.getByRole('cell', { name: '14/02/1979' }).isVisible(), slow)
      .toBe(true);
    expect((await loadBooking(admin, bookingId)).passengers.length).toBe(before.passengers.length + 1);

    // The extras list still has its unsaved extra after the passenger's reload; save it now.
    await expect.poll(() => extras.getByText('Changes not saved yet').isVisible(), slow).toBe(true);
    expect(await extras.getByRole('row').count()).toBe(listed);
    await extras.getByRole('button', { name: 'Update extras' }).click();
    await expect.poll(() => extras.getByText('Changes not saved yet').isVisible(), slow).toBe(false);
    const withExtra = await loadBooking(admin, bookingId);
    const added = withExtra.extras.find((e) => e.name === extraName);
    expect(added).toBeDefined();
    // Spec 1 §5: a per-person extra takes the passenger count.
    if (added?.for_per_person) expect(added.pivot.qty).toBe(withExtra.passengers.length);

    // Discounts: a percentage one (BASE10: 10% of the base total), previewed before it is applied.
    const offered = await apiCall<{
      data: { code: string; penalty_type: number; value: string; on_base_price: boolean }[];
    }>(
      admin,
      'GET',
      `/discounts?${withExtra.tour_bookings.map((l) => `tour_ids[]=${l.tour_id}`).join('&')}&fromAdmin=yes`,
    );
    const percent = offered.body.data.find((d) => d.penalty_type !== 0 && p(d.value) > 0n);
    expect(percent, 'a percentage discount offered for the tours').toBeDefined();
    if (!percent) return;
    const discounts = await openCard(page, 'Discounts');
    await discounts.getByRole('combobox', { name: 'Apply discount' }).click();
    await page.getByRole('option', { name: new RegExp(`^${percent.code} —`) }).click();
    const hand = byHand(withExtra);
    const expected = percentOf(percent.on_base_price ? hand.base : hand.tours, percent.value);
    await expect.poll(() => discounts.getByLabel('Discount preview').innerText(), slow).toBe(gbp(expected));
    await discounts.getByRole('button', { name: 'Apply discount' }).click();
    await expect
      .poll(() => discounts.getByRole('cell', { name: percent.code, exact: true }).isVisible(), slow)
      .toBe(true);

    // Record a transaction: bacs £123.45 with a transaction ID.
    const txn = await openCard(page, 'Record a transaction');
    await txn.getByRole('combobox', { name: 'Payment method' }).click();
    await page.getByRole('option', { name: 'BACS', exact: true }).click();
    await txn.getByLabel('Transaction ID').fill(`E2E-${bookingId}`);
    await txn.getByRole('textbox', { name: 'Amount' }).fill('123.45');
    await txn.getByRole('button', { name: 'Record transaction' }).click();
    const receipts = await openCard(page, 'Receipts');
    await expect
      .poll(() => receipts.getByRole('cell', { name: `E2E-${bookingId}`, exact: true }).isVisible(), slow)
      .toBe(true);

    // The booking as stored, and spec 1 §9 worked by hand from its lines.
    const after = await loadBooking(admin, bookingId);
    const h = byHand(after);
    expect(h.discounts).toBeGreaterThan(0n);
    expect(
      after.payments.some((x) => x.transaction_id === `E2E-${bookingId}` && x.payment_amount === '123.45'),
    ).toBe(true);
    expect(after.totals).toMatchObject({
      tours_total: pounds(h.tours),
      extras_total: pounds(h.extras),
      discounts_total: pounds(h.discounts),
      total_due: pounds(h.due),
      paid: pounds(h.paid),
      balance: pounds(h.balance),
    });
    // …and what the Accounts section shows.
    await openCard(page, 'Accounts');
    await expect.poll(() => figure(page, 'Accounts', 'Paid'), slow).toBe(gbp(h.paid));
    expect(await figure(page, 'Accounts', 'Tours total')).toBe(gbp(h.tours));
    expect(await figure(page, 'Accounts', 'Extras total')).toBe(gbp(h.extras));
    expect(await figure(page, 'Accounts', 'Discounts total')).toBe(`-${gbp(h.discounts)}`);
    expect(await figure(page, 'Accounts', 'Total due')).toBe(gbp(h.due));
    expect(await figure(page, 'Accounts', 'Balance')).toBe(gbp(h.balance));
    // The history recorded each change.
    const history = await openCard(page, 'History');
    await expect
      .poll(() => history.getByRole('cell', { name: 'Payment recorded' }).first().isVisible(), slow)
      .toBe(true);
    await screenshot(page, 'booking-sections-role1');
    await page.context().close();
  });

  it('role 2 sees the sections read-only but records a transaction', async () => {
    const before = await loadBooking(admin, bookingId);
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/bookings/edit/${bookingId}`);
    const passengers = await openCard(page, 'Passengers');
    await expect
      .poll(() => passengers.getByRole('cell', { name: '14/02/1979' }).isVisible(), slow)
      .toBe(true);
    expect(await passengers.getByRole('button', { name: 'Add passenger' }).count()).toBe(0);
    expect(await passengers.getByRole('button', { name: /^Delete passenger/ }).count()).toBe(0);
    const extras = await openCard(page, 'Extras');
    await expect
      .poll(() => extras.getByRole('table', { name: 'Booking extras' }).isVisible(), slow)
      .toBe(true);
    expect(await extras.getByRole('combobox', { name: 'Add extra' }).count()).toBe(0);
    expect(await extras.getByRole('button', { name: 'Update extras' }).count()).toBe(0);
    const discounts = await openCard(page, 'Discounts');
    expect(await discounts.getByRole('button', { name: 'Apply discount' }).count()).toBe(0);
    expect(await discounts.getByRole('button', { name: /^Delete discount/ }).count()).toBe(0);
    const special = await openCard(page, 'Special requests');
    expect(await special.getByRole('button', { name: 'Update special request' }).count()).toBe(0);
    const docs = await openCard(page, 'Additional documents');
    expect(await docs.getByRole('button', { name: 'Upload' }).count()).toBe(0);

    const txn = await openCard(page, 'Record a transaction');
    await txn.getByRole('combobox', { name: 'Payment method' }).click();
    await page.getByRole('option', { name: 'Cash', exact: true }).click();
    await txn.getByRole('textbox', { name: 'Amount' }).fill('10');
    await txn.getByRole('button', { name: 'Record transaction' }).click();
    await expect
      .poll(async () => p((await loadBooking(admin, bookingId)).totals.paid), slow)
      .toBe(p(before.totals.paid) + 1000n);
    await openCard(page, 'Accounts');
    await expect.poll(() => figure(page, 'Accounts', 'Paid'), slow).toBe(gbp(p(before.totals.paid) + 1000n));
    await screenshot(page, 'booking-sections-role2');
    await page.context().close();
  });
});
