import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';
import { unzip } from '../helpers/zip';

// Brochure requests and backups in the browser (issue #14): the list with its filters, a request
// linked to a customer and another turned into a customer, 'Process new requests' downloading the
// zip of cover letters (one looked at as a picture), the Export modal, the customers list's lookup;
// then a project and a database backup with their progress, downloaded and deleted.

/** Waits up to 20 s (first visits load a screen's chunk; the machine may be busy). */
const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout });
const SHOTS = path.resolve(__dirname, '../../screenshots');

/** Opens the request of `name` from the list (the row's Open link). */
async function openRequest(page: Page, name: string) {
  await page.goto(`${e2eUrl()}/brochure-requests`);
  const row = page.getByRole('row').filter({ hasText: name });
  await poll(() => row.isVisible()).toBe(true);
  await row.getByRole('link', { name: 'Open' }).click();
  await poll(() => page.getByRole('heading', { name: /^Brochure request #\d+$/ }).isVisible()).toBe(true);
}

describe('brochure requests and backups screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('role 1 links and creates customers, processes the requests into a zip of letters and exports them', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/brochure-requests`);
    await poll(() => page.getByRole('cell', { name: /^Margaret Holloway/ }).isVisible()).toBe(true);
    await screenshotFromTop(page, 'brochure-requests-list');

    // 'Include sent brochure' shows the demo's earlier batch too.
    await page.getByRole('switch', { name: 'Include sent brochure' }).check();
    await poll(() => page.getByText('Sent', { exact: true }).first().isVisible()).toBe(true);
    await page.getByRole('switch', { name: 'Include sent brochure' }).uncheck();

    // Link Customer: the picker, then the confirmation; both buttons give way to the customer.
    await openRequest(page, 'Margaret Holloway');
    await screenshotFromTop(page, 'brochure-request-edit');
    await page.getByRole('button', { name: 'Link Customer' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a customer' });
    await poll(() =>
      picker
        .getByRole('button', { name: /^Select / })
        .first()
        .isVisible(),
    ).toBe(true);
    await page.waitForTimeout(300);
    await screenshot(page, 'brochure-request-customer-picker');
    await picker
      .getByRole('button', { name: /^Select / })
      .first()
      .click();
    await poll(() =>
      page.getByText(/^Link this brochure request from Margaret Holloway to the customer /).isVisible(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Link customer', exact: true }).click();
    await poll(() => page.getByText('Customer linked successfully.').isVisible()).toBe(true);
    await poll(() => page.getByText('Linked to').isVisible()).toBe(true);
    await poll(() => page.getByRole('button', { name: 'Link Customer', exact: true }).count()).toBe(0);
    await poll(() => page.getByRole('button', { name: 'Create Customer From Requester' }).count()).toBe(0);

    // Create Customer From Requester: the warning first.
    await openRequest(page, 'Derek Ashworth');
    await page.getByRole('button', { name: 'Create Customer From Requester' }).click();
    await poll(() =>
      page.getByText(/Please check that this requester is not already a customer/).isVisible(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Create customer', exact: true }).click();
    await poll(() => page.getByText('Customer created successfully.').isVisible()).toBe(true);
    await poll(() => page.getByRole('link', { name: 'Derek Ashworth' }).isVisible()).toBe(true);
    await screenshotFromTop(page, 'brochure-request-linked');

    // Process new requests: a zip named from the response, one letter per unsent request.
    const token = await apiToken(1);
    await page.goto(`${e2eUrl()}/brochure-requests`);
    await poll(() => page.getByRole('cell', { name: /^Margaret Holloway/ }).isVisible()).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Process new requests' }).click(),
    ]);
    const name = download.suggestedFilename();
    expect(name).toMatch(/^cover-letters-\d{8}-\d{4}-[0-9a-f]{4}\.zip$/);
    await poll(() => page.getByText('File downloaded').isVisible()).toBe(true);
    await poll(() => page.getByText('No new brochure requests').isVisible()).toBe(true);
    const batch = name.replace(/^cover-letters-|\.zip$/g, '');
    const letters = await unzip(readFileSync(await download.path()));
    const inBatch = await apiCall<{ recordsFiltered: number }>(
      token,
      'GET',
      `/brochures/requests/table?include_send_brochures=1&batch_id=${batch}&length=5`,
    );
    expect(letters.size).toBe(inBatch.body.recordsFiltered);
    expect(letters.size).toBeGreaterThanOrEqual(12);
    const holloway = [...letters.entries()].find(([n]) => n.includes('Margaret-Holloway'));
    expect(holloway).toBeDefined();
    const dir = mkdtempSync(path.join(tmpdir(), 'cover-letter-'));
    const pdfFile = path.join(dir, 'letter.pdf');
    writeFileSync(pdfFile, holloway?.[1] ?? Buffer.alloc(0));
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-singlefile',
      pdfFile,
      path.join(SHOTS, 'brochure-cover-letter-pdf'),
    ]);
    await screenshotFromTop(page, 'brochure-requests-processed');

    // Processed batches (issue #22 point 12): the batch just made is listed and downloads again,
    // the same letters.
    await page.getByRole('button', { name: 'Processed batches' }).click();
    const batches = page.getByRole('dialog', { name: 'Processed batches' });
    const batchRow = batches.getByRole('row', { name: new RegExp(batch) });
    await poll(() => batchRow.isVisible()).toBe(true);
    expect(await batchRow.getByRole('cell').nth(2).textContent()).toBe(String(letters.size));
    const processedOn = `${batch.slice(6, 8)}/${batch.slice(4, 6)}/${batch.slice(0, 4)} ${batch.slice(9, 11)}:${batch.slice(11, 13)}`;
    expect(await batchRow.getByRole('cell').nth(1).textContent()).toBe(processedOn);
    await screenshot(page, 'brochure-requests-batches');
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      batches.getByRole('button', { name: `Download batch ${batch}` }).click(),
    ]);
    expect(again.suggestedFilename()).toBe(name);
    const lettersAgain = await unzip(readFileSync(await again.path()));
    expect([...lettersAgain.keys()]).toEqual([...letters.keys()]);
    await page.keyboard.press('Escape');
    await poll(() => batches.isVisible()).toBe(false);

    // Export: the list in the modal, then the spreadsheet.
    await page.getByRole('button', { name: 'Export' }).click();
    const modal = page.getByRole('dialog', { name: 'Export brochure requests' });
    await modal.getByRole('button', { name: 'Show list' }).click();
    await poll(() => modal.getByRole('cell', { name: 'Margaret Holloway' }).isVisible()).toBe(true);
    await page.waitForTimeout(300);
    await screenshot(page, 'brochure-requests-export');
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      modal.getByRole('button', { name: 'Download Excel' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe('brochure-request.xlsx');
    await page.keyboard.press('Escape');

    // The customers list's lookup modal.
    await page.goto(`${e2eUrl()}/customers`);
    await page.getByRole('button', { name: 'Brochure requests' }).click();
    const lookup = page.getByRole('dialog', { name: 'Brochure requests' });
    await poll(() => lookup.getByRole('cell', { name: /^Patricia Nolan/ }).isVisible()).toBe(true);
    await page.waitForTimeout(300);
    await screenshot(page, 'customers-brochure-request-lookup');
    await page.context().close();
  });

  it('role 1 makes a project and a database backup with progress, downloads and deletes them', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/backups-managemenet`);
    await poll(() => page.getByRole('heading', { name: 'DB Backups' }).isVisible()).toBe(true);
    await poll(() => page.getByRole('switch', { name: /Sent emails \(outbox\)/ }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Generate Backup' }).click();
    await poll(() => page.getByText('Please select any one option').isVisible()).toBe(true);
    await screenshotFromTop(page, 'backups-empty');

    await page.getByRole('switch', { name: /Sent emails \(outbox\)/ }).check();
    await page.getByRole('switch', { name: /Booking documents/ }).check();
    await page.getByRole('button', { name: 'Generate Backup' }).click();
    await poll(() => page.getByText(/^Backup project-\d{8}-\d{6}\.zip made: /).isVisible()).toBe(true);
    await poll(() => page.getByRole('cell', { name: /^project-.+\.zip$/ }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Generate Database Backup' }).click();
    await poll(() => page.getByRole('progressbar', { name: 'Database backup' }).isVisible()).toBe(true);
    await screenshotFromTop(page, 'backups-progress');
    const done = page.getByText(/^Database backup database-\d{8}-\d{6}\.tar\.gz made: /);
    await poll(() => done.isVisible(), 120_000).toBe(true);
    await screenshotFromTop(page, 'backups-list');
    // The success message goes after 3 seconds (spec 2 §4).
    await poll(() => done.isVisible(), 6_000).toBe(false);

    const dbRow = page.getByRole('row').filter({ hasText: /database-.+\.tar\.gz/ });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      dbRow.getByRole('button', { name: /^Download / }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^database-\d{8}-\d{6}\.tar\.gz$/);
    expect(readFileSync(await file.path()).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    for (const pattern of [/database-.+\.tar\.gz/, /project-.+\.zip/]) {
      const row = page.getByRole('row').filter({ hasText: pattern });
      await row.getByRole('button', { name: /^Delete / }).click();
      await poll(() => page.getByText('Are you sure you want to delete theis backup ?').isVisible()).toBe(
        true,
      );
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await poll(() => row.count()).toBe(0);
    }
    await poll(() => page.getByText('No Backups Found').isVisible()).toBe(true);

    // How long files are kept (issue #28): the shared rule at the field, then a save.
    const retention = page.getByRole('form', { name: 'File retention' });
    const backupsDays = retention.getByRole('textbox', { name: 'Backups (days)' });
    await poll(() => backupsDays.inputValue()).toBe('90');
    await backupsDays.fill('-1');
    await retention.getByRole('button', { name: 'Save retention periods' }).click();
    await poll(() => retention.getByText('Backups must be at least 0.').isVisible()).toBe(true);
    await backupsDays.fill('120');
    await retention.getByRole('button', { name: 'Save retention periods' }).click();
    await poll(() => page.getByText('Retention periods saved.').isVisible()).toBe(true);
    await retention.scrollIntoViewIfNeeded();
    await screenshot(page, 'backups-retention');
    await page.reload();
    await poll(() => page.getByRole('textbox', { name: 'Backups (days)' }).inputValue()).toBe('120');
    await page.context().close();

    // Role 2 is told the screen is for admins.
    const accountant = await signedInPage(browser, 2);
    await accountant.goto(`${e2eUrl()}/backups-managemenet`);
    await poll(() =>
      accountant.getByText('Only an admin can make, download or delete backups.').isVisible(),
    ).toBe(true);
    await accountant.context().close();
  });
});
