import { afterEach } from 'vitest';
import { takeA11yReport } from '../helpers/a11y';

// Every browser test ends with the accessibility check of the screens it visited
// (tests/helpers/a11y.ts): a serious or critical axe-core violation fails the test.
afterEach(async () => {
  const report = await takeA11yReport();
  if (report) throw new Error(report);
});
