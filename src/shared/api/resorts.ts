import { z } from 'zod';
import { optionalId, optionalText, requiredText } from './common';

/** A resort as the form sends it (spec 3 §3 Resort: resort_name, location, country). */
export const resortInput = z.object({
  resort_name: requiredText('Resort name', 150),
  location: optionalText(200),
  country_id: optionalId,
});
export type ResortInput = z.input<typeof resortInput>;

/** A resort as the API answers it. */
export interface Resort {
  id: number;
  resort_name: string;
  location: string | null;
  country_id: number | null;
  country_name: string | null;
}
