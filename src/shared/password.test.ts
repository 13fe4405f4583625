import { describe, expect, it } from 'vitest';
import { isCommonPassword, newPasswordSchema, PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from './password';

const messages = (password: unknown) =>
  newPasswordSchema.safeParse(password).error?.issues.map((i) => i.message) ?? [];

// ASVS 4.0 L2 §2.1.1 (at least 12 characters) and §2.1.7 (not a common or breached password).
describe('the password rule', () => {
  it('wants at least 12 characters', () => {
    expect(messages('eleven-char')).toEqual([PASSWORD_TOO_SHORT]);
    expect(PASSWORD_TOO_SHORT).toBe('The password must be at least 12 characters.');
    expect(messages('twelve-chars')).toEqual([]);
    expect(messages('x'.repeat(201))).toEqual(['The password may be at most 200 characters.']);
  });

  it('refuses a common password in any case, with its message', () => {
    for (const p of ['password1234', 'Password1234', 'QWERTYUIOP123', '123456789012', ' administrator ']) {
      expect(isCommonPassword(p)).toBe(true);
    }
    expect(messages('Password1234')).toEqual([PASSWORD_TOO_COMMON]);
    expect(PASSWORD_TOO_COMMON).toBe('This password is too common. Choose another.');
    expect(messages('harbour-view-9')).toEqual([]);
    expect(messages('demo-admin-2026')).toEqual([]);
  });
});
