import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { watchBrowser } from './a11y';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Debian's Chromium, headless, with the flags this machine's closed network needs. Every page it
 * opens is checked with axe-core (tests/helpers/a11y.ts).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return watchBrowser(browser);
}

/** Saves a full-page screenshot under screenshots/ (git-ignored) for a person to look at. */
export async function screenshot(page: Page, name: string) {
  const dir = path.join(root, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * A full-page screenshot taken from the top with nothing focused, so the sticky header is not
 * stitched mid-page and no focus ring or open tooltip shows. Blurring closes open dropdowns: take
 * it between steps, not while a menu is meant to be open.
 */
export async function screenshotFromTop(page: Page, name: string) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(300);
  await screenshot(page, name);
}
