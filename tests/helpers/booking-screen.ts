import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BookingDetail, BookingDetailAnswer } from '../../src/shared/api/booking-edit';
import { apiCall } from './e2e';

// What the booking edit screen's browser tests share: the booking as the API answers it, a
// collapsible card opened as a person would, and a figure of the Accounts blocks.

/** GET bookings/{id} as `token`: the booking (fails the test on any other answer than 200). */
export async function loadBooking(token: string, id: number): Promise<BookingDetail> {
  const r = await apiCall<BookingDetailAnswer>(token, 'GET', `/bookings/${id}`);
  expect(r.status).toBe(200);
  return r.body.data.booking[0];
}

/** Opens a collapsed card of the screen (no-op when already open), waiting out its animation. */
export async function openCard(page: Page, title: string): Promise<Locator> {
  const wait = { timeout: 20_000 };
  const card = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
  await card.getByRole('button', { name: new RegExp(`^(Show|Hide) ${title}$`) }).waitFor(wait);
  const show = card.getByRole('button', { name: `Show ${title}` });
  if (await show.isVisible()) {
    await show.click();
    await card.getByRole('button', { name: `Hide ${title}` }).waitFor(wait);
    // Mantine's Collapse animates its height; a dropdown opened meanwhile is positioned off it.
    await page.waitForTimeout(500);
  }
  return card;
}

/**
 * The text of a figure in an Accounts block (`block`: 'Accounts' or 'Agent accounts') labelled
 * `label` exactly, or starting with it when `prefix` (commission labels carry the percent).
 */
export const figure = (page: Page, block: string, label: string, { prefix = false } = {}) =>
  page
    .locator(`[aria-label="${block}"] [data-figure${prefix ? '^' : ''}="${label}"] [data-value]`)
    .first()
    .innerText();
