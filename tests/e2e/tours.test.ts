import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

// The tour catalogue in the browser (spec 3 §2 Tours): role 1 builds a coach tour from nothing
// (tour → group with a pickup region → instance from a pickup point → an existing demo hotel with a
// room and a supplement) and get-instance-rooms offers that room at base price + supplement; a CSV
// upload with one bad row names the line and changes nothing; role 2 sees the tour read-only; role 1
// excludes its accommodation, deletes the instance and the group and suppresses the tour.
const slow = { timeout: 30_000 };

/** A full-page screenshot from the top of the page. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** Chooses the first option of a Mantine select (optionally after typing into it). */
async function chooseFirst(page: Page, name: string, type?: string) {
  const box = page.getByRole('combobox', { name });
  await box.click();
  if (type) await box.fill(type);
  await page.getByRole('option').first().click();
}

describe('tour catalogue screens', () => {
  let browser: Browser;
  const stamp = Date.now();
  const tourName = `Lake District by Coach ${stamp}`;
  const reference = `LDC-${stamp}`;
  let tourId: number;
  let groupUrl: string;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('role 1 builds a coach tour from nothing and get-instance-rooms offers its room', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/tours`);
    await expect.poll(() => page.getByRole('cell').first().isVisible(), slow).toBe(true);
    await shot(page, 'tours-list');
    await page.getByRole('link', { name: 'New tour' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'New tour' }).isVisible(), slow).toBe(true);
    await page.getByRole('button', { name: 'Create tour' }).click();
    await expect.poll(() => page.getByText('Reference is required.').isVisible(), slow).toBe(true);

    await page.getByLabel('Name').fill(tourName);
    await page.getByLabel('Reference').fill(reference);
    await page.getByRole('combobox', { name: 'Tour type' }).click();
    await page.getByRole('option', { name: 'Coach' }).click();
    await page.getByLabel('Deposit price').fill('100');
    await page.getByLabel('Duration (days)').fill('5');
    await page.getByLabel('Release days before').fill('21');
    await page.getByLabel('Tour places').fill('49');
    await page.getByLabel('Itinerary').fill('Day 1: Windermere. Day 2: Keswick and Derwentwater.');
    await shot(page, 'tour-create');
    await page.getByRole('button', { name: 'Create tour' }).click();
    await page.waitForURL(/\/tours\/edit\/\d+$/, slow);
    tourId = Number(page.url().split('/').pop());
    await expect
      .poll(() => page.getByRole('heading', { name: `Tour: ${tourName}` }).isVisible(), slow)
      .toBe(true);

    // Groups: a group on 01/06/2027 with a base price and a pickup region.
    await page.getByRole('button', { name: 'Add group' }).click();
    await expect.poll(() => page.getByText('Start date is required.').isVisible(), slow).toBe(true);
    await page
      .getByRole('form', { name: 'Add group' })
      .getByRole('textbox', { name: 'Start date' })
      .fill('01/06/2027');
    await page.getByRole('form', { name: 'Add group' }).getByLabel('Base price').fill('399');
    await chooseFirst(page, 'Pickup region');
    await page.getByRole('button', { name: 'Add group' }).click();
    await expect.poll(() => page.getByRole('link', { name: '01/06/2027' }).isVisible(), slow).toBe(true);

    // Accommodation: an existing demo hotel, nights of days 1–5.
    await chooseFirst(page, 'Accommodation', 'Hotel');
    await page.getByLabel('Check-out day').fill('5');
    await page.getByRole('button', { name: 'Add accommodation' }).click();
    const accRow = page.getByRole('table', { name: 'Tour accommodation' }).getByRole('row').nth(1);
    await expect.poll(() => accRow.isVisible(), slow).toBe(true);
    await shot(page, 'tour-edit');

    // Tour accommodation: add a room with a £25.00 supplement.
    await accRow.getByRole('link', { name: 'Edit' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Tour Accommodation' }).isVisible(), slow)
      .toBe(true);
    await chooseFirst(page, 'Room');
    await page.getByRole('form', { name: 'Add room' }).getByLabel('Supplement').fill('25');
    await page.getByRole('button', { name: 'Add room' }).click();
    const supplement = page.getByRole('textbox', { name: /^Supplement of / });
    await expect.poll(() => supplement.isVisible(), slow).toBe(true);
    expect(await supplement.inputValue()).toBe('£25.00');
    await page.waitForTimeout(400); // let the empty-state fade finish before the picture
    await shot(page, 'tour-accommodation');

    // Group: an instance from a pickup point of the group's region (date defaults to the start).
    await page.getByRole('link', { name: tourName }).click();
    await page.getByRole('link', { name: '01/06/2027' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: `Group of ${tourName}` }).isVisible(), slow)
      .toBe(true);
    groupUrl = page.url();
    expect(await page.getByRole('textbox', { name: 'Departure date' }).inputValue()).toBe('01/06/2027');
    await chooseFirst(page, 'Pickup point');
    await page.getByRole('button', { name: 'Add instance' }).click();
    const instanceLink = page
      .getByRole('table', { name: 'Instances' })
      .getByRole('row')
      .nth(1)
      .getByRole('link')
      .first();
    await expect.poll(() => instanceLink.isVisible(), slow).toBe(true);
    await shot(page, 'tour-group');

    // Manage Transfers: Outbound / In-Bound tabs; saving nothing asks for a transfer.
    await page.getByRole('button', { name: 'Manage Transfers' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'In-Bound' }).isVisible(), slow).toBe(true);
    await page.getByRole('button', { name: 'Update Outbound transfers' }).click();
    await expect.poll(() => page.getByText('Please add transfer').isVisible(), slow).toBe(true);
    await page
      .getByRole('textbox', { name: /^Transfer for / })
      .first()
      .fill('Coach from Kendal');
    await page
      .getByRole('textbox', { name: /^Pickup time of Coach from Kendal/ })
      .first()
      .fill('09:15');
    await page.waitForTimeout(400);
    await page.screenshot({ path: 'screenshots/tour-group-transfers.png' });
    // Esc with typed transfers not saved asks first (issue #22 point 5).
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
    await expect.poll(() => ask.isVisible(), slow).toBe(true);
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => ask.count(), slow).toBe(0);
    await page.getByRole('button', { name: 'Update Outbound transfers' }).click();
    await expect.poll(() => page.getByText('Transfers updated successfully.').isVisible(), slow).toBe(true);
    await page.keyboard.press('Escape');

    // The instance screen, and what bookings will be offered.
    await instanceLink.click();
    await expect
      .poll(() => page.getByRole('heading', { name: `Instance of ${tourName}` }).isVisible(), slow)
      .toBe(true);
    await expect
      .poll(
        () => page.getByText('Values left at 0.00 fall back to base price plus supplements.').isVisible(),
        slow,
      )
      .toBe(true);
    await expect.poll(() => page.getByRole('cell', { name: '£424.00' }).isVisible(), slow).toBe(true);
    await shot(page, 'tour-instance');
    const instanceId = Number(page.url().split('/').pop());
    const offer = await apiCall<{
      data: { price: string; supplement: string; accommodation: { name: string } }[];
    }>(await apiToken(1), 'POST', '/tours/get-instance-rooms', {
      instance_id: instanceId,
      departure_date: '2027-06-01',
    });
    expect(offer.status).toBe(200);
    expect(offer.body.data).toHaveLength(1);
    expect(offer.body.data[0]).toMatchObject({ supplement: '25.00', price: '424.00' });
    await page.context().close();
  });

  it('a CSV upload with one bad row names the line and changes nothing', async () => {
    const token = await apiToken(1);
    const before = await apiCall<{ data: { id: number; base_price: string }[] }>(
      token,
      'GET',
      `/tours/${tourId}/instances`,
    );
    const point = (
      await apiCall<{ data: { pick_up_point: { pickup_point_name: string } }[] }>(
        token,
        'GET',
        `/tours/${tourId}/instances`,
      )
    ).body.data[0].pick_up_point.pickup_point_name;
    const header = (
      await (
        await fetch(`${e2eUrl()}/api/csvupload/template`, { headers: { authorization: `Bearer ${token}` } })
      ).text()
    ).trim();
    const csv = [
      header,
      `${reference},01/06/2027,01/06/2027,,${point},,410.00,,,,,,,,,`,
      `${reference},02/06/2027,01/06/2027,,${point},,9.999,,,,,,,,,`,
    ].join('\n');

    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/tours`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Bulk Tour Instance Uploader' }).isVisible(), slow)
      .toBe(true);
    await page.getByRole('button', { name: 'Show column layout' }).click();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'instances.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // Ticked from the keyboard: the column layout above is still opening, so a mouse click at the
    // box's coordinates could land elsewhere.
    const pricingOnly = page.getByLabel('Check box for pricing update only');
    await pricingOnly.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => pricingOnly.isChecked(), slow).toBe(true);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => page.getByText('Line 3:').first().isVisible(), slow).toBe(true);
    await expect
      .poll(() => page.getByText('1 row refused; nothing was imported').isVisible(), slow)
      .toBe(true);
    await shot(page, 'tours-csv-errors');
    const after = await apiCall<{ data: { id: number; base_price: string }[] }>(
      token,
      'GET',
      `/tours/${tourId}/instances`,
    );
    expect(after.body.data).toEqual(before.body.data);

    // The good row alone goes through: 'Processed successfully', 'File uploaded succesfully'.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'instances.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv.split('\n').slice(0, 2).join('\n')),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => page.getByText('Processed successfully').isVisible(), slow).toBe(true);
    await expect.poll(() => page.getByText('File uploaded succesfully').isVisible(), slow).toBe(true);
    const updated = await apiCall<{ data: { base_price: string }[] }>(
      token,
      'GET',
      `/tours/${tourId}/instances`,
    );
    expect(updated.body.data[0].base_price).toBe('410.00');
    await page.context().close();
  });

  it('role 1 sees a demo air group with bookings (bulk accommodation) and an instance with flights', async () => {
    const token = await apiToken(1);
    const tours = await apiCall<{ data: { id: number; tour_type: string }[] }>(token, 'GET', '/tours');
    const air = tours.body.data.filter((x) => x.tour_type === 'air');
    let found: { groupId: number; instanceId: number } | null = null;
    for (const tour of air.slice(0, 6)) {
      const groups = await apiCall<{ data: { id: number; start_date: string }[] }>(
        token,
        'GET',
        `/tours/${tour.id}/groups`,
      );
      // Recent past departures carry bookings in the demo data.
      const today = new Date().toISOString().slice(0, 10);
      const past = groups.body.data.filter((g) => g.start_date < today).slice(-3);
      for (const g of past.reverse()) {
        const detail = await apiCall<{
          data: { tourGroup: { bookings: { cancelled_at: string | null }[]; instances: { id: number }[] } };
        }>(token, 'GET', `/tours/groups/${g.id}`);
        const tg = detail.body.data.tourGroup;
        if (tg.bookings.filter((b) => !b.cancelled_at).length >= 2) {
          found = { groupId: g.id, instanceId: tg.instances[0].id };
          break;
        }
      }
      if (found) break;
    }
    expect(found).not.toBeNull();
    const { groupId, instanceId } = found as { groupId: number; instanceId: number };
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/groups/${groupId}`);
    await expect.poll(() => page.getByRole('heading', { name: /^Group of / }).isVisible(), slow).toBe(true);
    const bulk = page.getByRole('button', { name: 'Update Bulk Accommodation' });
    expect(await bulk.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Select all bookings' }).check({ force: true });
    expect(await bulk.isDisabled()).toBe(false);
    await bulk.click();
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Update Bulk Accommodation' }).isVisible(), slow)
      .toBe(true);
    await page.waitForTimeout(400); // the modal's opening transition
    await page.screenshot({ path: 'screenshots/tour-group-bulk-accommodation.png' });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await shot(page, 'tour-group-bookings');

    await page.goto(`${e2eUrl()}/tours/instances/${instanceId}`);
    await expect
      .poll(() => page.getByRole('table', { name: 'Flights of this instance' }).isVisible(), slow)
      .toBe(true);
    await page.getByLabel('Search flights').fill('MAN');
    await expect
      .poll(() => page.getByRole('table', { name: 'Flight search results' }).isVisible(), slow)
      .toBe(true);
    await shot(page, 'tour-instance-air');
    await page.context().close();
  });

  it('role 2 sees the tour, group and instance read-only', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/tours`);
    await expect.poll(() => page.getByRole('heading', { name: 'Tours' }).isVisible(), slow).toBe(true);
    expect(await page.getByRole('link', { name: 'New tour' }).count()).toBe(0);
    expect(await page.getByText('Bulk Tour Instance Uploader').count()).toBe(0);
    await page.goto(`${e2eUrl()}/tours/edit/${tourId}`);
    await expect
      .poll(() => page.getByRole('heading', { name: `Tour: ${tourName}` }).isVisible(), slow)
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Update tour' }).count()).toBe(0);
    expect(await page.getByLabel('Name').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add group' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show Groups' }).click();
    await expect.poll(() => page.getByRole('link', { name: '01/06/2027' }).isVisible(), slow).toBe(true);
    await shot(page, 'tour-edit-role2');
    await page.goto(groupUrl.replace('/tours/groups/', '/groups/'));
    await expect
      .poll(() => page.getByRole('heading', { name: `Group of ${tourName}` }).isVisible(), slow)
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Update group' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Manage Transfers' }).count()).toBe(0);
    await shot(page, 'tour-group-role2');
    await page.context().close();
  });

  it('role 1 excludes accommodation, deletes the instance and the group, and suppresses the tour', async () => {
    // The actions that are not forms (useNoticeMutation): each shows the server's message in green.
    const page = await signedInPage(browser, 1);
    const dialog = page.getByRole('dialog');
    await page.goto(groupUrl);
    await expect
      .poll(() => page.getByRole('heading', { name: `Group of ${tourName}` }).isVisible(), slow)
      .toBe(true);
    const exclude = page.getByRole('switch', { name: /^Exclude / });
    await exclude.click({ force: true });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect
      .poll(() => page.getByText('Accommodation excluded successfully.').isVisible(), slow)
      .toBe(true);
    expect(await exclude.isChecked()).toBe(true);

    await page.getByRole('table', { name: 'Instances' }).getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('Instance deleted successfully.').isVisible(), slow).toBe(true);
    await expect.poll(() => page.getByText('No instances yet').isVisible(), slow).toBe(true);

    await page.getByRole('button', { name: 'Delete group' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('Group deleted successfully.').isVisible(), slow).toBe(true);
    await page.waitForURL(new RegExp(`/tours/edit/${tourId}$`), slow);

    await page.goto(`${e2eUrl()}/tours`);
    await page.getByPlaceholder('Name or reference…').fill(reference);
    const suppressed = page.getByRole('switch', { name: `Suppressed: ${tourName}` });
    await expect.poll(() => suppressed.isVisible(), slow).toBe(true);
    await suppressed.click({ force: true });
    await expect.poll(() => page.getByText('Tour suppressed successfully.').isVisible(), slow).toBe(true);
    // The list reloads: a suppressed tour shows only with 'Show suppressed Tours ?'.
    await expect.poll(() => suppressed.count(), slow).toBe(0);
    await page.getByRole('switch', { name: 'Show suppressed Tours ?' }).click({ force: true });
    await expect.poll(() => suppressed.isChecked(), slow).toBe(true);
    await page.context().close();
  });
});
