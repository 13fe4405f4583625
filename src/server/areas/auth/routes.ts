import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailsResponseSchema, loginRequestSchema, loginResponseSchema } from '../../../shared/api/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { login, logout } from './service';

const failure = z.object({ success: z.literal(false), message: z.string() });

/** Sign-in, the current user and sign-out (spec 1 §7 login, details; logout beyond the spec). */
export const authRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        summary: 'Sign in; answers a bearer token. 401 on bad credentials, 429 when throttled.',
        tags: ['auth'],
        security: [],
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 401: failure, 429: failure },
      },
    },
    async (req) => {
      const { token, user } = await login(db, config, { ...req.body, ip: req.ip });
      return {
        success: true as const,
        message: 'Logged in successfully.',
        Token: token,
        user_role: user.role,
      };
    },
  );

  app.post(
    '/details',
    {
      config: { permission: 'auth.details' },
      schema: {
        summary: 'The signed-in member of staff (data.role).',
        tags: ['auth'],
        response: { 200: detailsResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: req.user }),
  );

  app.post(
    '/logout',
    {
      config: { permission: 'auth.logout' },
      schema: { summary: 'Revokes the bearer token on the server.', tags: ['auth'] },
    },
    async (req) => {
      await logout(db, req.token);
      return { success: true, message: 'Logged out.' };
    },
  );
};
