import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, screenshotFromTop } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

interface Status {
  data: { bookings: number; erase_refusal: string | null; erased_at: string | null };
}

// GDPR in the browser (issue #27): on the demo customer with the most bookings among the newest 50,
// role 1 makes the subject access export (progress, then 'Download zip', in well under a minute),
// opens 'Erase personal data' (the dialog names the consequences or the refusal) and cancels; the
// customers list's 'GDPR retention' dialog shows the runs.
describe('GDPR screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('subject access export, the erase dialog and the retention dialog', async () => {
    const token = await apiToken(1);
    const { body } = await apiCall<{ data: { id: number }[] }>(token, 'GET', '/customers/table?length=50');
    let best = { id: 0, bookings: -1 };
    for (const row of body.data) {
      const s = await apiCall<Status>(token, 'GET', `/customers/${row.id}/gdpr`);
      if (!s.body.data.erased_at && s.body.data.bookings > best.bookings)
        best = { id: row.id, bookings: s.body.data.bookings };
    }
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/customers/edit/${best.id}`);
    const exportButton = page.getByRole('button', { name: 'Subject access export' });
    await expect.poll(() => exportButton.isVisible(), { timeout: 20_000 }).toBe(true);
    const started = Date.now();
    await exportButton.click();
    const download = page.getByRole('button', { name: /Download zip/ });
    await expect.poll(() => download.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(Date.now() - started).toBeLessThan(60_000);
    await page.getByText('Subject access export ready').scrollIntoViewIfNeeded();
    await screenshotFromTop(page, 'gdpr-customer-export');

    await page.getByRole('button', { name: 'Erase personal data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase personal data' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect
      .poll(async () => /cannot be undone|cannot be erased now/.test((await dialog.textContent()) ?? ''))
      .toBe(true);
    await page.screenshot({ path: 'screenshots/gdpr-erase-refused.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // A customer with no booking may be erased: the dialog names the consequences; erasing shows 'Erased'.
    const created = await apiCall<{ data: { id: number } }>(token, 'POST', '/customers', {
      first_name: 'Gertrude',
      last_name: `Erasable${Date.now()}`,
      email: `gertrude${Date.now()}@example.test`,
    });
    await page.goto(`${e2eUrl()}/customers/edit/${created.body.data.id}`);
    const eraseButton = page.getByRole('button', { name: 'Erase personal data' });
    await expect.poll(() => eraseButton.isEnabled(), { timeout: 20_000 }).toBe(true);
    await eraseButton.click();
    await expect.poll(async () => /cannot be undone/.test((await dialog.textContent()) ?? '')).toBe(true);
    await page.screenshot({ path: 'screenshots/gdpr-erase-dialog.png' });
    await dialog.getByRole('button', { name: 'Erase personal data' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Customer: Erased Erased' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText(/^Erased \d\d\/\d\d\/\d{4}$/).isVisible()).toBe(true);

    await page.goto(`${e2eUrl()}/customers`);
    await page.getByRole('button', { name: 'GDPR retention' }).click();
    const retention = page.getByRole('dialog', { name: 'GDPR retention' });
    await expect
      .poll(() => retention.getByRole('button', { name: 'Run retention now' }).isVisible())
      .toBe(true);
    await expect
      .poll(() =>
        retention
          .getByText(/No erasure or retention run yet|Retention|Erasure/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'gdpr-retention-dialog');
  });
});
