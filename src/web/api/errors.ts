/**
 * How the web client reads a failure (DESIGN.md §4): the API's envelope, its message and field
 * errors, and `ApiError`, which every failed call throws. `client.ts` re-exports what screens use.
 */

/** Field errors as the API sends them: `{field: [messages]}`. */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly errors: FieldErrors;
  /** The parsed answer, when there was one. */
  readonly body: unknown;

  constructor(message: string, status: number, errors: FieldErrors = {}, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  /** The first message of each field (spec 1 §5: only the first message of each item is shown). */
  get fieldErrors(): Record<string, string> {
    return firstErrors(this.errors);
  }
}

export function firstErrors(errors: FieldErrors | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (first) out[field] = String(first);
  }
  return out;
}

/** The envelope of an answer: `success`/`status` and the message under any of its spellings. */
export type Envelope = {
  success?: boolean;
  status?: boolean | string;
  message?: string;
  errors?: FieldErrors;
  error?: string;
  Error?: string;
};

export const asEnvelope = (body: unknown): Envelope =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Envelope) : {};

export const messageOf = (env: Envelope): string | undefined =>
  env.message || env.error || env.Error || undefined;

/** The message of a failure the server did not explain, by its HTTP status. */
export function fallbackMessage(status: number): string {
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 403) return 'You do not have permission to do that.';
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return `The server had a problem (${status}). Please try again.`;
  return `The request failed (${status}).`;
}
