import { defineConfig } from 'vitest/config';

// Three projects: unit (pure rules, beside their code), api (HTTP through app.inject on PGlite and,
// with TEST_DATABASE_URL, PostgreSQL) and e2e (Chromium against a real server). Files run one at a
// time within api/e2e to keep the 2-core machine calm.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/a11y-setup.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // expect.poll waits up to 10 s by default (vitest's 1 s is too short for a screen that
          // loads its data on a busy 2-core machine); a poll that passes returns at once.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
