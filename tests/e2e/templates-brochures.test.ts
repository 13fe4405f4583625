import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailTemplate } from '../../src/shared/api/email-templates';
import { launchBrowser, screenshot } from '../helpers/browser';
import { apiCall, apiToken, e2eUrl, signedInPage } from '../helpers/e2e';

// Email templates, brochures with the cover letter, coach regions and points in the browser
// (spec 3 §2): the rich-text editor, the content variables panel and the region's points.
/** Waits up to 15 s (first visits load the editor's chunk; the machine may be busy). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

describe('templates, brochures and regions screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('role 1 saves a template with a variable and a document type, and reopens it', async () => {
    const page = await signedInPage(browser, 1);
    const title = `Welcome aboard ${Date.now()}`;
    await page.goto(`${e2eUrl()}/templates`);
    await poll(() => page.getByRole('cell', { name: 'Booking confirmation', exact: true }).isVisible()).toBe(
      true,
    );
    await screenshot(page, 'templates-list');
    await page.getByRole('link', { name: 'New Template' }).click();
    await poll(() => page.getByRole('heading', { name: 'New email template' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Create template' }).click();
    await poll(() => page.getByText('Title is required.').isVisible()).toBe(true);

    await page.getByLabel('Title').fill(title);
    // The slug follows the title.
    expect(await page.getByLabel('Slug').inputValue()).toBe(title.toLowerCase().replaceAll(' ', '-'));
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Admin Email' }).click();
    await page.getByLabel('Subject').fill('Welcome to your holiday');
    const body = page.getByRole('textbox', { name: 'Body' });
    await body.click();
    await page.keyboard.type('Your reference is ');
    await page.getByRole('button', { name: '{booking_ref}' }).click();
    await page.keyboard.type(' – see you soon.');
    await page.getByRole('checkbox', { name: /ATOL Certificate/ }).check();
    await screenshot(page, 'template-create');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.waitForURL(/\/templates\/edit\/\d+$/);
    const id = Number(page.url().split('/').pop());

    await page.reload();
    await poll(() => page.getByRole('heading', { name: `Email template: ${title}` }).isVisible()).toBe(true);
    await poll(() => page.getByRole('textbox', { name: 'Body' }).textContent()).toBe(
      'Your reference is {booking_ref} – see you soon.',
    );
    expect(await page.getByRole('checkbox', { name: /ATOL Certificate/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /Confirmation/ }).isChecked()).toBe(false);
    expect(await page.getByRole('radio', { name: 'Active', exact: true }).isChecked()).toBe(true);
    await screenshot(page, 'template-edit');

    const saved = await apiCall<{ data: EmailTemplate }>(
      await apiToken(1),
      'GET',
      `/email-templates/${id}/template`,
    );
    expect(saved.body.data).toMatchObject({
      template_type: 1,
      template_status: 1,
      template_body_content: '<p>Your reference is {booking_ref} – see you soon.</p>',
      selected_doc_types: ['atol'],
    });
    await page.context().close();
  });

  it('role 2 sees a template read-only', async () => {
    const page = await signedInPage(browser, 2);
    await page.goto(`${e2eUrl()}/templates`);
    await poll(() => page.getByRole('cell', { name: 'Travel documents', exact: true }).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('link', { name: 'New Template' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page
      .getByRole('row', { name: /Travel documents/ })
      .getByRole('link', { name: 'View' })
      .click();
    await poll(() =>
      page.getByRole('heading', { name: 'Email template: Travel documents' }).isVisible(),
    ).toBe(true);
    const body = page.getByRole('textbox', { name: 'Body' });
    await poll(() => body.textContent()).toContain('{flight_details}');
    expect(await body.getAttribute('contenteditable')).toBe('false');
    expect(await page.getByRole('button', { name: 'Bold' }).count()).toBe(0);
    expect(await page.getByLabel('Title').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: '{booking_ref}' }).isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /Travel Itinerary/ }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Update template' }).count()).toBe(0);
    await screenshot(page, 'template-edit-role2');
    await page.context().close();
  });

  it('saves the cover letter with bold text and adds a brochure', async () => {
    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/settings/brochures`);
    const letter = page.getByRole('textbox', { name: 'Cover Letter' });
    await poll(() => letter.textContent()).toContain('Thank you for asking for our brochures');
    // A new paragraph after the letter's last one: Ctrl+End puts the caret at the document's end.
    // Wait until the editor's own state (not just the DOM selection, which ProseMirror reads a moment
    // later) has the caret there before typing, or the keys can land at the start.
    const caretAtEnd = () =>
      letter.evaluate((dom) => {
        const editor = (
          dom as unknown as {
            editor?: {
              state: { selection: { empty: boolean; to: number }; doc: { content: { size: number } } };
            };
          }
        ).editor;
        if (!editor) return false;
        const { selection, doc } = editor.state;
        return selection.empty && selection.to === doc.content.size - 1;
      });
    await poll(async () => {
      await letter.click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.waitForTimeout(100);
      return caretAtEnd();
    }).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Prices from ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('£499 per person');
    await page.getByRole('button', { name: 'Save Cover Letter' }).click();
    await poll(() => page.getByText('Cover letter saved successfully.').isVisible()).toBe(true);
    const stored = await apiCall<{ data: { content: string } }>(
      await apiToken(2),
      'GET',
      '/brochures/cover-letter',
    );
    expect(stored.body.data.content).toMatch(
      /The Reservations Team<\/p><p>Prices from <strong>£499 per person<\/strong><\/p>$/,
    );

    const name = `Autumn Breaks ${Date.now()}`;
    await page.getByLabel('Brochure name').fill(name);
    await page.getByRole('button', { name: 'Add brochure' }).click();
    await poll(() => page.getByText('Brochure created successfully.').isVisible()).toBe(true);
    await poll(() => page.getByRole('cell', { name, exact: true }).isVisible()).toBe(true);
    await page.getByRole('switch', { name: `Active: ${name}` }).click({ force: true });
    await poll(() => page.getByText('Brochure deactivated.').isVisible()).toBe(true);
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await screenshot(page, 'brochures');
    await page.context().close();
  });

  it('manages a region: adds a pickup point and removes it', async () => {
    const token = await apiToken(1);
    const stamp = Date.now();
    const region = `Test Region ${stamp}`;
    const point = `Test Point ${stamp}`;
    await apiCall(token, 'POST', '/pickup/regions', { region_name: region });
    await apiCall(token, 'POST', '/pickup/', { pickup_point_name: point });

    const page = await signedInPage(browser, 1);
    await page.goto(`${e2eUrl()}/settings/points`);
    await poll(() => page.getByRole('cell', { name: point, exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'points');
    await page.goto(`${e2eUrl()}/settings/regions`);
    await poll(() => page.getByRole('cell', { name: region, exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'regions');
    await page
      .getByRole('row', { name: new RegExp(region) })
      .getByRole('link', { name: 'Edit' })
      .click();
    await poll(() => page.getByRole('heading', { name: 'Manage Region' }).isVisible()).toBe(true);
    await poll(() => page.getByText('No pickup points in this region yet').isVisible()).toBe(true);

    await page.getByRole('combobox', { name: 'Pickup point' }).fill(point);
    await page.getByRole('option', { name: point }).click();
    await page.getByRole('button', { name: 'Add point' }).click();
    await poll(() => page.getByText('Pickup point added to the region.').isVisible()).toBe(true);
    await poll(() => page.getByRole('cell', { name: point, exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'region-edit');

    await page.getByRole('button', { name: `Remove ${point}` }).click();
    await poll(() => page.getByText('Pickup point removed from the region.').isVisible()).toBe(true);
    await poll(() => page.getByText('No pickup points in this region yet').isVisible()).toBe(true);
    await page.context().close();
  });
});
