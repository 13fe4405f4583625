import { afterEach } from 'vitest';
import { takeA11yReport } from '../helpers/a11y';
import { takeCspReport } from '../helpers/csp';

// Every browser test ends with the accessibility check of the screens it visited
// (tests/helpers/a11y.ts): a serious or critical axe-core violation fails the test, and so does any
// Content-Security-Policy violation a page reported (tests/helpers/csp.ts).
afterEach(async () => {
  const report = [await takeA11yReport(), takeCspReport()].filter(Boolean).join('\n');
  if (report) throw new Error(report);
});
