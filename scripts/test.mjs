// `npm test`: every test (unit, API on PGlite — and on PostgreSQL when TEST_DATABASE_URL is set —
// and browser), then one closing line `N passed, N failed` (Vitest prints none of its own).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuilt } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureWebBuilt();
const out = path.join(root, '.tmp/vitest-results.json');
mkdirSync(path.dirname(out), { recursive: true });
rmSync(out, { force: true });
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const r = spawnSync(
  process.execPath,
  [
    vitest,
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
let passed = 0;
let failed = 0;
try {
  const json = JSON.parse(readFileSync(out, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0);
  if (!json.success && failed === 0) failed = 1;
} catch {
  failed = Math.max(failed, 1);
}
if (r.status !== 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || r.status !== 0 ? 1 : 0);
