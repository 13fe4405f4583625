import { describe, expect, it } from 'vitest';
import { personalPattern } from './erase';

// The terms an erasure rubs out of free text (history comments, audit changes, bank payers):
// whole words, case-insensitive in the query, regex characters escaped, longest first.
describe('personalPattern', () => {
  it('matches whole words, longest first, leaving out short and blank terms', () => {
    expect(personalPattern(['Jo', 'Jane', 'Jane Smith', null, '  ', 'Erased'])).toBe(
      '(\\yJane Smith\\y|\\yJane\\y)',
    );
    expect(personalPattern([null, 'Al'])).toBeNull();
  });
  it('escapes regex characters and drops the word boundary beside a non-word character', () => {
    expect(personalPattern(['+44 7700 900123'])).toBe('(\\+44 7700 900123\\y)');
    expect(personalPattern(["o'brien.j@example.test"])).toBe("(\\yo'brien\\.j@example\\.test\\y)");
    const re = new RegExp((personalPattern(['Smith (Mrs)']) as string).replace(/\\y/g, '\\b'), 'i');
    expect(re.test('Called Smith (Mrs) today')).toBe(true);
    expect(re.test('Called Smithson')).toBe(false);
  });
});
