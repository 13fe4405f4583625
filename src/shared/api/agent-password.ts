import { z } from 'zod';
import { newPasswordSchema } from '../password';
import { endpoint, messageAnswer } from './contract';

// The public side of the agents' password reset, in its own file: the password rule carries the
// common-password list (a few hundred kB), which only this page and the admin-user form load.

/** POST agents/password/reset (public): the token from the link and the new password twice. */
export const agentPasswordResetInput = z
  .object({
    token: z
      .string({ error: 'The link is not complete.' })
      .trim()
      .min(1, 'The link is not complete.')
      .max(200),
    /** The shared rule (src/shared/password.ts): agents will sign in as staff do. */
    password: newPasswordSchema,
    password_confirmation: z.string({ error: 'Type the password again.' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The two passwords do not match.',
  });
export type AgentPasswordResetInput = z.input<typeof agentPasswordResetInput>;

/** The agent's side of the emailed link (spec 2 §7 'Agents'): public, the agent has no staff token. */
export const agentPasswordApi = {
  checkResetToken: endpoint({
    method: 'GET',
    path: '/agents/password/reset/:token',
    summary: 'Public: whether a reset link can be used, and the agent it is for (name, email).',
    public: true,
    params: z.object({ token: z.string().min(1).max(200) }),
    answer: z.object({ success: z.literal(true), data: z.object({ name: z.string(), email: z.string() }) }),
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/agents/password/reset',
    summary: 'Public: set the agent password from an emailed link (token, password, password_confirmation).',
    public: true,
    body: agentPasswordResetInput,
    answer: messageAnswer,
  }),
};
