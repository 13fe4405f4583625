import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

// Group documents in the browser (spec 3 §2 Tour group 'Documents' and 'Bookings for this tour
// group', §8, §9): role 1 opens a demo air-tour group, downloads the rooming list as a spreadsheet
// (the bytes parse) and as a PDF (rendered to PNG to look at), prints it (a new tab with the PDF),
// then selects the group's bookings and emails their travel documents, watching the job finish.
const slow = { timeout: 30_000 };
const SHOTS = path.resolve('screenshots');

/** A demo air-tour group with at least two live bookings (recent past departures have them). */
async function airGroupWithBookings(token: string): Promise<number> {
  const tours = await apiCall<{ data: { id: number; tour_type: string }[] }>(token, 'GET', '/tours');
  const today = new Date().toISOString().slice(0, 10);
  for (const tour of tours.body.data.filter((t) => t.tour_type === 'air').slice(0, 8)) {
    const groups = await apiCall<{ data: { id: number; start_date: string }[] }>(
      token,
      'GET',
      `/tours/${tour.id}/groups`,
    );
    for (const g of groups.body.data
      .filter((x) => x.start_date < today)
      .slice(-3)
      .reverse()) {
      const detail = await apiCall<{ data: { tourGroup: { bookings: { cancelled_at: string | null }[] } } }>(
        token,
        'GET',
        `/tours/groups/${g.id}`,
      );
      const live = detail.body.data.tourGroup.bookings.filter((b) => !b.cancelled_at);
      if (live.length >= 2 && live.length <= 40) return g.id;
    }
  }
  throw new Error('no demo air group with bookings');
}

/** Clicks `button`, fills nothing, confirms the Document Name modal; answers the download. */
async function viaModal(page: Page, button: Locator, confirm: string) {
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Document Name' });
  await expect.poll(() => dialog.isVisible(), slow).toBe(true);
  return dialog.getByRole('button', { name: confirm });
}

describe('group documents screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => browser?.close());

  it('role 1 downloads, prints and emails the documents of an air-tour group', async () => {
    const token = await apiToken(1);
    const groupId = await airGroupWithBookings(token);
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/groups/${groupId}`);
    await expect.poll(() => page.getByRole('heading', { name: /^Group of / }).isVisible(), slow).toBe(true);
    await page.getByRole('button', { name: 'Show Documents' }).click();
    const table = page.getByRole('table', { name: 'Group documents' });
    await expect.poll(() => table.isVisible(), slow).toBe(true);
    // Air tour: both manifests and the rooming list.
    for (const label of ['Flight Manifest Outbound', 'Flight Manifest Return', 'Rooming List'])
      expect(await table.getByRole('cell', { name: label, exact: true }).count()).toBe(1);
    await page.getByRole('checkbox', { name: 'Exclude cancellations from the Rooming List?' }).check();
    const section = page.locator('section', { has: table });
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: path.join(SHOTS, 'group-documents-section.png') });

    // Download (xlsx): the modal proposes the default name (spec 3 §9), the bytes parse.
    const confirmXlsx = await viaModal(
      page,
      page.getByRole('button', { name: 'Download Rooming List' }),
      'Download',
    );
    const nameBox = page.getByRole('textbox', { name: 'Document Name' });
    expect(await nameBox.inputValue()).toMatch(/^Rooming List \d{2}-\d{2}-\d{4} to \d{2}-\d{2}-\d{4}$/);
    await page.waitForTimeout(300); // the modal's opening transition
    await page.screenshot({ path: path.join(SHOTS, 'group-documents-name-modal.png') });
    const [xlsx] = await Promise.all([page.waitForEvent('download'), confirmXlsx.click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^Rooming List .+\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(await xlsx.path()) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(String(ws.getCell('A1').value)).toMatch(/^Rooming List — /);
    expect(ws.getCell('A2').value).toBe('Accommodation');
    expect(ws.rowCount).toBeGreaterThan(3);

    // Download Pdf, with a typed name: rendered to a picture to look at.
    const confirmPdf = await viaModal(
      page,
      page.getByRole('button', { name: 'Download Pdf Rooming List' }),
      'Download Pdf',
    );
    await nameBox.fill('Rooming list for the hotel');
    const [pdf] = await Promise.all([page.waitForEvent('download'), confirmPdf.click()]);
    expect(pdf.suggestedFilename()).toBe('Rooming list for the hotel.pdf');
    const pdfBytes = readFileSync(await pdf.path());
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const dir = mkdtempSync(path.join(tmpdir(), 'group-docs-'));
    const pdfFile = path.join(dir, 'rooming.pdf');
    writeFileSync(pdfFile, pdfBytes);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdfFile,
      path.join(SHOTS, 'group-rooming-list-pdf'),
    ]);

    // Print: the stored PDF opens in a new tab.
    const confirmPrint = await viaModal(
      page,
      page.getByRole('button', { name: 'Print Rooming List' }),
      'Print',
    );
    const [popup] = await Promise.all([page.context().waitForEvent('page'), confirmPrint.click()]);
    await expect.poll(() => popup.url(), slow).toMatch(/^blob:/);
    await popup.close();

    // Email travel docs to customer: confirmation, then the job's progress to the end.
    const email = page.getByRole('button', { name: 'Email travel docs to customer' });
    expect(await email.isDisabled()).toBe(true);
    // Select all once the bookings table has its rows (the click is repeated until it takes: on a
    // busy machine the table may still be rendering the group's bookings).
    await expect
      .poll(
        () =>
          page
            .getByRole('checkbox', { name: /^Select booking / })
            .first()
            .isEnabled(),
        slow,
      )
      .toBe(true);
    const selectAll = page.getByRole('checkbox', { name: 'Select all bookings' });
    await expect
      .poll(async () => {
        if (!(await selectAll.isChecked())) await selectAll.click({ force: true }).catch(() => {});
        return email.isDisabled();
      }, slow)
      .toBe(false);
    await email.click();
    const confirm = page.getByRole('dialog', { name: 'Email travel docs' });
    await expect
      .poll(() => confirm.getByText('Are you sure you want to send email to customer?').isVisible(), slow)
      .toBe(true);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    const progress = page.getByRole('dialog', { name: 'Emailing travel documents' });
    await expect.poll(() => progress.isVisible(), slow).toBe(true);
    await expect
      .poll(
        () =>
          progress
            .getByText(/^Sent \d+ emails?, skipped \d+ bookings?\.$/)
            .first()
            .isVisible(),
        { timeout: 90_000 },
      )
      .toBe(true);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, 'group-documents-email-job.png') });
    await progress.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.context().close();
  });

  it('role 1 sees no flight manifests on a coach-tour group', async () => {
    const token = await apiToken(1);
    const tours = await apiCall<{ data: { id: number; tour_type: string }[] }>(token, 'GET', '/tours');
    const coach = tours.body.data.find((t) => t.tour_type === 'coach');
    const groups = await apiCall<{ data: { id: number }[] }>(token, 'GET', `/tours/${coach?.id}/groups`);
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/groups/${groups.body.data[0].id}`);
    await expect.poll(() => page.getByRole('heading', { name: /^Group of / }).isVisible(), slow).toBe(true);
    await page.getByRole('button', { name: 'Show Documents' }).click();
    const table = page.getByRole('table', { name: 'Group documents' });
    await expect.poll(() => table.isVisible(), slow).toBe(true);
    expect(await table.getByRole('cell', { name: 'Rooming List', exact: true }).count()).toBe(1);
    expect(await table.getByRole('cell', { name: /Flight Manifest/ }).count()).toBe(0);
    await page.context().close();
  });
});
