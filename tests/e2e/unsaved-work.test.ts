import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetailAnswer } from '../../src/shared/api/booking-edit';
import type { Customer } from '../../src/shared/api/customers';
import { pathTo } from '../../src/shared/routes';
import { openCard } from '../helpers/booking-screen';
import { launchBrowser } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';
import { chooseOfferedRoom, findOffer, type Offer } from '../helpers/offers';

// Issue #22, as a new member of staff met it. Point 5: a new booking with a customer and a tour
// vanished when the Dashboard breadcrumb was clicked (Back showed an empty form); a typed special
// request went with a click on the side menu; Esc closed a half-filled Add passenger dialog.
// Leaving changed work now asks, and a new booking in progress is kept as a draft and offered back.
// Point 6: '2/11/59', '31/02/2027' and '32/13/2026' typed into a date of birth or a date field were
// blanked with no word and the passenger saved without a date of birth. They now stay as typed
// with their message at the field, and the passenger is not saved until the date reads.
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const SHOTS = '/work/notes/shots/i22-forms';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** The error text Mantine shows under a field (its aria-describedby), or ''. */
async function fieldError(field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const page = field.page();
  for (const id of ids.split(/\s+/).filter(Boolean)) {
    const el = page.locator(`[id="${id}"]`);
    if ((await el.count()) && (await el.getAttribute('class'))?.includes('error')) return el.innerText();
  }
  return '';
}

