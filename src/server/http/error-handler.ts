import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isForeignKeyViolation, isUniqueViolation } from './db-errors';
import { HttpError } from './errors';
import { MEDIA_TYPE_MESSAGE } from './input-guards';

function addError(errors: Record<string, string[]>, field: string, message: string) {
  errors[field] = [...(errors[field] ?? []), message];
}

/**
 * Turns every error into the spec's envelope: `{success:false, message, errors?}`.
 * Validation problems answer 422 with messages per field; a user's mistake never answers 500.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const v of err.validation) {
        const params = v.params as { keys?: string[] };
        if (v.keyword === 'unrecognized_keys' && params.keys) {
          for (const k of params.keys) addError(errors, k, `Unknown parameter ${k}.`);
          continue;
        }
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'request';
        addError(errors, field, v.message ?? 'Invalid value.');
      }
      return reply.status(422).send({ success: false, message: 'The given data was invalid.', errors });
    }
    if (err instanceof HttpError) {
      return reply
        .status(err.statusCode)
        .send({ success: false, message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    // Constraint violations a service did not map itself: the user's request, not a server fault.
    if (isForeignKeyViolation(err)) {
      return reply
        .status(409)
        .send({ success: false, message: 'This record is in use and cannot be changed or deleted.' });
    }
    if (isUniqueViolation(err)) {
      return reply
        .status(422)
        .send({ success: false, message: 'A record with the same value already exists.' });
    }
    // Fastify's body parsers: words a client can act on.
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ success: false, message: MEDIA_TYPE_MESSAGE });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send({ success: false, message: 'The request body is not valid JSON.' });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ success: false, message: 'Something went wrong on the server.' });
    }
    return reply.status(status).send({ success: false, message: err.message });
  });
}
