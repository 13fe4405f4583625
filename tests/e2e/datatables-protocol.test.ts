import { createRequire } from 'node:module';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl } from '../helpers/e2e';
import { findOffer } from '../helpers/offers';

// The DataTables server-side protocol against the REAL client (issue #11 point 7): the
// `datatables.net` package, with jQuery, drives two of the server's tables in a page on the
// server's own origin, as the product's screens were written against it — the bookings list
// (GET, query string built by DataTables) and a booking's history (POST, form-encoded by
// jQuery.ajax, spec 1 §7 '{bookingId}/get-booking-history'). Paging, ordering and searching are
// checked against what the API answers for the same request, so a change to the protocol
// helper (src/server/http/datatables.ts) or a table's schema cannot break the client unnoticed.

const require = createRequire(import.meta.url);
const scripts = [require.resolve('jquery'), require.resolve('datatables.net')];
const slow = { timeout: 20_000 };
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, slow);

interface TableAnswer {
  draw: number;
  recordsTotal: number;
  recordsFiltered: number;
  data: { id: number; customer?: { last_name: string } | null }[];
}

/** Counts as DataTables writes them: '1,234'. */
const n = (v: number) => v.toLocaleString('en-GB');

/**
 * A blank page served at the e2e server's origin (so '/api/…' is same-origin), with jQuery and
 * DataTables loaded from node_modules and an empty `<table id="t">`. DataTables errors (a non-200
 * answer, bad JSON) are collected in `window.dtErrors` instead of alerts.
 */
async function tablePage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  const url = `${e2eUrl()}/datatables-protocol.html`;
  await page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en-GB"><head><title>DataTables</title></head><body><table id="t"></table></body></html>',
    }),
  );
  await page.goto(url);
  for (const path of scripts) await page.addScriptTag({ path });
  await page.evaluate(() => {
    const w = window as unknown as { DataTable: { ext: { errMode: string } }; dtErrors: string[] };
    w.dtErrors = [];
    w.DataTable.ext.errMode = 'none';
  });
  return page;
}

/** The ids of the rows on screen (rowId: 'id'). */
const rowIds = (page: Page) =>
  page.$$eval('#t tbody tr[id]', (rows) => rows.map((r) => Number((r as HTMLElement).id)));
/** The header cell of column `i`: a click orders by it (ascending, then descending). */
const header = (page: Page, i: number) => page.locator('#t thead th').nth(i);
const infoText = (page: Page) => page.locator('.dt-info').innerText();
const dtErrors = (page: Page) => page.evaluate(() => (window as unknown as { dtErrors: string[] }).dtErrors);

/** A request's protocol parameters: the query string of a GET, the form body of a POST. */
function params(req: Request): URLSearchParams {
  return req.method() === 'GET' ? new URL(req.url()).searchParams : new URLSearchParams(req.postData() ?? '');
}

