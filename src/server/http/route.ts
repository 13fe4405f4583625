import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { type Endpoint, fileAnswer, type Parsed } from '../../shared/api/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a multipart body itself (uploads); JSON routes refuse multipart. */
    multipart?: boolean;
    /** Set by `route()`: the route is an endpoint of the contract, answering JSON or a file. */
    contract?: 'json' | 'file';
  }
}

/** The request a handler of endpoint `E` receives: params, query and body already parsed by its schemas. */
export type RequestOf<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

/** What a handler returns: the answer (serialised through `E.answer`), or the reply it sent itself (files). */
export type HandlerResult<E extends Endpoint> = E['answer'] extends typeof fileAnswer
  ? FastifyReply
  : z.output<E['answer']> | FastifyReply;

export interface RouteOptions {
  /** OpenAPI tags (the area). */
  tags?: string[];
  /** Left out of the OpenAPI document (still guarded). */
  hide?: boolean;
  /** Failure answers to document in OpenAPI besides the 200, e.g. `{ 401: envelope, 429: envelope }`. */
  failures?: Record<number, z.ZodType>;
  /** Extra Fastify options, e.g. a body limit or rate limit for this route. */
  extra?: Pick<RouteShorthandOptions, 'bodyLimit'> & { config?: Record<string, unknown> };
}

/** A binary body, as OpenAPI describes a file. */
const binary = z.string().meta({ format: 'binary' });

/**
 * The 200 of an endpoint: its answer schema; for a file endpoint each of its media types as a
 * binary string; for a JSON endpoint that may also answer a file (a list's export), both.
 */
function answerResponse(endpoint: Endpoint) {
  const files = endpoint.files ?? [];
  if (endpoint.answer !== fileAnswer && !files.length) return endpoint.answer;
  return {
    description: endpoint.answer === fileAnswer ? 'A file (download).' : 'JSON, or a file (export).',
    content: {
      ...(endpoint.answer === fileAnswer ? {} : { 'application/json': { schema: endpoint.answer } }),
      ...Object.fromEntries(files.map((t) => [t, { schema: binary }])),
    },
  };
}

/**
 * Registers `endpoint` (src/shared/api/<area>.ts) on `app`: its params, query and body validated
 * with its zod schemas (422 with messages per field), its permission or `public` flag given to the
 * auth guard (http/auth.ts: 401/403 before any parsing), and its 200 answer serialised through
 * `answer` — a field that is not in the answer is never sent. File answers are sent by the handler.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions,
  handler: (req: RequestOf<E>, reply: FastifyReply) => Promise<HandlerResult<E>>,
): void {
  const isFile = endpoint.answer === fileAnswer;
  if (isFile && !endpoint.files?.length) {
    throw new Error(`File endpoint ${endpoint.method} ${endpoint.path} must name its media types (files)`);
  }
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    bodyLimit: options.extra?.bodyLimit,
    config: {
      ...(options.extra?.config ?? {}),
      ...(endpoint.permission ? { permission: endpoint.permission } : {}),
      ...(endpoint.public ? { public: true } : {}),
      ...(endpoint.realm === 'portal' ? { portal: true } : {}),
      ...(endpoint.realm === 'agent' ? { agent: true } : {}),
      multipart: endpoint.multipart ?? false,
      contract: isFile ? 'file' : 'json',
    },
    schema: {
      tags: options.tags,
      summary: endpoint.summary,
      hide: options.hide,
      // A public endpoint needs no bearer token: OpenAPI shows it without the lock.
      ...(endpoint.public ? { security: [] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body && !endpoint.multipart ? { body: endpoint.body } : {}),
      response: { ...options.failures, 200: answerResponse(endpoint) },
    },
    handler: handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