describe('unsaved work and typed dates (issue #22 points 5 and 6)', () => {
  let browser: Browser;
  let admin: string;
  let offer: Offer;
  let customer: Customer;
  let bookingId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
    offer = await findOffer(admin, 3);
    const list = await apiCall<{ data: { id: number }[] }>(admin, 'GET', '/customers/table?length=1');
    customer = (await apiCall<{ data: Customer }>(admin, 'GET', `/customers/${list.body.data[0].id}`)).body
      .data;
    // A booking of this test's own for the passenger and special request cases.
    const created = await apiCall<{ data: { id: number } }>(admin, 'POST', '/bookings', {
      customer_id: customer.id,
      tour_bookings: [
        {
          tour_id: offer.tour.id,
          tour_instance_id: offer.instance.id,
          tour_room_id: offer.room.tour_room_id,
          guests: 2,
          rooms: 1,
        },
      ],
    });
    expect(created.status).toBe(200);
    bookingId = created.body.data.id;
  });
  afterAll(async () => browser?.close());

  const booking = async () =>
    (await apiCall<BookingDetailAnswer>(admin, 'GET', `/bookings/${bookingId}`)).body.data.booking[0];

  it('a new booking left by the breadcrumb asks first, and is offered back after Back; created, the draft goes', async () => {
    const page = await signedInPage(browser, 1);
    const createPath = pathTo('booking-create', undefined, { customer_id: customer.id });
    await page.goto(`${e2eUrl()}${createPath}`);
    await poll(() => page.getByRole('heading', { name: 'New booking', level: 1 }).isVisible()).toBe(true);
    const panel = page.getByRole('region', { name: 'Add tour to booking' });
    await poll(() => panel.isVisible()).toBe(true);
    await chooseOfferedRoom(page, panel, offer, 2);
    await panel.getByRole('button', { name: 'Add tour to booking' }).click();
    const items = page.getByRole('table', { name: 'Tour booking items' });
    const line = items.getByRole('row').filter({ hasText: offer.tour.name });
    await poll(() => line.isVisible()).toBe(true);

    // The Dashboard breadcrumb asks; 'Keep editing' stays with the customer and the tour.
    const dashboard = page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Dashboard' });
    await dashboard.click();
    const ask = page.getByRole('dialog', { name: 'Leave this booking unfinished?' });
    await poll(() => ask.isVisible()).toBe(true);
    expect(await ask.innerText()).toContain('kept as a draft in this browser');
    await shot(page, 'new-booking-leave-asked');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await poll(() => ask.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(pathTo('booking-create'));
    expect(await line.isVisible()).toBe(true);
    const summary = page.getByRole('region', { name: 'Summary' });
    expect(await summary.getByText(`${customer.first_name} ${customer.last_name}`).isVisible()).toBe(true);

    // 'Leave' goes to the Dashboard.
    await dashboard.click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === pathTo('dashboard'), { timeout: 15_000 });

    // Back: the screen offers the booking left unfinished, and Restore brings it back.
    await page.goBack();
    await poll(() => page.getByRole('heading', { name: 'New booking', level: 1 }).isVisible()).toBe(true);
    const offerBox = page.getByRole('region', { name: 'Unsaved booking' });
    await poll(() => offerBox.isVisible()).toBe(true);
    expect(await offerBox.innerText()).toMatch(/Carry on with your unsaved booking from \d{2}:\d{2}\?/);
    expect(await offerBox.innerText()).toContain(`${customer.first_name} ${customer.last_name}`);
    await shot(page, 'new-booking-draft-offered');
    await offerBox.getByRole('button', { name: 'Restore' }).click();
    await poll(() => line.isVisible()).toBe(true);
    await poll(() => offerBox.count()).toBe(0);
    expect(await line.getByRole('cell', { name: '2', exact: true }).isVisible()).toBe(true);
    await shot(page, 'new-booking-draft-restored');

    // Created: no question on the way to the new booking, and no draft offered afterwards.
    await page.getByRole('button', { name: 'Proceed with booking' }).click();
    await page.waitForURL(/\/bookings\/edit\/\d+$/, { timeout: 20_000 });
    expect(await page.getByRole('dialog', { name: 'Leave this booking unfinished?' }).count()).toBe(0);
    await page.goto(`${e2eUrl()}${pathTo('booking-create')}`);
    await poll(() => page.getByRole('heading', { name: 'New booking', level: 1 }).isVisible()).toBe(true);
    await page.waitForTimeout(500);
    expect(await offerBox.count()).toBe(0);
    await page.context().close();
  });

  it('Discard on the offer forgets the draft; a blank New booking leaves without a question', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}${pathTo('booking-create', undefined, { customer_id: customer.id })}`);
    const panel = page.getByRole('region', { name: 'Add tour to booking' });
    await poll(() => panel.isVisible()).toBe(true);
    await chooseOfferedRoom(page, panel, offer, 1);
    await panel.getByRole('button', { name: 'Add tour to booking' }).click();
    await poll(() => page.getByRole('table', { name: 'Tour booking items' }).isVisible()).toBe(true);
    // Closing the tab loses nothing (the draft is in the browser): a reload opens it again.
    await page.reload();
    const offerBox = page.getByRole('region', { name: 'Unsaved booking' });
    await poll(() => offerBox.isVisible()).toBe(true);
    await offerBox.getByRole('button', { name: 'Discard' }).click();
    await poll(() => offerBox.count()).toBe(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL((url) => url.pathname === pathTo('customers'), { timeout: 15_000 });
    await page.goBack();
    await poll(() => page.getByRole('heading', { name: 'New booking', level: 1 }).isVisible()).toBe(true);
    await page.waitForTimeout(500);
    expect(await offerBox.count()).toBe(0);
    await page.context().close();
  });

  it('a typed special request is not lost to a side-menu click', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}${pathTo('booking-edit', { id: bookingId })}`);
    const card = await openCard(page, 'Special requests');
    const text = card.getByRole('textbox', { name: 'Special request text' });
    await text.fill('Ground floor room please, and a vegetarian dinner.');
    const customers = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' });
    await customers.click();
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
    await poll(() => ask.isVisible()).toBe(true);
    expect(await ask.innerText()).toContain('You have changes that are not saved.');
    await shot(page, 'special-request-leave-asked');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await poll(() => ask.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(pathTo('booking-edit', { id: bookingId }));
    expect(await text.inputValue()).toBe('Ground floor room please, and a vegetarian dinner.');

    // Saved, it leaves without a question.
    await card.getByRole('button', { name: 'Update special request' }).click();
    await poll(async () => (await booking()).special_request).toBe(
      'Ground floor room please, and a vegetarian dinner.',
    );
    await customers.click();
    await page.waitForURL((url) => url.pathname === pathTo('customers'), { timeout: 15_000 });
    expect(await ask.count()).toBe(0);
    await page.context().close();
  });

  it('an extra added to the list but not updated is not lost to a side-menu click', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}${pathTo('booking-edit', { id: bookingId })}`);
    const extras = await openCard(page, 'Extras');
    const pick = extras.getByRole('combobox', { name: 'Add extra' });
    await poll(() => pick.isEnabled()).toBe(true);
    await pick.click();
    await page.getByRole('option').first().click();
    await extras.getByRole('button', { name: 'Add to list' }).click();
    await poll(() => extras.getByText('Changes not saved yet').isVisible()).toBe(true);
    const customers = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' });
    await customers.click();
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
    await poll(() => ask.isVisible()).toBe(true);
    await shot(page, 'extras-leave-asked');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await poll(() => ask.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(pathTo('booking-edit', { id: bookingId }));
    expect(await extras.getByText('Changes not saved yet').isVisible()).toBe(true);

    // Undone, it leaves without a question.
    await extras.getByRole('button', { name: 'Undo changes' }).click();
    await customers.click();
    await page.waitForURL((url) => url.pathname === pathTo('customers'), { timeout: 15_000 });
    expect(await ask.count()).toBe(0);
    await page.context().close();
  });

  it('Esc on a half-filled Add passenger dialog asks; an untouched one just closes', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}${pathTo('booking-edit', { id: bookingId })}`);
    const add = page.getByRole('button', { name: 'Add passenger' });
    await poll(() => add.isVisible()).toBe(true);
    const dialog = page.getByRole('dialog', { name: 'Add passenger' });
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });

    await add.click();
    await poll(() => dialog.isVisible()).toBe(true);
    // Esc in a date box closes its calendar, not the dialog.
    await dialog.getByRole('textbox', { name: 'Date of birth' }).click();
    const calendar = page.getByRole('button', { name: 'Previous month' });
    await poll(() => calendar.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => calendar.count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => dialog.count()).toBe(0);
    expect(await ask.count()).toBe(0);

    await add.click();
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('First name').fill('Harriet');
    await page.keyboard.press('Escape');
    await poll(() => ask.isVisible()).toBe(true);
    await shot(page, 'passenger-dialog-esc-asked');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await poll(() => ask.count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Harriet');

    // The close button asks too; Discard changes closes.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await poll(() => ask.isVisible()).toBe(true);
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await poll(() => dialog.count()).toBe(0);
    await page.context().close();
  });

  it('unreadable dates stay as typed with their message, and the passenger is not saved until the date reads', async () => {
    const before = (await booking()).passengers.length;
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}${pathTo('booking-edit', { id: bookingId })}`);
    await page.getByRole('button', { name: 'Add passenger' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add passenger' });
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('First name').fill('Dora');
    await dialog.getByLabel('Last name').fill('Datewise');
    const dob = dialog.getByRole('textbox', { name: 'Date of birth' });
    const expiry = dialog.getByRole('textbox', { name: 'Passport expiry date' });

    for (const [field, typed, message] of [
      [dob, '31/02/2027', '31/02/2027 is not a date'],
      [dob, '32/13/2026', '32/13/2026 is not a date'],
      [dob, 'abc', 'Enter a date as DD/MM/YYYY'],
      [expiry, '31/02/2027', '31/02/2027 is not a date'],
    ] as const) {
      await field.fill(typed);
      await field.press('Tab');
      await poll(() => fieldError(field)).toBe(message);
      expect(await field.inputValue()).toBe(typed);
    }
    await shot(page, 'passenger-dates-unreadable');

    // Not saved while a date cannot be read: the dialog stays, the typed text too.
    await dialog.getByRole('button', { name: 'Add passenger' }).click();
    await page.waitForTimeout(1000);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dob.inputValue()).toBe('abc');
    expect(await fieldError(dob)).toBe('Enter a date as DD/MM/YYYY');
    expect((await booking()).passengers.length).toBe(before);

    // A two-digit year: the past in a date of birth, the usual pivot elsewhere.
    await dob.fill('2/11/59');
    await dob.press('Tab');
    await poll(() => dob.inputValue()).toBe('02/11/1959');
    expect(await fieldError(dob)).toBe('');
    await expiry.fill('2/11/59');
    await expiry.press('Tab');
    await poll(() => expiry.inputValue()).toBe('02/11/2059');
    await shot(page, 'passenger-dates-read');
    await dialog.getByRole('button', { name: 'Add passenger' }).click();
    await poll(() => dialog.count()).toBe(0);
    const saved = (await booking()).passengers.find((p) => p.last_name === 'Datewise');
    expect(saved).toMatchObject({ dob: '1959-11-02', passport_expiry: '2059-11-02' });
    await page.context().close();
  });

  it("a date filter keeps '32/13/2026' with its message (New booking's Departing from)", async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}${pathTo('booking-create', undefined, { customer_id: customer.id })}`);
    const panel = page.getByRole('region', { name: 'Add tour to booking' });
    await poll(() => panel.isVisible()).toBe(true);
    const from = panel.getByRole('textbox', { name: 'Departing from', exact: true });
    await from.fill('32/13/2026');
    await from.press('Tab');
    await poll(() => fieldError(from)).toBe('32/13/2026 is not a date');
    expect(await from.inputValue()).toBe('32/13/2026');
    await from.fill('abc');
    await from.press('Tab');
    await poll(() => fieldError(from)).toBe('Enter a date as DD/MM/YYYY');
    expect(await from.inputValue()).toBe('abc');
    await shot(page, 'departing-from-unreadable');
    // The calendar still picks a day.
    const to = panel.getByRole('textbox', { name: 'Departing to', exact: true });
    await to.click();
    const now = new Date();
    const month = now.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
    const day = page.getByRole('button', { name: `15 ${month}`, exact: true });
    await poll(() => day.isVisible()).toBe(true);
    await shot(page, 'departing-to-calendar');
    await day.click();
    const mm = String(now.getMonth() + 1).padStart(2, '0');
    await poll(() => to.inputValue()).toBe(`15/${mm}/${now.getFullYear()}`);
    expect(await fieldError(to)).toBe('');
    await page.context().close();
  });
});
