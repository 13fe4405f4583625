import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration (DESIGN.md §6)', () => {
  it('defaults to port 3000, ./data and demo data on the embedded database', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.seedDemo).toBe(true);
  });

  it('loads demo data on a PostgreSQL server only when SEED=demo', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', SEED: 'demo' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED: 'none' }).seedDemo).toBe(false);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', SEED: 'lots' })).toThrow(/PORT[\s\S]*SEED|SEED[\s\S]*PORT/);
  });
});
