import { z } from 'zod';
import { flagSchema, optionalEmail, optionalPostcode, optionalText, requiredText } from './common';

/** An affiliate as the form sends it (spec 2 §3 Affiliate; §5: name and code are required). */
export const affiliateInput = z.object({
  name: requiredText('Name', 200),
  code: requiredText('Code', 50),
  email: optionalEmail,
  phone_number: optionalText(50),
  address_line_1: optionalText(255),
  address_line_2: optionalText(255),
  town_city: optionalText(100),
  county: optionalText(100),
  postcode: optionalPostcode,
  artwork_email: optionalEmail,
  is_active: z.preprocess((v) => (v === undefined || v === null || v === '' ? true : v), flagSchema),
});
export type AffiliateInput = z.input<typeof affiliateInput>;

/** POST affiliates/{id} with `is_active` only: the list's switch (spec 2 §4, saves at once). */
export const affiliateActiveInput = z.strictObject({ is_active: flagSchema });

/** An affiliate as the API answers it. */
export interface Affiliate {
  id: number;
  name: string;
  code: string;
  email: string | null;
  phone_number: string | null;
  address_line_1: string | null;
  address_line_2: string | null;
  town_city: string | null;
  county: string | null;
  postcode: string | null;
  artwork_email: string | null;
  is_active: boolean;
}

/** Spec 2 §3 Advertise size: size_id, size_name. */
export interface AdvertiseSize {
  size_id: number;
  size_name: string;
}

/** GET affiliates/{id}: `data.affiliate` and `data.advertiseSizes`. */
export interface AffiliateAnswer {
  success: true;
  data: { affiliate: Affiliate; advertiseSizes: AdvertiseSize[] };
}
