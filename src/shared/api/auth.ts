import { z } from 'zod';

/** POST /api/login (spec 1 §7). */
export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, 'The email field is required.').max(254),
  password: z.string().min(1, 'The password field is required.').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  Token: z.string(),
  user_role: z.number().int(),
});

/** POST /api/details: the signed-in member of staff. */
export const detailsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.number(), name: z.string(), email: z.string(), role: z.number() }),
});
