import { z } from 'zod';
import { endpoint } from './contract';

/** A country as GET countries answers it. UK is id 220. */
export const countryAnswer = z.object({ id: z.number().int(), name: z.string(), iso_code: z.string() });
export type Country = z.infer<typeof countryAnswer>;

/** Shared reference lists many screens read (spec 3 §7 'GET countries'). */
export const referenceApi = {
  countries: endpoint({
    method: 'GET',
    path: '/countries',
    summary: 'All countries by name: data [{id, name, iso_code}]. UK is id 220.',
    answer: z.object({ success: z.literal(true), data: z.array(countryAnswer) }),
  }),
};
