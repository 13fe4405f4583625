import { z } from 'zod';
import { optionalId, optionalText, requiredText } from './common';

/**
 * A service type as the side form sends it (spec 3 §3 ServiceType: service_name, service_code).
 * An `id` (or `service_type_id`) means edit; without one the form adds (spec 3 §4).
 */
export const serviceTypeInput = z.object({
  id: optionalId,
  service_type_id: optionalId,
  service_name: requiredText('Service Name', 150),
  service_code: optionalText(50),
});
export type ServiceTypeInput = z.input<typeof serviceTypeInput>;

/** A service type as the API answers it (table rows and GET service-types/list). */
export interface ServiceType {
  id: number;
  service_type_id: number;
  service_name: string;
  service_code: string | null;
}
