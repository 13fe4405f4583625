import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENCY } from '../../src/server/db/seed/demo-users';
import { AGENT_MESSAGES } from '../../src/shared/api/agent-side';
import { launchBrowser, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eDataDir, e2eUrl } from '../helpers/e2e';
import { latestResetLink } from '../helpers/outbox';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const PASSWORD = 'harbour-lights-2026';
const slow = { timeout: 120_000 };

type Departure = {
  id: number;
  departure_date: string;
  places_left: number | null;
  sale_closed: string | null;
};
type Room = { tour_room_id: number; room: string; occupancy: number; rooms_left: number; for_sale: boolean };

/** DD/MM/YYYY of a YYYY-MM-DD. */
const uk = (ymd: string) => ymd.split('-').reverse().join('/');

/** Whether the page scrolls sideways (its content is wider than the window). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** On the booking page: the first tour, its first departure on sale and its first room for sale. */
async function chooseFirstRoom(page: Page) {
  await page.getByRole('combobox', { name: 'Tour', exact: true }).click();
  await page.getByRole('option').first().click();
  const departure = page
    .getByRole('radiogroup', { name: /^Departure/ })
    .getByRole('radio', { disabled: false });
  await expect.poll(() => departure.first().isVisible(), { timeout: 15_000 }).toBe(true);
  await departure.first().check();
  const room = page.getByRole('radiogroup', { name: /^Room/ }).getByRole('radio', { disabled: false });
  await expect.poll(() => room.first().isVisible(), { timeout: 15_000 }).toBe(true);
  await room.first().check();
  await page.getByRole('combobox', { name: /^Guests/ }).click();
  await page.getByRole('option', { name: '2', exact: true }).click();
  await expect
    .poll(() => page.getByRole('group', { name: 'Passenger 1 (lead client)' }).isVisible())
    .toBe(true);
}

