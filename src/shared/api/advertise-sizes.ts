import { z } from 'zod';
import { optionalId, requiredText } from './common';

/**
 * An advertise size as the side form sends it (spec 3 §3 AdvertiseSize: size_name). An `id` (or
 * `size_id`) means edit; without one the form adds (spec 3 §4).
 */
export const advertiseSizeInput = z.object({
  id: optionalId,
  size_id: optionalId,
  size_name: requiredText('Advertise Size', 100),
});
export type AdvertiseSizeInput = z.input<typeof advertiseSizeInput>;

/** An advertise size as the API answers it. */
export interface AdvertiseSize {
  id: number;
  size_id: number;
  size_name: string;
}
