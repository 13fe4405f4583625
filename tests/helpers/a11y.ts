import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { watchCsp } from './csp';

// Accessibility of every screen a browser test visits (issue #11 point 10). `launchBrowser` hands
// every browser to `watchBrowser`, so each page of each context is checked with axe-core:
// before every screenshot (open modals and drawers included), before the page leaves its screen
// through goto/reload/close, and at the end of each test (tests/e2e/a11y-setup.ts). A screen whose
// URL and DOM have not changed since its last check is not checked again; running transitions are
// waited out first. Serious and critical violations are collected and fail the test they were
// found in, listed by `takeA11yReport`. No rule is disabled.

/** Impacts that fail a test; minor and moderate ones are left to review. */
const FAILING = new Set(['serious', 'critical']);

type Finding = {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  url: string;
  /** The element's opening HTML and axe's reason (e.g. the contrast ratio), shortened. */
  detail: string;
};

const shorten = (text: string, max: number) => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
};

const findings = new Map<string, Finding>();
const openPages = new Set<Page>();
const checked = new WeakMap<Page, string>();
const queues = new WeakMap<Page, Promise<void>>();

/** Counts DOM changes in each document, so an unchanged screen is not checked twice. */
function countMutations() {
  const w = window as unknown as { __a11yState: number };
  w.__a11yState = 0;
  new MutationObserver(() => {
    w.__a11yState += 1;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** Instruments a browser: every context it opens (and every page of those) is checked. */
export function watchBrowser(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  // Browser.newPage opens its context through this method too.
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    await watchContext(context);
    return context;
  };
  return browser;
}

async function watchContext(context: BrowserContext) {
  await context.addInitScript(countMutations);
  await watchCsp(context);
  context.on('page', watchPage);
  for (const page of context.pages()) watchPage(page);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    watchPage(page);
    return page;
  };
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext['close']>) => {
    await Promise.all(context.pages().map((p) => checkPage(p)));
    return close(...args);
  };
}

function watchPage(page: Page) {
  if (openPages.has(page) || page.isClosed()) return;
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  // Check the screen as the test leaves it, and as each screenshot shows it.
  for (const name of ['goto', 'reload', 'close', 'screenshot'] as const) {
    const original = page[name] as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      await checkPage(page);
      return original.apply(page, args);
    };
  }
}

/**
 * Waits (at most 1 s) for running finite animations, such as a modal fading in, to end, so colours
 * are judged as they finally show, not mid-transition.
 */
const settle = (page: Page) =>
  page.evaluate(async () => {
    // Two frames first: a transition set up on mount starts on the next frame.
    for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
    const running = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    const done = Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([done, new Promise((r) => setTimeout(r, 1000))]);
  });

/** The DOM-change count of the page's document, or null while it is between documents. */
const domState = (page: Page) =>
  page.evaluate(() => (window as unknown as { __a11yState?: number }).__a11yState ?? -1).catch(() => null);

/**
 * Runs axe-core on the page's main document as it is now (skipped when the URL and DOM are as
 * at its last check, or the page shows no app screen) and records serious/critical violations.
 * Never throws: a page closing or navigating meanwhile simply goes unchecked this time.
 */
export function checkPage(page: Page): Promise<void> {
  const run = (queues.get(page) ?? Promise.resolve()).then(() => analyze(page));
  queues.set(page, run);
  return run;
}

/** axe-core on the page's main document (all rules, or only `rule`), violations only. */
function runAxe(page: Page, rule?: string) {
  const builder = new AxeBuilder({ page })
    .setLegacyMode() // axe.run in the page itself: no helper page opened in the test's context
    .options({ iframes: false, resultTypes: ['violations'] });
  if (rule) builder.withRules(rule);
  return builder.analyze();
}

async function analyze(page: Page) {
  if (page.isClosed()) return;
  const url = page.url();
  if (!/^https?:/.test(url)) return;
  // The OpenAPI pages are Swagger UI's own page (a developer's tool), not a screen of the office.
  if (new URL(url).pathname.startsWith('/api/docs')) return;
  const state = await domState(page);
  if (state === null || checked.get(page) === `${url} ${state}`) return;
  try {
    const isHtml = await page.evaluate(() => document.contentType === 'text/html');
    if (!isHtml) return;
    await settle(page);
    const results = await runAxe(page);
    let violations = results.violations.filter((v) => v.impact && FAILING.has(v.impact));
    if (violations.some((v) => v.id === 'color-contrast')) {
      // Colours caught mid-fade (a notification coming or going) are not what the screen shows:
      // the rule is asked again a moment later, and only what it still finds counts.
      await page.waitForTimeout(500);
      await settle(page);
      const again = await runAxe(page, 'color-contrast');
      violations = [
        ...violations.filter((v) => v.id !== 'color-contrast'),
        ...again.violations.filter((v) => v.impact && FAILING.has(v.impact)),
      ];
    }
    checked.set(page, `${page.url()} ${await domState(page)}`);
    const at = new URL(results.url || url);
    const where = at.pathname + at.search;
    for (const v of violations) {
      for (const node of v.nodes) {
        const targets = node.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t)));
        const key = `${v.id}|${where}|${targets.join(',')}`;
        if (findings.has(key)) continue;
        const reason = (node.failureSummary ?? '').split('\n').slice(1).join(' ');
        const detail = `${shorten(node.html, 120)} ${shorten(reason, 200)}`;
        findings.set(key, {
          rule: v.id,
          impact: String(v.impact),
          help: v.help,
          targets,
          url: where,
          detail,
        });
      }
    }
  } catch (error) {
    if (page.isClosed()) return;
    const message = error instanceof Error ? error.message : String(error);
    // A navigation during the run destroys the document it was reading: nothing to report.
    if (/context was destroyed|navigation|Target .* closed/i.test(message)) return;
    console.warn(`axe could not check ${url}: ${message}`);
  }
}

/**
 * Checks every open page once more, then answers the violations found since the last call as a
 * readable list (rule, impact, help, URL, selectors) — or null when there were none — and forgets them.
 */
export async function takeA11yReport(): Promise<string | null> {
  await Promise.all([...openPages].map((p) => checkPage(p)));
  if (findings.size === 0) return null;
  const list = [...findings.values()];
  findings.clear();
  const byRule = new Map<string, Finding[]>();
  for (const f of list) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f]);
  const lines = [`axe-core: ${list.length} serious or critical accessibility violation(s)`];
  for (const [rule, fs] of byRule) {
    lines.push(`- ${rule} (${fs[0].impact}): ${fs[0].help}`);
    for (const f of fs) lines.push(`    ${f.url}  ${f.targets.join(' | ')}\n      ${f.detail}`);
  }
  return lines.join('\n');
}
