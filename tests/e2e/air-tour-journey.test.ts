import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

// Issue #4's check for an air tour, all through the screens as role 1: a new hotel in Garda with a
// room, its availability and a nightly price; a MAN → VRN flight; a new air tour with that hotel
// (check-in day 1, check-out day 4), the room at a £30.00 supplement and a group at £500.00; an
// instance from Manchester with the flight. get-instance-rooms (read through the API) then offers
// the room at base price + supplement = £530.00 per guest with the 8 rooms set for the stay.
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const dmy = (d: dayjs.Dayjs) => d.format('DD/MM/YYYY');

/** A full-page screenshot from the top of the page, once transitions have settled. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await screenshot(page, `journey-${name}`);
}

async function typeDate(page: Page, label: string, value: string) {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(value);
  await input.press('Tab');
}

/** Types into a Mantine select or autocomplete and picks the option matching `option`. */
async function pick(page: Page, label: string, type: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(type);
  await page.getByRole('option', { name: option }).first().click();
}

describe('issue #4: an air tour built from nothing in the browser', () => {
  let browser: Browser;
  let page: Page;
  const stamp = Date.now();
  const hotel = `Hotel Baia Azzurra ${stamp}`;
  const roomName = 'Twin Garden View';
  const flightNumber = `JR${String(stamp).slice(-5)}`;
  const tourName = `Lake Garda by Air ${stamp}`;
  const reference = `LGA-${stamp}`;
  // A departure ~90 days out; a 4-day tour staying check-in day 1 to check-out day 4: 3 nights.
  const departure = dayjs().add(90, 'day').startOf('day');
  const departureYmd = departure.format('YYYY-MM-DD');
  let instanceId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 1);
  });
  afterAll(async () => {
    await page?.context().close();
    await browser?.close();
  });

  it('creates the accommodation, a room, its availability and a nightly price', async () => {
    await page.goto(`${e2eUrl()}/accommodation/create`);
    await poll(() => page.getByRole('heading', { name: 'New accommodation' }).isVisible()).toBe(true);
    await page.getByLabel('Accommodation name').fill(hotel);
    await pick(page, 'Resort', 'Garda', /^Garda$/);
    await page.getByLabel('Address').fill('Lungolago Regina Adelaide 7, Garda');
    await page.getByRole('button', { name: 'Create accommodation' }).click();
    await page.waitForURL(/\/accommodation\/edit\/\d+$/, { timeout: 15_000 });
    await poll(() =>
      page.getByRole('heading', { name: new RegExp(`Accommodation: ${hotel}`) }).isVisible(),
    ).toBe(true);

    // Rooms tab: a twin room, half board, sleeps 2.
    await page.getByRole('tab', { name: /Rooms/ }).click();
    await page.getByLabel('Room name').fill(roomName);
    await page.getByRole('combobox', { name: 'Board basis' }).fill('Half Board');
    await page.getByRole('textbox', { name: 'Occupancy' }).fill('2');
    await page.getByRole('button', { name: 'Add room' }).click();
    await poll(() => page.getByRole('link', { name: roomName }).isVisible()).toBe(true);
    await shot(page, 'accommodation-rooms');

    // The room screen: 8 rooms on each night of the stay, and a nightly price.
    await page.getByRole('link', { name: roomName }).click();
    await page.waitForURL(/\/accommodation\/room\/edit\/\d+$/, { timeout: 15_000 });
    await poll(() =>
      page.getByRole('heading', { name: 'Manage Availability', exact: true, level: 1 }).isVisible(),
    ).toBe(true);
    const availability = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Update availability' }) });
    await availability.getByRole('textbox', { name: 'Start date' }).fill(dmy(departure));
    await availability.getByRole('textbox', { name: 'End date' }).fill(dmy(departure.add(2, 'day')));
    await availability.getByRole('textbox', { name: 'End date' }).press('Tab');
    await page.getByRole('combobox', { name: 'Change availability', exact: true }).click();
    await page.getByRole('option', { name: /^Set availability/ }).click();
    await availability.getByRole('textbox', { name: 'Rooms available' }).fill('8');
    await availability.getByRole('button', { name: 'Update availability' }).click();
    await poll(() => page.getByText('Availability updated: 3 nights changed.').isVisible()).toBe(true);

    const prices = page.locator('form').filter({ has: page.getByRole('button', { name: 'Update prices' }) });
    await prices.getByRole('textbox', { name: 'Start date' }).fill(dmy(departure));
    await prices.getByRole('textbox', { name: 'End date' }).fill(dmy(departure.add(2, 'day')));
    await prices.getByRole('textbox', { name: 'End date' }).press('Tab');
    await prices.getByText('Per night', { exact: true }).click();
    await prices.getByRole('textbox', { name: 'Price' }).fill('120');
    await prices.getByRole('button', { name: 'Update prices' }).click();
    await poll(() => page.getByText('Prices saved for 3 nights.').isVisible()).toBe(true);
    await shot(page, 'room-availability');
  });

  it('creates the flight from Manchester to Verona on the departure date', async () => {
    await page.goto(`${e2eUrl()}/flights/create`);
    await poll(() => page.getByRole('heading', { name: 'New flight' }).isVisible()).toBe(true);
    await page.getByLabel('Flight number').fill(flightNumber);
    await pick(page, 'Departure airport', 'MAN', /\(MAN\)/);
    await pick(page, 'Arrival airport', 'VRN', /\(VRN\)/);
    await typeDate(page, 'Departure date', dmy(departure));
    await page.getByLabel('Departure time').fill('06:40');
    await typeDate(page, 'Arrival date', dmy(departure));
    await page.getByLabel('Arrival time').fill('10:05');
    await page.getByRole('button', { name: 'Create flight' }).click();
    await page.waitForURL(/\/flights\/edit\/\d+$/, { timeout: 15_000 });
    await poll(() => page.getByRole('heading', { name: `Flight ${flightNumber}` }).isVisible()).toBe(true);
    await shot(page, 'flight');
  });

  it('creates the air tour with the accommodation, the room at a supplement and a group', async () => {
    await page.goto(`${e2eUrl()}/tours/create`);
    await poll(() => page.getByRole('heading', { name: 'New tour' }).isVisible()).toBe(true);
    await page.getByLabel('Name').fill(tourName);
    await page.getByLabel('Reference').fill(reference);
    await page.getByRole('combobox', { name: 'Tour type' }).click();
    await page.getByRole('option', { name: 'Air', exact: true }).click();
    await page.getByLabel('Deposit price').fill('150');
    await page.getByLabel('Duration (days)').fill('4');
    await page.getByLabel('Release days before').fill('28');
    await page.getByLabel('Tour places').fill('40');
    await page.getByLabel('Itinerary').fill('Day 1: fly to Verona. Day 2: Sirmione. Day 3: Malcesine.');
    await shot(page, 'tour-create');
    await page.getByRole('button', { name: 'Create tour' }).click();
    await page.waitForURL(/\/tours\/edit\/\d+$/, { timeout: 15_000 });
    await poll(() => page.getByRole('heading', { name: `Tour: ${tourName}` }).isVisible()).toBe(true);

    // Accommodation: the new hotel, check-in day 1, check-out day 4.
    await pick(page, 'Accommodation', hotel, new RegExp(hotel));
    await page.getByLabel('Check-in day').fill('1');
    await page.getByLabel('Check-out day').fill('4');
    await page.getByRole('button', { name: 'Add accommodation' }).click();
    const accRow = page
      .getByRole('table', { name: 'Tour accommodation' })
      .getByRole('row', { name: new RegExp(hotel) });
    await poll(() => accRow.isVisible()).toBe(true);

    // Groups: starting on the departure date at a base price of £500.00.
    const addGroup = page.getByRole('form', { name: 'Add group' });
    await addGroup.getByRole('textbox', { name: 'Start date' }).fill(dmy(departure));
    await addGroup.getByRole('textbox', { name: 'Start date' }).press('Tab');
    await addGroup.getByLabel('Base price').fill('500');
    await page.getByRole('button', { name: 'Add group' }).click();
    await poll(() => page.getByRole('link', { name: dmy(departure) }).isVisible()).toBe(true);
    await shot(page, 'tour-edit');

    // Tour accommodation: the room with a £30.00 supplement.
    await accRow.getByRole('link', { name: 'Edit' }).click();
    await poll(() => page.getByRole('heading', { name: 'Tour Accommodation' }).isVisible()).toBe(true);
    await page.getByRole('combobox', { name: 'Room', exact: true }).click();
    await page.getByRole('option', { name: new RegExp(roomName) }).click();
    await page.getByRole('form', { name: 'Add room' }).getByLabel('Supplement').fill('30');
    await page.getByRole('button', { name: 'Add room' }).click();
    const supplement = page.getByRole('textbox', { name: `Supplement of ${roomName}` });
    await poll(() => supplement.isVisible()).toBe(true);
    expect(await supplement.inputValue()).toBe('£30.00');
    await shot(page, 'tour-accommodation');
  });

  it('adds an instance from Manchester to the group and the flight to the instance', async () => {
    await page.getByRole('link', { name: tourName }).click();
    await page.getByRole('link', { name: dmy(departure) }).click();
    await poll(() => page.getByRole('heading', { name: `Group of ${tourName}` }).isVisible()).toBe(true);
    const addInstance = page.getByRole('form', { name: 'Add instance' });
    expect(await addInstance.getByRole('textbox', { name: 'Departure date' }).inputValue()).toBe(
      dmy(departure),
    );
    await pick(page, 'Departure airport', 'MAN', /\(MAN\)/);
    await page.getByRole('button', { name: 'Add instance' }).click();
    const instanceRow = page.getByRole('table', { name: 'Instances' }).getByRole('row').nth(1);
    await poll(() => instanceRow.getByRole('cell', { name: /Airport \(MAN\)$/ }).isVisible()).toBe(true);
    await shot(page, 'group');

    await instanceRow.getByRole('link').first().click();
    await page.waitForURL(/\/tours\/instances\/\d+$/, { timeout: 15_000 });
    instanceId = Number(page.url().split('/').pop());
    await poll(() => page.getByRole('heading', { name: `Instance of ${tourName}` }).isVisible()).toBe(true);
    await page.getByLabel('Search flights').fill(flightNumber);
    const found = page
      .getByRole('table', { name: 'Flight search results' })
      .getByRole('row', { name: new RegExp(flightNumber) });
    await poll(() => found.isVisible()).toBe(true);
    await found.getByRole('button', { name: 'Add flight' }).click();
    await poll(() =>
      page
        .getByRole('table', { name: 'Flights of this instance' })
        .getByRole('link', { name: flightNumber })
        .isVisible(),
    ).toBe(true);
  });

  it('get-instance-rooms offers the room at £530.00 with 8 rooms left, as the instance screen shows', async () => {
    expect(instanceId).toBeGreaterThan(0);
    const offer = await apiCall<{
      data: {
        name: string;
        board_basis: string | null;
        occupancy: number;
        accommodation: { name: string };
        supplement: string;
        price: string | null;
        price_source: string | null;
        nights: number;
        check_in_date: string;
        check_out_date: string;
        remaining_availability: number;
        for_sale: boolean;
      }[];
    }>(await apiToken(1), 'POST', '/tours/get-instance-rooms', {
      instance_id: instanceId,
      departure_date: departureYmd,
    });
    expect(offer.status).toBe(200);
    expect(offer.body.data).toHaveLength(1);
    expect(offer.body.data[0]).toMatchObject({
      name: roomName,
      board_basis: 'Half Board',
      occupancy: 2,
      accommodation: { name: hotel },
      supplement: '30.00',
      price: '530.00',
      price_source: 'base',
      nights: 3,
      check_in_date: departureYmd,
      check_out_date: departure.add(3, 'day').format('YYYY-MM-DD'),
      remaining_availability: 8,
      for_sale: true,
    });

    // The instance screen's Prices: the room, 8 left, £530.00 charged per guest.
    const priceRow = page
      .getByRole('table', { name: 'Room prices' })
      .getByRole('row', { name: new RegExp(roomName) });
    await poll(() => priceRow.isVisible()).toBe(true);
    await poll(() => priceRow.getByRole('cell', { name: '£530.00' }).isVisible()).toBe(true);
    await poll(() => priceRow.getByRole('cell', { name: '8', exact: true }).isVisible()).toBe(true);
    expect(await priceRow.getByRole('cell', { name: hotel }).isVisible()).toBe(true);
    await shot(page, 'instance');
  });
});
