import { describe, expect, it } from 'vitest';
import { permissions } from '../../shared/permissions';
import { keys } from './query-keys';

describe('query keys', () => {
  it('every area of the permission table has its keys, rooted at its own name', () => {
    const areas = new Set(Object.keys(permissions).map((k) => k.split('.')[0]));
    for (const area of areas) expect(keys[area as keyof typeof keys].all).toEqual([area]);
  });

  it('read-only areas have keys too, and one record sits under its area', () => {
    expect(keys.dashboard.all).toEqual(['dashboard']);
    expect(keys.health.all).toEqual(['health']);
    expect(keys.resorts.one(7)).toEqual(['resorts', 'one', 7]);
    expect(keys.customers.sub(3, 'notes').slice(0, 1)).toEqual(keys.customers.all);
  });
});
