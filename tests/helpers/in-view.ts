import type { Page } from 'playwright-core';
import { type RouteDef, routes } from '../../src/shared/routes';

// Issue #22 point 9: every list at 1366×768 keeps each row's last column (its actions) in view.
// The crawl starts from every screen of the route table without a path parameter and follows the
// first link it finds to each screen with one (a booking, a supplier, a tour group…), so a screen
// added tomorrow is visited tomorrow.

/** A table whose last column is out of view: where, which table, and why. */
export interface HiddenColumn {
  url: string;
  table: string;
  reason: string;
}

/**
 * Checks, in the page, every table with rows: the last cell of the first row must end inside the
 * viewport's width, and no ancestor of the table may scroll sideways (a container wider inside
 * than outside with overflow-x auto/scroll/hidden hides what is beyond its edge).
 */
export async function tablesOutOfView(page: Page): Promise<HiddenColumn[]> {
  const found = await page.evaluate(() => {
    const out: { table: string; reason: string }[] = [];
    const width = document.documentElement.clientWidth;
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const row = table.querySelector('tbody tr');
      if (!row || table.getClientRects().length === 0) continue;
      const cells = Array.from(row.querySelectorAll('td'));
      const last = cells.at(-1);
      if (!last || cells.length < 2) continue;
      const heading = Array.from(table.querySelectorAll('thead th')).at(-1)?.textContent?.trim() ?? '';
      const name =
        table.getAttribute('aria-label') ||
        table.closest('section')?.querySelector('h2,h3')?.textContent?.trim() ||
        `table of ${cells.length} columns`;
      const label = `${name} (last column '${heading}')`;
      const box = last.getBoundingClientRect();
      if (box.right > width + 1) {
        out.push({ table: label, reason: `ends at ${Math.round(box.right)} px, the window is ${width} px` });
        continue;
      }
      for (let el = table.parentElement; el && el !== document.body; el = el.parentElement) {
        const overflowX = getComputedStyle(el).overflowX;
        if (overflowX === 'visible' || overflowX === 'clip') continue;
        if (el.scrollWidth > el.clientWidth + 1) {
          out.push({
            table: label,
            reason: `scrolls sideways (${el.scrollWidth} px inside ${el.clientWidth} px)`,
          });
          break;
        }
      }
    }
    if (document.documentElement.scrollWidth > width + 1) {
      out.push({ table: 'the page', reason: `is ${document.documentElement.scrollWidth} px wide` });
    }
    return out;
  });
  return found.map((f) => ({ url: page.url(), ...f }));
}

/** Waits until the screen has loaded: no request for half a second and no 'Loading…' in a table. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(() => !document.body.innerText.includes('Loading…'), undefined, { timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/** Opens every collapsed section of the screen ('Show …' buttons). */
export async function openSections(page: Page) {
  const buttons = page.locator('button[aria-expanded="false"]', { hasText: /^Show / });
  for (let i = (await buttons.count()) - 1; i >= 0; i--) {
    await buttons
      .nth(i)
      .click({ timeout: 2000 })
      .catch(() => undefined);
  }
  await settle(page);
}

const toPattern = (r: RouteDef) =>
  new RegExp(`^${r.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/?#]+')}$`);

/** Screens with a path parameter, each with a pattern matching its URLs. */
export const routesWithParams = (implemented: ReadonlySet<string>) =>
  routes
    .filter((r) => implemented.has(r.name) && !r.public && r.path.includes(':'))
    .map((r) => ({ route: r, pattern: toPattern(r) }));

/** Screens without a path parameter (lists, create forms, the dashboard, settings). */
export const routesWithoutParams = (implemented: ReadonlySet<string>) =>
  routes.filter((r) => implemented.has(r.name) && !r.public && !r.path.includes(':'));

/** The paths of the links on the page (same origin), links inside tables first. */
export async function linkPaths(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const links = [
      ...Array.from(document.querySelectorAll('table a[href]')),
      ...Array.from(document.querySelectorAll('a[href]')),
    ] as HTMLAnchorElement[];
    return links.filter((a) => a.origin === location.origin).map((a) => a.pathname);
  });
}