/** Calls an agent route with the agent's token; answers status, headers and the body's bytes. */
async function agentFetch(token: string, path: string) {
  const res = await fetch(`${e2eUrl()}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

// Issue #25, the travel agent's story in the browser: the office emails an agency its reset link,
// the agency sets a password, signs in, books two adults for a client on a departure with places,
// completes both passengers' passports, downloads the Agent invoice and the month's commission
// statement (spreadsheet and PDF); the office then sees the booking Pending, made by the agent.
// Then every page at 1366×768 and 390×844 (axe-core and the CSP checked on each by the helpers).
describe('the travel agent’s side', () => {
  let browser: Browser;
  let admin: string;
  const agency = `Harbour Lights Travel ${Date.now() % 100_000}`;
  const email = `desk-${Date.now()}@harbour-lights.example.co.uk`;
  let agentToken = '';
  let bookingId = 0;
  let departure: Departure;
  let tourName = '';
  let room: Room;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
    const created = await apiCall(admin, 'POST', '/agents', { name: agency, email, commission: '10' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  });
  afterAll(async () => browser?.close());

  /** A departure with places for two, on a tour asking for passports, and a room for two (the agent API). */
  async function pickDeparture() {
    const signIn = await fetch(`${e2eUrl()}/api/agent/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    agentToken = ((await signIn.json()) as { token: string }).token;
    const tours = await apiCall<{ data: { id: number; name: string }[] }>(agentToken, 'GET', '/agent/tours');
    expect(tours.status, JSON.stringify(tours.body)).toBe(200);
    for (const tour of tours.body.data) {
      const staffTour = await apiCall<{ data: { is_passport_details_required: boolean }[] }>(
        admin,
        'GET',
        `/tours/${tour.id}`,
      );
      if (!staffTour.body.data[0]?.is_passport_details_required) continue;
      const deps = await apiCall<{ data: Departure[] }>(
        agentToken,
        'GET',
        `/agent/tours/${tour.id}/departures`,
      );
      for (const d of deps.body.data ?? []) {
        if (d.sale_closed || (d.places_left !== null && d.places_left < 2)) continue;
        const offer = await apiCall<{ data: { rooms: Room[] } }>(
          agentToken,
          'GET',
          `/agent/departures/${d.id}/rooms`,
        );
        const r = offer.body.data?.rooms.find((x) => x.for_sale && x.occupancy === 2 && x.rooms_left > 0);
        if (r) {
          departure = d;
          tourName = tour.name;
          room = r;
          return;
        }
      }
    }
    throw new Error('no departure on sale with places for two and a double room on a passport tour');
  }

  it(
    'sets a password from the email, signs in, books two adults, completes passports, downloads the invoice and statement',
    slow,
    async () => {
      const sent = await apiCall(admin, 'POST', '/agents/password/reset-link', { email });
      expect(sent.status).toBe(200);
      const { link } = await latestResetLink(e2eDataDir(), email);

      const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
      const page = await context.newPage();
      await page.goto(link);
      await page.getByLabel(/^New password/).fill(PASSWORD);
      await page.getByLabel('Confirm new password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Set password' }).click();
      await expect.poll(() => page.getByText('Your password has been set.').isVisible()).toBe(true);
      await screenshotFromTop(page, 'agent-reset-done-1366');
      await page.getByRole('link', { name: 'Sign in to your agency account' }).click();

      // A wrong password: the server's words; then the right one.
      await expect.poll(() => page.url()).toBe(`${e2eUrl()}/agent/sign-in`);
      await page.getByLabel(/^Email address/).fill(email);
      await page.getByLabel(/^Password/).fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => page.getByText(AGENT_MESSAGES.loginFailed).isVisible()).toBe(true);
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => page.url()).toBe(`${e2eUrl()}/agent/bookings`);
      await expect.poll(() => page.getByRole('banner').getByText(agency).isVisible()).toBe(true);

      // Book for a client: the tour, the departure (places left shown), the room, two guests.
      await pickDeparture();
      await page.getByRole('link', { name: 'Book for a client' }).first().click();
      await page.getByRole('combobox', { name: 'Tour', exact: true }).click();
      await page
        .getByRole('option', { name: new RegExp(`^${tourName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
        .first()
        .click();
      await expect
        .poll(() => page.getByRole('radiogroup', { name: /^Departure/ }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      const showAll = page.getByRole('button', { name: /^Show all \d+ departures$/ });
      if (await showAll.isVisible()) await showAll.click();
      const depRadio = page.getByRole('radio', { name: new RegExp(uk(departure.departure_date)) }).first();
      await expect.poll(() => depRadio.isVisible(), { timeout: 15_000 }).toBe(true);
      await depRadio.check();
      const roomRadio = page
        .getByRole('radio', { name: new RegExp(room.room.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
        .first();
      await expect.poll(() => roomRadio.isVisible(), { timeout: 15_000 }).toBe(true);
      await roomRadio.check();
      const lead = page.getByRole('group', { name: 'Passenger 1 (lead client)' });
      await lead.getByLabel('Title').click();
      await page.getByRole('option', { name: 'Mrs', exact: true }).click();
      await lead.getByLabel('First and middle names').fill('Margaret');
      await lead.getByLabel('Surname').fill('Pendleton');
      await lead.getByLabel('Date of birth').fill('14/06/1961');
      await lead.getByLabel('Gender').click();
      await page.getByRole('option', { name: 'Female', exact: true }).click();
      const second = page.getByRole('group', { name: 'Passenger 2' });
      await second.getByLabel('First and middle names').fill('Arthur');
      await second.getByLabel('Surname').fill('Pendleton');
      await second.getByLabel('Date of birth').fill('02/09/1958');
      await second.getByLabel('Title').click();
      await page.getByRole('option', { name: 'Mr', exact: true }).click();
      await second.getByLabel('Gender').click();
      await page.getByRole('option', { name: 'Male', exact: true }).click();
      await page.getByLabel('Your agency reference').fill('HLT-5521');
      await page.getByRole('button', { name: 'Check price and commission' }).click();
      const summary = page.getByRole('region', { name: '4. Check and confirm' });
      await expect
        .poll(() => summary.getByText(/Your commission @ 10%/).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await expect.poll(() => summary.getByText('Net due from your agency').isVisible()).toBe(true);
      await screenshotFromTop(page, 'agent-story-quote-1366');
      await page.getByRole('button', { name: 'Confirm booking' }).click();
      await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/agent\/bookings\/\d+$/);
      bookingId = Number(page.url().split('/').at(-1));
      await expect.poll(() => page.getByText(AGENT_MESSAGES.bookingCreated).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('region', { name: 'Agent accounts' }).isVisible()).toBe(true);

      // Both passengers' passports.
      for (const [first, passport] of [
        ['Margaret', '533401279'],
        ['Arthur', '533401280'],
      ]) {
        await page.getByRole('button', { name: new RegExp(`Edit details of .*${first}`) }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Passport number').fill(passport);
        await dialog.getByLabel('Nationality').fill('British');
        await dialog.getByLabel('Date of issue').fill('12/03/2021');
        await dialog.getByLabel('Date of expiry').fill('12/03/2031');
        await dialog.getByRole('button', { name: 'Save details' }).click();
        await expect.poll(() => dialog.isVisible()).toBe(false);
        await expect.poll(() => page.getByText(`Passport ${passport}`).isVisible()).toBe(true);
      }
      // Both complete now: names, birth dates, genders and passports.
      await expect.poll(() => page.getByText('Details needed').count()).toBe(0);
      await screenshotFromTop(page, 'agent-story-booking-1366');

      // The Agent invoice: a PDF naming the booking.
      const invoiceDownload = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download Agent invoice' }).click();
      const invoice = await invoiceDownload;
      expect(invoice.suggestedFilename()).toMatch(/\.pdf$/i);
      const invoiceBytes = await readFile((await invoice.path()) as string);
      expect(invoiceBytes.subarray(0, 5).toString()).toBe('%PDF-');
      const ref = (
        await apiCall<{ data: { booking_ref: string } }>(agentToken, 'GET', `/agent/bookings/${bookingId}`)
      ).body.data.booking_ref;
      expect((await extractText(new Uint8Array(invoiceBytes), { mergePages: true })).text).toContain(ref);

      // The statement of the departure's month: the booking on it, the spreadsheet and the PDF.
      const month = departure.departure_date.slice(0, 7);
      await page.goto(`${e2eUrl()}/agent/statement?month=${month}`);
      await expect
        .poll(() => page.getByRole('cell', { name: ref }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await screenshotFromTop(page, 'agent-story-statement-1366');
      for (const [button, ext, magic] of [
        ['Download spreadsheet', 'xlsx', 'PK'],
        ['Download PDF', 'pdf', '%PDF-'],
      ] as const) {
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: button }).click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(new RegExp(`\\.${ext}$`));
        const bytes = await readFile((await file.path()) as string);
        expect(bytes.subarray(0, magic.length).toString()).toBe(magic);
        const direct = await agentFetch(agentToken, `/agent/statement.${ext}?month=${month}`);
        expect(direct.status).toBe(200);
        expect(direct.headers.get('content-type')).toContain(
          ext === 'pdf' ? 'application/pdf' : 'spreadsheetml',
        );
        expect(direct.headers.get('content-disposition')).toMatch(new RegExp(`attachment.*\\.${ext}`));
      }
      await context.close();

      // The office: Pending, made by the agent, the agency named.
      const staff = await apiCall<{
        data: { booking: { status: string; created_from: string; created_by_agent_name: string | null }[] };
      }>(admin, 'GET', `/bookings/${bookingId}`);
      const b = staff.body.data.booking[0];
      expect(b.status).toBe('Pending');
      expect(b.created_from).toBe('agent');
      expect(b.created_by_agent_name).toBe(agency);
    },
  );

  /** The demo agency (its demo password), signed in through the API, and one of its current bookings. */
  async function demoAgency(): Promise<{ email: string; bookingId: number; ref: string }> {
    const signIn = await fetch(`${e2eUrl()}/api/agent/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_AGENCY),
    });
    const token = ((await signIn.json()) as { token: string }).token;
    const list = await apiCall<{ data: { id: number | null; booking_ref: string }[] }>(
      token,
      'GET',
      '/agent/bookings',
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const current = list.body.data.find((r) => r.id !== null);
    if (!current?.id) throw new Error('the demo agency has no current booking');
    return { email: DEMO_AGENCY.email, bookingId: current.id, ref: current.booking_ref };
  }

  it(
    'every page looks finished at 1366×768 and 390×844; a refused session goes to sign-in',
    slow,
    async () => {
      // A demo agency with a history of bookings, so the list and a booking look as they will in use.
      const demo = await demoAgency();
      for (const [size, viewport] of [
        ['1366', DESKTOP],
        ['390', PHONE],
      ] as const) {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        await page.goto(`${e2eUrl()}/agent/sign-in`);
        await expect
          .poll(() => page.getByRole('button', { name: 'Forgot your password?' }).isVisible())
          .toBe(true);
        await page.getByLabel(/^Email address/).fill(demo.email);
        await page.getByRole('button', { name: 'Forgot your password?' }).click();
        await expect.poll(() => page.getByText(AGENT_MESSAGES.resetSent).isVisible()).toBe(true);
        expect(await scrollsSideways(page)).toBe(false);
        await screenshotFromTop(page, `agent-sign-in-${size}`);
        await page.getByLabel(/^Password/).fill(DEMO_AGENCY.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect.poll(() => page.url()).toBe(`${e2eUrl()}/agent/bookings`);

        const pages: [string, string, () => Promise<boolean>][] = [
          [
            'bookings',
            '/agent/bookings',
            () => page.getByText(/Showing 1 to \d+ of \d+ bookings/).isVisible(),
          ],
          [
            'booking',
            `/agent/bookings/${demo.bookingId}`,
            () => page.getByRole('region', { name: 'Agent accounts' }).isVisible(),
          ],
          [
            'book',
            '/agent/book',
            () => page.getByRole('combobox', { name: 'Tour', exact: true }).isVisible(),
          ],
          [
            'statement',
            '/agent/statement',
            () => page.getByRole('button', { name: 'Download PDF' }).isVisible(),
          ],
        ];
        for (const [name, path, ready] of pages) {
          await page.goto(`${e2eUrl()}${path}`);
          await expect.poll(ready, { timeout: 15_000 }).toBe(true);
          if (name === 'book') await chooseFirstRoom(page);
          await page.waitForTimeout(500);
          expect(await scrollsSideways(page), `${name} at ${size}`).toBe(false);
          await screenshotFromTop(page, `agent-${name}-${size}`);
          if (name === 'book') {
            // The figures before confirming (nothing is booked: the page is left at the summary).
            for (const [n, first] of [
              [1, 'Eleanor'],
              [2, 'Thomas'],
            ] as const) {
              const group = page.getByRole('group', { name: new RegExp(`^Passenger ${n}`) });
              await group.getByLabel('First and middle names').fill(first);
              await group.getByLabel('Surname').fill('Whitcombe');
            }
            await page.getByRole('button', { name: 'Check price and commission' }).click();
            await expect
              .poll(() => page.getByRole('button', { name: 'Confirm booking' }).isVisible(), {
                timeout: 15_000,
              })
              .toBe(true);
            expect(await scrollsSideways(page), `quote at ${size}`).toBe(false);
            await page.getByRole('region', { name: '4. Check and confirm' }).scrollIntoViewIfNeeded();
            await page.screenshot({ path: `screenshots/agent-book-quote-${size}.png` });
          }
        }
        // The bookings' search finds one by its reference.
        await page.goto(`${e2eUrl()}/agent/bookings`);
        await page.getByRole('searchbox', { name: 'Search' }).fill(demo.ref);
        await expect
          .poll(() => page.getByText('Showing 1 to 1 of 1 bookings').isVisible(), { timeout: 15_000 })
          .toBe(true);
        await page.getByRole('button', { name: 'Sign out' }).click();
        await expect.poll(() => page.getByText(AGENT_MESSAGES.signedOut).isVisible()).toBe(true);
        await context.close();
      }

      // A token the server refuses: the sign-in page, saying why; no staff page in sight.
      const context = await browser.newContext({ viewport: DESKTOP });
      await context.addInitScript(() => {
        if (sessionStorage.getItem('agent_session_ended') === null) {
          sessionStorage.setItem('agent_token', 'not-a-real-token');
          sessionStorage.setItem('agent_token_expires', new Date(Date.now() + 3_600_000).toISOString());
        }
      });
      const page = await context.newPage();
      await page.goto(`${e2eUrl()}/agent/bookings`);
      await expect.poll(() => page.url(), { timeout: 15_000 }).toBe(`${e2eUrl()}/agent/sign-in`);
      await expect.poll(() => page.getByRole('status').first().isVisible()).toBe(true);
      await screenshotFromTop(page, 'agent-session-ended-1366');
      await context.close();
    },
  );
});
