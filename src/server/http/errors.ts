/**
 * Errors a service may throw; the error handler turns each into the spec's envelope
 * (`{success:false, message, errors?}`) with its HTTP status. Anything else is a 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** 422 with per-field messages, e.g. `validationError({ email: ['Email is required'] })`. */
export function validationError(errors: Record<string, string[]>, message = 'The given data was invalid.') {
  return new HttpError(422, message, errors);
}

export const notFound = (message = 'Not found') => new HttpError(404, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);