describe('DataTables server-side protocol with the real datatables.net client', () => {
  let browser: Browser;
  let admin: string;
  let bookingId: number;
  const notes = Array.from({ length: 20 }, (_, i) => `Protocol note ${String(i + 1).padStart(2, '0')}`);

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiToken(1);
    // A booking of this test's own, with 20 special-request changes in its history: more than one
    // page of 15 (spec 1 §9), each with its own comment to sort and search on.
    const offer = await findOffer(admin, 1);
    const { body: customers } = await apiCall<{ data: { id: number }[] }>(
      admin,
      'GET',
      '/customers/table?length=1',
    );
    const created = await apiCall<{ data: { id: number } }>(admin, 'POST', '/bookings', {
      customer_id: customers.data[0].id,
      tour_bookings: [
        {
          tour_id: offer.tour.id,
          tour_instance_id: offer.instance.id,
          tour_room_id: offer.room.tour_room_id,
          guests: 1,
          rooms: 1,
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    bookingId = created.body.data.id;
    for (const note of notes) {
      const r = await apiCall(admin, 'POST', '/update-booking/update-special-request', {
        holiday_booking_id: bookingId,
        special_req: note,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  });
  afterAll(async () => browser?.close());

  it('bookings list: GET query string; next page, order by a column and search match the API', async () => {
    const columns = ['booking_ref', 'customer', 'departure_date', 'status', 'created_at'];
    /** The API's answer to the request the table should be making. */
    const api = async (q: { start?: number; order?: [number, 'asc' | 'desc']; search?: string }) => {
      const [col, dir] = q.order ?? [4, 'desc'];
      const qs = new URLSearchParams({
        draw: '1',
        start: String(q.start ?? 0),
        length: '25',
        'order[0][column]': String(col),
        'order[0][dir]': dir,
        'search[value]': q.search ?? '',
      });
      for (const [i, c] of columns.entries()) qs.set(`columns[${i}][data]`, c);
      const r = await apiCall<TableAnswer>(admin, 'GET', `/bookings/table?${qs}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };

    const page = await tablePage(browser);
    const first = page.waitForRequest((r) => r.url().includes('/api/bookings/table'));
    await page.evaluate(
      ({ token, columns }) => {
        const w = window as unknown as {
          DataTable: new (
            sel: string,
            opts: object,
          ) => { on(ev: string, fn: (...a: unknown[]) => void): void };
          dtErrors: string[];
        };
        const customer = (c: { full_name: string } | null) => (c ? c.full_name : '');
        const table = new w.DataTable('#t', {
          serverSide: true,
          processing: true,
          // Spec 1 §9: 25 a page (25, 50, 100, 500), sixth column of the screen descending
          // (here the booking date), search delay 1500 ms.
          pageLength: 25,
          lengthMenu: [25, 50, 100, 500],
          order: [[4, 'desc']],
          searchDelay: 1500,
          rowId: 'id',
          ajax: { url: '/api/bookings/table', type: 'GET', headers: { Authorization: `Bearer ${token}` } },
          columns: columns.map((data) => ({
            data,
            title: data,
            orderable: data !== 'status',
            defaultContent: '',
            ...(data === 'customer' ? { render: customer } : {}),
          })),
        });
        table.on('dt-error', (_e, _s, _t, message) => w.dtErrors.push(String(message)));
      },
      { token: admin, columns },
    );
    const sent = params(await first);
    expect((await first).method()).toBe('GET');
    expect(
      Object.fromEntries(
        ['draw', 'start', 'length', 'order[0][column]', 'order[0][dir]'].map((k) => [k, sent.get(k)]),
      ),
    ).toEqual({
      draw: '1',
      start: '0',
      length: '25',
      'order[0][column]': '4',
      'order[0][dir]': 'desc',
    });
    expect(sent.get('columns[1][data]')).toBe('customer');
    expect(sent.get('columns[3][orderable]')).toBe('false');
    expect(sent.get('search[value]')).toBe('');
    expect(sent.has('_')).toBe(true); // the cache-buster is accepted

    // First page: the newest bookings, as the API gives them.
    const top = await api({});
    expect(top.recordsTotal).toBeGreaterThan(50);
    await poll(() => rowIds(page)).toEqual(top.data.map((r) => r.id));
    expect(await infoText(page)).toBe(`Showing 1 to 25 of ${n(top.recordsTotal)} entries`);

    // Next page.
    await page.getByRole('link', { name: 'Next' }).click();
    const second = await api({ start: 25 });
    await poll(() => rowIds(page)).toEqual(second.data.map((r) => r.id));
    expect(await infoText(page)).toBe(`Showing 26 to 50 of ${n(second.recordsTotal)} entries`);

    // Order by the reference: a click on its header sorts ascending from the first page; again,
    // descending.
    await header(page, 0).click();
    const byRef = await api({ order: [0, 'asc'] });
    await poll(() => rowIds(page)).toEqual(byRef.data.map((r) => r.id));
    await header(page, 0).click();
    const byRefDesc = await api({ order: [0, 'desc'] });
    await poll(() => rowIds(page)).toEqual(byRefDesc.data.map((r) => r.id));
    expect(byRefDesc.data[0].id).not.toBe(byRef.data[0].id);

    // Search by a customer's surname (the quick search: reference, customer name or postcode,
    // airline reference), still ordered by the reference descending.
    const term = top.data.find((r) => r.customer)?.customer?.last_name;
    if (!term) throw new Error('no customer booking on the first page of the demo data');
    const searched = page.waitForRequest(
      (r) => r.url().includes('/api/bookings/table') && params(r).get('search[value]') === term,
    );
    await page.locator('.dt-search input').fill(term);
    expect(params(await searched).get('start')).toBe('0');
    const found = await api({ order: [0, 'desc'], search: term });
    expect(found.recordsFiltered).toBeGreaterThan(0);
    expect(found.recordsFiltered).toBeLessThan(found.recordsTotal);
    await poll(() => rowIds(page)).toEqual(found.data.map((r) => r.id));
    const shown = Math.min(25, found.recordsFiltered);
    expect(await infoText(page)).toBe(
      `Showing 1 to ${shown} of ${n(found.recordsFiltered)} ${found.recordsFiltered === 1 ? 'entry' : 'entries'} (filtered from ${n(found.recordsTotal)} total entries)`,
    );
    expect(await dtErrors(page)).toEqual([]);
  });

  it("a booking's history: POST form body from jQuery.ajax; 15 a page, next page, order and search", async () => {
    const columns = ['created_at', 'type', 'action', 'comment', 'user.name'];
    const api = async (q: { start?: number; order?: [number, 'asc' | 'desc']; search?: string }) => {
      const [column, dir] = q.order ?? [0, 'desc'];
      const r = await apiCall<TableAnswer>(admin, 'POST', `/${bookingId}/get-booking-history`, {
        draw: 1,
        start: q.start ?? 0,
        length: 15,
        columns: columns.map((data) => ({ data })),
        order: [{ column, dir }],
        search: { value: q.search ?? '' },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };

    const page = await tablePage(browser);
    const url = `/api/${bookingId}/get-booking-history`;
    const first = page.waitForRequest((r) => r.url().endsWith(url));
    await page.evaluate(
      ({ token, url, columns }) => {
        type Callback = (json: unknown) => void;
        const w = window as unknown as {
          DataTable: new (sel: string, opts: object) => unknown;
          jQuery: {
            ajax(o: object): {
              done(f: Callback): { fail(f: (xhr: { status: number; responseText: string }) => void): void };
            };
          };
          dtErrors: string[];
        };
        new w.DataTable('#t', {
          serverSide: true,
          // Spec 1 §9: 15 a page (15, 25, 50, 100, 500), search delay 1500 ms; newest first.
          pageLength: 15,
          lengthMenu: [15, 25, 50, 100, 500],
          order: [[0, 'desc']],
          searchDelay: 1500,
          rowId: 'id',
          // The request as jQuery sends a form: application/x-www-form-urlencoded, brackets.
          ajax: (data: object, callback: Callback) => {
            w.jQuery
              .ajax({
                url,
                type: 'POST',
                data,
                dataType: 'json',
                headers: { Authorization: `Bearer ${token}` },
              })
              .done(callback)
              .fail((xhr) => w.dtErrors.push(`${xhr.status} ${xhr.responseText}`));
          },
          columns: columns.map((data) => ({ data, title: data, defaultContent: '' })),
        });
      },
      { token: admin, url, columns },
    );
    const req = await first;
    expect(req.method()).toBe('POST');
    expect(req.headers()['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const sent = params(req);
    expect(sent.get('length')).toBe('15');
    expect(sent.get('columns[4][data]')).toBe('user.name');
    expect(sent.get('order[0][dir]')).toBe('desc');

    // Newest first: the 20 changes and the booking's creation, 15 on the first page.
    const top = await api({});
    expect(top.recordsTotal).toBeGreaterThanOrEqual(21);
    await poll(() => rowIds(page)).toEqual(top.data.map((r) => r.id));
    expect(top.data).toHaveLength(15);
    expect(await infoText(page)).toBe(`Showing 1 to 15 of ${n(top.recordsTotal)} entries`);

    await page.getByRole('link', { name: 'Next' }).click();
    const second = await api({ start: 15 });
    await poll(() => rowIds(page)).toEqual(second.data.map((r) => r.id));
    expect(await infoText(page)).toBe(
      `Showing 16 to ${Math.min(30, second.recordsTotal)} of ${n(second.recordsTotal)} entries`,
    );

    // Order by the comment, ascending: 'Protocol note 01' … after the creation's comment.
    await header(page, 3).click();
    const byComment = await api({ order: [3, 'asc'] });
    await poll(() => rowIds(page)).toEqual(byComment.data.map((r) => r.id));
    const comments = await page.$$eval('#t tbody tr td:nth-child(4)', (tds) =>
      tds.map((td) => td.textContent),
    );
    expect(comments.filter((c) => c?.startsWith('Protocol note'))).toEqual(
      [...comments.filter((c) => c?.startsWith('Protocol note'))].sort(),
    );

    // Search: 'note 1' finds notes 10 to 19.
    await page.locator('.dt-search input').fill('note 1');
    const found = await api({ order: [3, 'asc'], search: 'note 1' });
    expect(found.recordsFiltered).toBe(10);
    await poll(() => rowIds(page)).toEqual(found.data.map((r) => r.id));
    expect(
      await page.$$eval('#t tbody tr td:nth-child(4)', (tds) => tds.map((td) => td.textContent)),
    ).toEqual(notes.slice(9, 19));
    expect(await infoText(page)).toBe(
      `Showing 1 to 10 of 10 entries (filtered from ${n(found.recordsTotal)} total entries)`,
    );
    expect(await dtErrors(page)).toEqual([]);
  });
});
