import { describe, expect, it } from 'vitest';
import { duplicateReasons } from './customer-duplicates';

// Issue #22 point 11: "Warn before creating a likely duplicate (same email, or same name and postcode)".
describe('likely duplicate customers', () => {
  const harriet = {
    first_name: 'Harriet',
    last_name: 'Wickersham',
    email: 'harriet@example.co.uk',
    postcode: 'LS6 2QT',
  };

  it('the same email, in any case, is a likely duplicate', () => {
    expect(
      duplicateReasons(harriet, { first_name: 'H', last_name: 'W', email: ' Harriet@Example.CO.UK ' }),
    ).toEqual(['email']);
  });

  it('the same name and post code (case and spacing ignored) is a likely duplicate', () => {
    expect(
      duplicateReasons(harriet, {
        first_name: ' harriet',
        last_name: 'WICKERSHAM ',
        email: null,
        postcode: 'ls62qt',
      }),
    ).toEqual(['name_postcode']);
  });

  it('both at once gives both reasons', () => {
    expect(duplicateReasons(harriet, { ...harriet })).toEqual(['email', 'name_postcode']);
  });

  it('the same name elsewhere, or the same post code under another name, is not', () => {
    expect(
      duplicateReasons(harriet, { ...harriet, email: 'other@example.test', postcode: 'YO1 7HH' }),
    ).toEqual([]);
    expect(duplicateReasons(harriet, { ...harriet, email: null, first_name: 'Henry' })).toEqual([]);
  });

  it('blank emails and post codes never match', () => {
    const blank = { first_name: 'Harriet', last_name: 'Wickersham', email: '', postcode: ' ' };
    expect(duplicateReasons(blank, { ...blank })).toEqual([]);
    expect(duplicateReasons(blank, { ...blank, email: null, postcode: null })).toEqual([]);
  });
});
