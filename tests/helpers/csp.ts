import type { BrowserContext } from 'playwright-core';

// Content-Security-Policy in the browser suite (issue #21 point 3): every context a browser test
// opens reports each violation its pages see (the `securitypolicyviolation` event, which fires for
// blocked scripts, styles, images, frames and form posts alike), and every browser test fails on
// any (tests/e2e/a11y-setup.ts), so the policy cannot silently break a screen.

const violations = new Set<string>();

/** Shape of a violation as the page reports it. */
interface Violation {
  directive: string;
  blocked: string;
  page: string;
  source: string;
}

/** Listens for violations in every page of `context` (installed by `watchBrowser`). */
export async function watchCsp(context: BrowserContext) {
  await context.exposeBinding('__reportCspViolation', (_source, v: Violation) => {
    violations.add(
      `${v.directive} blocked ${v.blocked || '(inline)'} on ${v.page}${v.source ? ` (${v.source})` : ''}`,
    );
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation?: (v: unknown) => void })
        .__reportCspViolation;
      const page = new URL(e.documentURI);
      report?.({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        page: page.pathname + page.search,
        source: e.sourceFile ? `${e.sourceFile}:${e.lineNumber}` : '',
      });
    });
  });
}

/** The violations seen since the last call, as a readable list (or null), forgotten once answered. */
export function takeCspReport(): string | null {
  if (violations.size === 0) return null;
  const list = [...violations];
  violations.clear();
  return [`Content-Security-Policy: ${list.length} violation(s)`, ...list.map((v) => `- ${v}`)].join('\n');
}
