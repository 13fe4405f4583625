import { z } from 'zod';
import { type BankDetails, bankDetailsShape, optionalPhone } from './bank';
import { optionalEmail, optionalText, requiredText } from './common';

/**
 * A supplier as the form sends it (spec 2 §3 Supplier): supplier_name is required; email, phones
 * and bank details are checked when given.
 */
export const supplierInput = z.object({
  supplier_name: requiredText('Supplier name', 150),
  contact_phone_number: optionalPhone,
  email: optionalEmail,
  mobile_number: optionalPhone,
  address: optionalText(500),
  nominal_code: optionalText(30),
  ...bankDetailsShape,
});
export type SupplierInput = z.input<typeof supplierInput>;

/** A supplier as the API answers it (GET suppliers/{id} → data). */
export interface Supplier extends BankDetails {
  id: number;
  supplier_name: string;
  contact_phone_number: string | null;
  email: string | null;
  mobile_number: string | null;
  address: string | null;
  nominal_code: string | null;
}
