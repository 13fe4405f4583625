import { z } from 'zod';
import { endpoint } from './contract';

/** GET /api/health (public, left out of OpenAPI): the server is up, and the environment's name. */
export const healthApi = {
  get: endpoint({
    method: 'GET',
    path: '/health',
    summary: "The server is up: {status: 'ok', app_env} (spec 1 §1: a test-mode banner outside production).",
    public: true,
    answer: z.object({ status: z.literal('ok'), app_env: z.string() }),
  }),
};
