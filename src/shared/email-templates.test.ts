import { describe, expect, it } from 'vitest';
import { emailTemplateTypeLabel, suggestSlug, unknownVariables } from './email-templates';

describe('email template constants (spec 3 §3, §9)', () => {
  it("labels the types: 1 'Admin Email', 2 'System generated', otherwise '--'", () => {
    expect(emailTemplateTypeLabel(1)).toBe('Admin Email');
    expect(emailTemplateTypeLabel('2')).toBe('System generated');
    expect(emailTemplateTypeLabel(3)).toBe('--');
    expect(emailTemplateTypeLabel(null)).toBe('--');
  });

  it('suggests a slug of lower-case letters, digits, - and _ from a title', () => {
    expect(suggestSlug('Balance Reminder (7 days)')).toBe('balance-reminder-7-days');
    expect(suggestSlug('  Café & Crème – offer_2027 ')).toBe('cafe-creme-offer_2027');
    expect(suggestSlug('!!!')).toBe('');
  });

  it('finds the {placeholders} that are not content variables, once each', () => {
    expect(unknownVariables('<p>{booking_ref} {customer}</p>')).toEqual([]);
    expect(unknownVariables('{first_name} and {first_name}, {hotel}, {x1}')).toEqual(['first_name', 'x1']);
    expect(unknownVariables('braces { not a variable } and {} stay text')).toEqual([]);
  });
});
