import { describe, expect, it } from 'vitest';
import {
  flagSchema,
  idOrText,
  idSchema,
  intSchema,
  NUL_MESSAGE,
  optionalText,
  requiredId,
  requiredText,
} from '../../shared/api/common';
import { findNul, jsonDepthExceeds, MAX_JSON_DEPTH } from './input-guards';

// The input rules behind "bad input is 4xx, never 500" (issue #11 point 3); the generated API
// checks are in tests/api/safety.test.ts.
describe('shared input rules', () => {
  it('refuses the NUL character in text', () => {
    expect(optionalText(50).safeParse('a\u0000b').error?.issues[0].message).toBe(NUL_MESSAGE);
    expect(requiredText('Name').safeParse('a\u0000').success).toBe(false);
    expect(optionalText(50).safeParse(' fine ').data).toBe('fine');
  });

  it('accepts only the known yes/no words as a flag', () => {
    for (const v of [true, 1, '1', 'true', 'TRUE', 'yes', 'on']) expect(flagSchema.parse(v)).toBe(true);
    for (const v of [false, 0, '0', 'false', 'no', 'off', ' Off ']) expect(flagSchema.parse(v)).toBe(false);
    for (const v of ['abc', '', 2, null, undefined, {}, []]) {
      expect(flagSchema.safeParse(v).error?.issues[0].message).toBe('Must be yes or no.');
    }
  });

  it('refuses ids and whole numbers out of range, 1e309, NaN and Infinity', () => {
    for (const v of ['2147483648', '99999999999999999999', '1e309', 'NaN', Infinity, 0, -1, '1.5']) {
      expect(idSchema.safeParse(v).success).toBe(false);
    }
    expect(idSchema.parse('2147483647')).toBe(2147483647);
    expect(intSchema('Rooms').safeParse('9223372036854775808').success).toBe(false);
  });

  it('takes an id or a name where a filter takes either, refusing an id out of range', () => {
    expect(idOrText(100).parse('42')).toBe('42');
    expect(idOrText(100).parse('Smith')).toBe('Smith');
    expect(idOrText(100).parse('')).toBeUndefined();
    expect(idOrText(100).safeParse('99999999999999999999').error?.issues[0].message).toBe('Id out of range.');
  });
});

describe('findNul', () => {
  it('names the first field holding a NUL character, keys included', () => {
    expect(findNul({ a: 'x', b: { c: ['ok', 'n\u0000'] } })).toBe('b.c.1');
    expect(findNul({ 'k\u0000': 'x' })).toBe('k\\u0000');
    expect(findNul('\u0000')).toBe('request');
    expect(findNul({ a: 1, b: null, c: ['x'] })).toBeNull();
  });
});

describe('JSON depth', () => {
  const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  it('allows 64 levels of arrays and objects and refuses 65 or 10,000', () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds(`{"a":${nested(10_000)}}`, MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds('{"a":{"b":[1,{"c":2}]}}', 4)).toBe(false);
    expect(jsonDepthExceeds('{"a":{"b":[1,{"c":2}]}}', 3)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonDepthExceeds(JSON.stringify({ a: '[[[[[[{{{{{{' }), 1)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ a: 'say "[[[[" ok' }), 1)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ a: '\\', b: [[[]]] }), 2)).toBe(true);
  });
});

describe('a required id (issue #21 point 2)', () => {
  const rule = requiredId('Please choose a customer.');
  it('answers its message when absent, blank or null, and reads numbers and numeric text', () => {
    for (const v of [undefined, '', null]) {
      expect(rule.safeParse(v).error?.issues[0].message).toBe('Please choose a customer.');
    }
    expect(rule.parse(3)).toBe(3);
    expect(rule.parse('4')).toBe(4);
    expect(rule.safeParse('x').error?.issues[0].message).toBe('Must be a number.');
    expect(rule.safeParse(0).success).toBe(false);
  });
});
