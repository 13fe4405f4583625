import { z } from 'zod';
import { type BankDetails, bankDetailsShape, requiredPhone } from './bank';
import { optionalText, requiredText } from './common';

/**
 * A tour manager as the form sends it (spec 2 §3 Tour manager; §5: first name, last name, email,
 * mobile number and telephone number are required).
 */
export const tourManagerInput = z.object({
  firstname: requiredText('First name', 100),
  lastname: requiredText('Last name', 100),
  email: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string()
      .trim()
      .toLowerCase()
      .min(1, 'Email is required.')
      .pipe(z.email('Enter a valid email address.').max(254)),
  ),
  mobile_number: requiredPhone('Mobile number'),
  telephone_number: requiredPhone('Telephone number'),
  address: optionalText(500),
  ...bankDetailsShape,
});
export type TourManagerInput = z.input<typeof tourManagerInput>;

/** A tour manager as the API answers it (GET tour-managers/{id}/manager → data). */
export interface TourManager extends BankDetails {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  mobile_number: string;
  telephone_number: string;
  address: string | null;
}
