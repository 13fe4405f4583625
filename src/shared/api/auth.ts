import { z } from 'zod';
import { endpoint, messageAnswer } from './contract';

/** POST /api/login (spec 1 §7): the email and password typed on the sign-in screen. */
export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, 'The email field is required.').max(254),
  password: z.string().min(1, 'The password field is required.').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The sign-in answer: the bearer token and the role (1 Admin, 2 Accountant); never a hash. */
export const loginAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  Token: z.string(),
  user_role: z.number().int(),
});

/** A member of staff as the API answers them (POST details → data); never the password or a token. */
export const staffUserAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.number().int(),
});
export type Me = z.infer<typeof staffUserAnswer>;

/** Failed sign-in (401) or too many attempts (429): the spec's envelope, documented for OpenAPI. */
export const loginFailure = z.object({ success: z.literal(false), message: z.string() });

/** Signing in and out, and the signed-in member of staff (spec 1 §7 login, details; logout beyond the spec). */
export const authApi = {
  login: endpoint({
    method: 'POST',
    path: '/login',
    summary: 'Sign in; answers a bearer token. 401 on bad credentials, 429 when throttled.',
    public: true,
    body: loginRequestSchema,
    answer: loginAnswer,
  }),
  details: endpoint({
    method: 'POST',
    path: '/details',
    summary: 'The signed-in member of staff (data.role).',
    permission: 'auth.details',
    answer: z.object({ success: z.literal(true), data: staffUserAnswer }),
  }),
  logout: endpoint({
    method: 'POST',
    path: '/logout',
    summary: 'Revokes the bearer token on the server.',
    permission: 'auth.logout',
    answer: messageAnswer,
  }),
};
