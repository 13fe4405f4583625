import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasNul, NUL_MESSAGE } from '../../shared/api/common';
import { HttpError, validationError } from './errors';

/** 415 message: the body types the API reads. */
export const MEDIA_TYPE_MESSAGE =
  'Send the request as JSON (application/json) or a form (application/x-www-form-urlencoded); uploads as multipart/form-data.';
/** 415 message: a multipart body sent to a call that takes JSON or a form. */
export const NOT_MULTIPART_MESSAGE =
  'This call takes JSON (application/json) or a form (application/x-www-form-urlencoded), not multipart/form-data.';
/** 422 message of a request whose shape its schema cannot even read (a null body, a string for an object, …). */
export const MALFORMED_MESSAGE = 'The request is malformed.';

const MAX_DEPTH = 20;

/** The deepest nesting of arrays and objects a JSON body may have (issue #21 point 7). */
export const MAX_JSON_DEPTH = 64;
/** 400 message: a JSON body nested deeper than `MAX_JSON_DEPTH`. */
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects).`;

/**
 * Follows the nesting of arrays and objects through JSON text given in pieces (bytes or text;
 * brackets inside strings do not count). `push` answers false once the depth passes `max`.
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  constructor(private readonly max: number) {}

  push(chunk: Buffer | string): boolean {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    // UTF-8 never uses bytes below 0x80 inside a multi-byte character, so ASCII can be read byte by byte.
    for (const c of bytes) {
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 0x5c) this.escaped = true;
        else if (c === 0x22) this.inString = false;
      } else if (c === 0x22) this.inString = true;
      else if (c === 0x7b || c === 0x5b) {
        this.depth++;
        if (this.depth > this.max) return false;
      } else if (c === 0x7d || c === 0x5d) this.depth--;
    }
    return true;
  }
}

/** True when the JSON text nests arrays and objects deeper than `max`. */
export const jsonDepthExceeds = (text: string, max: number) => !new JsonDepthScanner(max).push(text);

/** The field path (`a.b.0.c`) of the first NUL character in a parsed value (keys included), or null. */
export function findNul(value: unknown, at = '', depth = 0): string | null {
  if (typeof value === 'string') return hasNul(value) ? at || 'request' : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return null;
  for (const [key, v] of Object.entries(value)) {
    const field = at ? `${at}.${key}` : key;
    if (hasNul(key)) return field.replaceAll('\u0000', '\\u0000');
    const found = findNul(v, field, depth + 1);
    if (found) return found;
  }
  return null;
}

const isMultipart = (req: FastifyRequest) =>
  /^multipart\//i.test(String(req.headers['content-type'] ?? '').trimStart());

/** True when a route takes a multipart body: flagged `multipart`, or (older routes) it declares no JSON body. */
function takesMultipart(req: FastifyRequest): boolean {
  const flag = (req.routeOptions.config as { multipart?: boolean } | undefined)?.multipart;
  if (flag !== undefined) return flag;
  return req.routeOptions.schema?.body === undefined;
}

/**
 * The input rules every route gets, before its own validation (issue #11: bad input is 4xx, never
 * 500). They run after the auth guard (`onRequest`), so 401/403 still come first.
 * - Body types: JSON, urlencoded forms (@fastify/formbody) and multipart (@fastify/multipart) only;
 *   text/plain and anything else answers 415 `MEDIA_TYPE_MESSAGE` (the error handler words it).
 * - A multipart body on a route that takes JSON or a form (it declares a body schema, or is
 *   flagged `multipart: false`) answers 415 `NOT_MULTIPART_MESSAGE`.
 * - The NUL character (U+0000), which PostgreSQL cannot store, in any path segment, query value,
 *   body field or key answers 422 naming the field; multipart fields are checked in `readMultipart`.
 * - A JSON body nested deeper than `MAX_JSON_DEPTH` answers 400 `TOO_DEEP_MESSAGE` before it is
 *   parsed, whichever parser its route uses (urlencoded bodies and queries are limited to depth 3 by qs).
 */
export function installInputGuards(app: FastifyInstance) {
  app.removeContentTypeParser('text/plain');
  // Every JSON body passes the depth check while it streams in, before any parser (a scope's own
  // parser, such as the gateway callback's, included) or handler sees it.
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (!/json/i.test(String(req.headers['content-type'] ?? ''))) return payload;
    const scanner = new JsonDepthScanner(MAX_JSON_DEPTH);
    return payload.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          if (scanner.push(chunk)) callback(null, chunk);
          else callback(new HttpError(400, TOO_DEEP_MESSAGE));
        },
      }),
    );
  });
  app.addHook('preValidation', async (req) => {
    if (isMultipart(req) && !takesMultipart(req)) throw new HttpError(415, NOT_MULTIPART_MESSAGE);
    for (const part of [req.params, req.query, isMultipart(req) ? undefined : req.body]) {
      const field = findNul(part);
      if (field) throw validationError({ [field]: [NUL_MESSAGE] });
    }
  });
}

// A schema that refuses everything, to report a malformed request in the validation envelope.
const refuseMalformed = validatorCompiler({
  schema: z.custom(() => false, { error: MALFORMED_MESSAGE }),
  method: 'POST',
  url: '',
  httpPart: 'body',
});

/**
 * The zod validator compiler (fastify-type-provider-zod), but a schema that throws on input it
 * cannot read (a preprocess given null or a string where it expects an object) answers 422
 * `MALFORMED_MESSAGE` instead of 500 (a schema is a pure function of the request, so its throw is
 * the request's shape).
 */
export const safeValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    try {
      return validate(data);
    } catch {
      return refuseMalformed(data);
    }
  };
};
