import { describe, expect, it } from 'vitest';
import { idSchema, intSchema, optionalId } from './common';

// Ids and whole numbers come as a number or numeric text only (issue #11: a boolean or an array
// must not coerce to 1 or 0 and link record 1).
describe('idSchema and intSchema', () => {
  it('take numbers and numeric text', () => {
    expect(idSchema.parse(5)).toBe(5);
    expect(idSchema.parse('12')).toBe(12);
    expect(intSchema('Rooms').parse('3')).toBe(3);
  });

  it('refuse booleans, arrays, objects and null with the field message', () => {
    for (const bad of [true, false, [], [1], {}, null]) {
      expect(idSchema.safeParse(bad).error?.issues[0].message).toBe('Must be a number.');
      expect(intSchema('Rooms').safeParse(bad).error?.issues[0].message).toBe('Rooms must be a number.');
    }
  });

  it('keep their range and whole-number messages', () => {
    expect(idSchema.safeParse('abc').error?.issues[0].message).toBe('Must be a number.');
    expect(idSchema.safeParse('1.5').error?.issues[0].message).toBe('Must be a whole number.');
    expect(idSchema.safeParse(0).error?.issues[0].message).toBe('Must be a positive id.');
    expect(idSchema.safeParse(2 ** 31).error?.issues[0].message).toBe('Id out of range.');
    expect(optionalId.parse('')).toBeUndefined();
    expect(optionalId.parse(null)).toBeUndefined();
  });
});
