import { z } from 'zod';
import { blankToUndefined, optionalText } from './common';

/**
 * Bank details and phone numbers shared by suppliers and tour managers (spec 2 §3 Supplier, Tour
 * manager: iban_number, bic_swift_number, account_number, sort_code, bank_name). Every bank field
 * is optional; when given it must be well-formed.
 */

/** True when an IBAN (compact, upper case) passes the ISO 13616 mod-97 check. */
export function ibanChecksumOk(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** IBAN: spaces ignored, answered compact in upper case, e.g. 'GB29NWBK60161331926819'. */
export const optionalIban = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v),
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, {
        message: 'Enter a valid IBAN, e.g. GB29 NWBK 6016 1331 9268 19.',
        abort: true,
      })
      .refine(ibanChecksumOk, 'This IBAN is not valid (check digits do not match).')
      .optional(),
  ),
);

/** BIC/SWIFT: 8 or 11 characters, answered in upper case, e.g. 'NWBKGB2L'. */
export const optionalBic = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v),
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(
        /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/,
        'Enter a valid BIC/SWIFT code (8 or 11 characters).',
      )
      .optional(),
  ),
);

/** UK account number: 8 digits. */
export const optionalAccountNumber = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : typeof v === 'number' ? String(v) : v),
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{8}$/, 'The account number must be 8 digits.')
      .optional(),
  ),
);

/** UK sort code: 6 digits with or without dashes or spaces, answered as '12-34-56'. */
export const optionalSortCode = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{2}[-\s]?\d{2}[-\s]?\d{2}$/, 'The sort code must be 6 digits, e.g. 12-34-56.')
      .transform((s) => {
        const d = s.replace(/\D/g, '');
        return `${d.slice(0, 2)}-${d.slice(2, 4)}-${d.slice(4)}`;
      })
      .optional(),
  ),
);

const PHONE = /^\+?[0-9][0-9\s()-]{5,24}$/;
const phoneMessage = 'Enter a valid phone number (digits, spaces, +, - and brackets).';

/** A phone number, optional: digits with spaces, brackets, dashes and a leading +. */
export const optionalPhone = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v),
  z.preprocess(blankToUndefined, z.string().regex(PHONE, phoneMessage).optional()),
);

/** A required phone number; `label` names the field as the form labels it. */
export const requiredPhone = (label: string) =>
  z.preprocess(
    (v) =>
      v === null || v === undefined
        ? ''
        : typeof v === 'number'
          ? String(v)
          : typeof v === 'string'
            ? v.trim()
            : v,
    z
      .string({ error: `${label} is required.` })
      .min(1, { message: `${label} is required.`, abort: true })
      .regex(PHONE, phoneMessage),
  );

/** The five bank fields, to spread into an entity's input schema. */
export const bankDetailsShape = {
  iban_number: optionalIban,
  bic_swift_number: optionalBic,
  account_number: optionalAccountNumber,
  sort_code: optionalSortCode,
  bank_name: optionalText(120),
};

/** Bank details as the API answers them, to spread into an entity's answer schema. */
export const bankDetailsAnswerShape = {
  iban_number: z.string().nullable(),
  bic_swift_number: z.string().nullable(),
  account_number: z.string().nullable(),
  sort_code: z.string().nullable(),
  bank_name: z.string().nullable(),
};
