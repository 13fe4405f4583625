import { describe, expect, it } from 'vitest';
import { greetingLine, salutationName } from './greeting';

describe('greeting rule (issue #22 point 3)', () => {
  it('greets a person by title and surname', () => {
    expect(greetingLine({ title: 'Mrs', first_name: 'Harriet', last_name: 'Wickersham' })).toBe(
      'Dear Mrs Wickersham,',
    );
    expect(salutationName({ title: 'Dr.', first_name: 'Ann', last_name: "O'Brien" })).toBe("Dr O'Brien");
  });
  it('falls back to first name and surname without a title', () => {
    expect(salutationName({ title: '  ', first_name: 'Harriet', last_name: 'Wickersham' })).toBe(
      'Harriet Wickersham',
    );
    expect(salutationName({ first_name: 'Harriet' })).toBe('Harriet');
    expect(salutationName({ last_name: 'Wickersham' })).toBe('Wickersham');
  });
  it('uses the whole name when no parts are known, else Customer', () => {
    expect(salutationName({ name: 'Sunshine  Travel Ltd' })).toBe('Sunshine Travel Ltd');
    expect(salutationName({ title: 'Mr', name: 'J Smith' })).toBe('J Smith');
    expect(greetingLine({})).toBe('Dear Customer,');
  });
});
