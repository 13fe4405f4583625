import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

const dmy = (d: dayjs.Dayjs) => d.format('DD/MM/YYYY');
/** expect.poll with room for a cold demo server on a busy 2-core machine. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

async function typeDate(page: Page, label: string, value: string) {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(value);
  await input.press('Tab');
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

// Accommodation, rooms, availability and prices in the browser (spec 3 §2): role 1 builds a hotel
// with a room, sets availability and a price over a range and sees them in the tables; role 2 sees
// the room screen without 'Update room' or 'Update availability'. Flights screens are visited too.
describe('accommodation, room availability and flights screens', () => {
  let browser: Browser;
  let roomUrl = '';
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('role 1 creates accommodation with a room, sets availability and a price', async () => {
    const page = await signedInPage(browser, 1);
    const name = `Hotel Panorama ${Date.now()}`;
    await page.goto(`${e2eUrl()}/accommodation`);
    await poll(() => page.getByText(/^Showing 1 to 25 of/).isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'accommodation-list');
    await page.getByRole('link', { name: 'New accommodation' }).click();
    await poll(() => page.getByRole('heading', { name: 'New accommodation' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create accommodation' }).click();
    await poll(() => page.getByText('Accommodation name is required.').isVisible()).toBe(true);
    await page.getByLabel('Accommodation name').fill(name);
    await page.getByLabel('Phone number').fill('+39 0323 30 377');
    await page.getByRole('combobox', { name: 'Resort' }).fill('Garda');
    await page.getByRole('option', { name: 'Garda', exact: true }).click();
    await choose(page, 'Star rating', /\(4\)/);
    await page.getByLabel('Address').fill('Via Nazionale 12, Stresa');
    await screenshot(page, 'accommodation-create');
    await page.getByRole('button', { name: 'Create accommodation' }).click();
    await page.waitForURL(/\/accommodation\/edit\/\d+$/);
    await poll(() =>
      page.getByRole('heading', { name: new RegExp(`Accommodation: ${name}`) }).isVisible(),
    ).toBe(true);
    await screenshot(page, 'accommodation-edit-details');

    // Gallery: an empty list is refused with the spec's message, then one link is saved.
    await page.getByRole('tab', { name: /Gallery/ }).click();
    await page.getByRole('button', { name: 'Save links' }).click();
    await poll(() => page.getByText('Please provide atleast one link.').isVisible()).toBe(true);
    await page.getByLabel('Image link 1').fill('https://picsum.photos/seed/panorama/640/480');
    await page.getByRole('button', { name: 'Save links' }).click();
    await poll(() => page.getByRole('tab', { name: 'Gallery (1)' }).isVisible()).toBe(true);
    await screenshot(page, 'accommodation-gallery');

    // Rooms: add one, then open its room screen.
    await page.getByRole('tab', { name: /Rooms/ }).click();
    await page.getByLabel('Room name').fill('Double Lake View');
    await page.getByRole('combobox', { name: 'Board basis' }).fill('Half Board');
    await page.getByRole('button', { name: 'Add room' }).click();
    await poll(() => page.getByRole('link', { name: 'Double Lake View' }).isVisible()).toBe(true);
    await screenshot(page, 'accommodation-rooms');
    await page.getByRole('tab', { name: /Tours/ }).click();
    await poll(() => page.getByText('No tour uses this accommodation').isVisible()).toBe(true);
    await screenshot(page, 'accommodation-tours');
    await page.getByRole('tab', { name: /Rooms/ }).click();
    await page.getByRole('link', { name: 'Double Lake View' }).click();
    await page.waitForURL(/\/accommodation\/room\/edit\/\d+$/);
    roomUrl = page.url();
    await poll(() =>
      page.getByRole('heading', { name: 'Manage Availability', exact: true, level: 1 }).isVisible(),
    ).toBe(true);

    // A room field is saved as soon as it changes.
    await page.getByRole('combobox', { name: 'Board basis' }).fill('Bed & Breakfast');
    await page.getByRole('combobox', { name: 'Board basis' }).press('Tab');
    await poll(() => page.getByText('Board basis updated').isVisible()).toBe(true);

    // Availability for today and the next two nights (the default range starts today).
    const today = dayjs();
    const availability = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Update availability' }) });
    await availability.getByRole('button', { name: 'Update availability' }).click();
    await poll(() => availability.getByText('Change availability field is required').isVisible()).toBe(true);
    await availability.getByRole('textbox', { name: 'Start date' }).fill(dmy(today));
    await availability.getByRole('textbox', { name: 'End date' }).fill(dmy(today.add(2, 'day')));
    await availability.getByRole('textbox', { name: 'End date' }).press('Tab');
    await choose(page, 'Change availability', /^Set availability/);
    await availability.getByRole('textbox', { name: 'Rooms available' }).fill('6');
    await availability.getByRole('button', { name: 'Update availability' }).click();
    await poll(() => page.getByText('Availability updated: 3 nights changed.').isVisible()).toBe(true);
    const availabilityTable = page.getByRole('table', { name: 'Accommodation Availability' });
    await poll(() =>
      availabilityTable.getByRole('row', { name: new RegExp(`${dmy(today)} 6 0 0 6`) }).isVisible(),
    ).toBe(true);

    // A price per person for the same nights.
    const prices = page.locator('form').filter({ has: page.getByRole('button', { name: 'Update prices' }) });
    await prices.getByRole('textbox', { name: 'Start date' }).fill(dmy(today));
    await prices.getByRole('textbox', { name: 'End date' }).fill(dmy(today.add(2, 'day')));
    await prices.getByRole('textbox', { name: 'End date' }).press('Tab');
    await prices.getByRole('textbox', { name: 'Price' }).fill('95.50');
    await prices.getByRole('button', { name: 'Update prices' }).click();
    await poll(() => page.getByText('Prices saved for 3 nights.').isVisible()).toBe(true);
    const priceTable = page.getByRole('table', { name: 'Accommodation Prices' });
    await poll(() => priceTable.getByText('£95.50').first().isVisible()).toBe(true);
    await screenshot(page, 'room-edit');

    // Discount modal of one price; a start after the end shows the spec's messages on both dates.
    await priceTable
      .getByRole('button', { name: /^Discounts of / })
      .first()
      .click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('textbox', { name: 'Booking start date' }).fill(dmy(today.add(10, 'day')));
    await modal.getByRole('textbox', { name: 'Booking end date' }).fill(dmy(today));
    await modal.getByRole('textbox', { name: 'Discount price' }).fill('10');
    await modal.getByRole('button', { name: 'Add discount' }).click();
    await poll(() => modal.getByText('Please prove a valid start date').isVisible()).toBe(true);
    await poll(() => modal.getByText('Please prove a valid end date').isVisible()).toBe(true);
    await modal.getByRole('textbox', { name: 'Booking start date' }).fill(dmy(today.subtract(30, 'day')));
    await modal.getByRole('textbox', { name: 'Booking end date' }).press('Tab');
    await modal.getByRole('button', { name: 'Add discount' }).click();
    await poll(() => page.getByText('Discount added successfully.').isVisible()).toBe(true);
    await poll(() => modal.getByRole('cell', { name: '£10.00' }).isVisible()).toBe(true);
    await page.waitForTimeout(400); // let the modal finish opening
    await screenshot(page, 'price-discount-modal');
    await page.keyboard.press('Escape');

    // Select All offers the bulk actions; the clone modal lists the target rooms.
    await priceTable.getByRole('checkbox', { name: 'Select All' }).check();
    await page.getByRole('button', { name: 'Clone Price' }).click();
    await poll(() => page.getByRole('dialog', { name: /Clone 3 prices/ }).isVisible()).toBe(true);
    await page.waitForTimeout(400); // let the modal finish opening
    await screenshot(page, 'price-clone-modal');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Manage Discount' }).click();
    await poll(() => page.getByRole('dialog', { name: 'Manage Discount for 3 prices' }).isVisible()).toBe(
      true,
    );
    await page.waitForTimeout(400); // let the modal finish opening
    await screenshot(page, 'price-bulk-discount-modal');
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it('role 2 sees the room screen without Update room or Update availability', async () => {
    expect(roomUrl).not.toBe('');
    const page = await signedInPage(browser, 2);
    await page.goto(roomUrl);
    await page
      .getByRole('heading', { name: 'Manage Availability', exact: true, level: 1 })
      .waitFor({ timeout: 15_000 });
    await page
      .getByRole('table', { name: 'Accommodation Prices' })
      .getByText('£95.50')
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Update room' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Update availability' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Update prices' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Room name' }).isDisabled()).toBe(true);
    await screenshot(page, 'room-edit-role2');
    await page.goto(`${e2eUrl()}/accommodation`);
    await poll(() => page.getByRole('heading', { name: 'Accommodation' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'New accommodation' }).count()).toBe(0);
    await page.context().close();
  });

  it('flight screens: list, create, edit, add multiple, update multiple', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/flights`);
    await poll(() => page.getByRole('heading', { name: 'Flights' }).isVisible()).toBe(true);
    await poll(() => page.getByText(/^Showing 1 to 25 of/).isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'flights-list');

    await page.getByRole('link', { name: 'New flight' }).click();
    await poll(() => page.getByRole('heading', { name: 'New flight' }).isVisible()).toBe(true);
    const number = `ZZ${String(Date.now()).slice(-5)}`;
    await page.getByLabel('Flight number').fill(number);
    await page.getByRole('combobox', { name: 'Departure airport' }).fill('Gatwick');
    await page.getByRole('option', { name: /\(LGW\)/ }).click();
    await page.getByRole('combobox', { name: 'Arrival airport' }).fill('MXP');
    await page.getByRole('option', { name: /\(MXP\)/ }).click();
    await typeDate(page, 'Departure date', '14/05/2027');
    await page.getByLabel('Departure time').fill('07:15');
    await typeDate(page, 'Arrival date', '14/05/2027');
    await page.getByLabel('Arrival time').fill('06:15');
    await page.getByRole('button', { name: 'Create flight' }).click();
    await poll(() => page.getByText('The arrival must be after the departure.').isVisible()).toBe(true);
    await page.getByLabel('Arrival time').fill('10:20');
    await screenshot(page, 'flight-create');
    await page.getByRole('button', { name: 'Create flight' }).click();
    await page.waitForURL(/\/flights\/edit\/\d+$/);
    await poll(() => page.getByRole('heading', { name: `Flight ${number}` }).isVisible()).toBe(true);
    await poll(() => page.getByText('LGW 14/05/2027 07:15 AM → MXP 14/05/2027 10:20 AM').isVisible()).toBe(
      true,
    );
    await screenshot(page, 'flight-edit');

    // The same flight on Mondays and Fridays of May 2027 (14 May already exists: skipped).
    await page.goto(`${e2eUrl()}/flights/multiple`);
    await poll(() => page.getByRole('heading', { name: 'Add multiple flights' }).isVisible()).toBe(true);
    await page.getByLabel('Flight number').fill(number);
    await page.getByRole('combobox', { name: 'Departure airport' }).fill('LGW');
    await page.getByRole('option', { name: /\(LGW\)/ }).click();
    await page.getByRole('combobox', { name: 'Arrival airport' }).fill('MXP');
    await page.getByRole('option', { name: /\(MXP\)/ }).click();
    await typeDate(page, 'Start date', '01/05/2027');
    await typeDate(page, 'End date', '31/05/2027');
    await page.getByRole('checkbox', { name: 'Monday' }).check();
    await page.getByRole('checkbox', { name: 'Friday' }).check();
    await page.getByLabel('Departure time').fill('07:15');
    await page.getByLabel('Arrival time').fill('10:20');
    await screenshot(page, 'flights-multiple');
    await page.getByRole('button', { name: 'Add flights' }).click();
    await poll(() =>
      page
        .getByText('Created 8 flights. Skipped 1 flight that already exist: 14/05/2027 07:15.')
        .first()
        .isVisible(),
    ).toBe(true);
    await page.goto(`${e2eUrl()}/flights/bulk-update`);
    await poll(() => page.getByRole('heading', { name: 'Update multiple flights' }).isVisible()).toBe(true);
    await page.getByLabel('Flight number').fill(number);
    await typeDate(page, 'Date from', '01/05/2027');
    await typeDate(page, 'Date to', '31/05/2027');
    await page.getByLabel('Departure terminal').fill('South');
    await screenshot(page, 'flights-bulk-update');
    await page.getByRole('button', { name: 'Update flights' }).click();
    await poll(() => page.getByText('Updated 9 flights.').isVisible()).toBe(true);
    expect(await page.getByLabel('Flight number').inputValue()).toBe('');
    await page.context().close();

    // Role 2: the list without New flight, Update Bulk Flights or delete.
    const token = await apiToken(2);
    const listed = await apiCall<{ recordsTotal: number }>(token, 'GET', '/flights/table');
    expect(listed.body.recordsTotal).toBeGreaterThan(0);
    const readOnly = await signedInPage(browser, 2);
    await readOnly.goto(`${e2eUrl()}/flights`);
    await poll(() => readOnly.getByRole('cell').first().isVisible()).toBe(true);
    expect(await readOnly.getByRole('link', { name: 'New flight' }).count()).toBe(0);
    expect(await readOnly.getByRole('link', { name: 'Update Bulk Flights' }).count()).toBe(0);
    expect(await readOnly.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await screenshot(readOnly, 'flights-list-role2');
    await readOnly.context().close();
  });
});
