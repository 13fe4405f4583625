import { dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';

/**
 * The one rule for a password a person chooses (OWASP ASVS 4.0 L2 §2.1.1, §2.1.7): staff users
 * (admin users' form, ADMIN_PASSWORD) and agents (the emailed reset link). Signing in does not
 * apply it, so a password set under an earlier rule still works until it is changed.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_TOO_SHORT = `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
export const PASSWORD_TOO_LONG = `The password may be at most ${PASSWORD_MAX_LENGTH} characters.`;
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose another.';

// zxcvbn-ts's list of common passwords (from breach corpora, lower case, ~49,000); only those long
// enough to pass the length rule can matter, a few hundred.
const COMMON_PASSWORDS = new Set(
  dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN_LENGTH),
);

/** True when `password` (any case, spaces around ignored) is on the common-password list. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

/**
 * A new password: a string of PASSWORD_MIN_LENGTH..PASSWORD_MAX_LENGTH characters that is not a
 * common one. The messages name the field's problem ('The password must be at least 12
 * characters.', 'This password is too common. Choose another.'); both the forms and the server use it.
 */
export const newPasswordSchema = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG)
  .refine((p) => !isCommonPassword(p), PASSWORD_TOO_COMMON);
