import { notifications } from '@mantine/notifications';
import { clearSession, getToken } from './session';

/**
 * The one fetch client of the web app (DESIGN.md §4). Base '/api'; the stored token goes out as a
 * Bearer value; JSON in and out. A 401 (except on the login call itself) clears the session and
 * goes to /login. Every failure — HTTP error, an answer with `success: false` / `status: false`, or
 * no answer at all — is thrown as an `ApiError` carrying the server's message and field errors.
 */

const BASE = '/api';

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

/** What the app does on a 401; main.tsx points it at the router. */
let onUnauthorized: () => void = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

/** Serialises a flat query; keys may carry brackets (`order[0][dir]`). null/undefined are left out. */
export function toQueryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

type Envelope = {
  success?: boolean;
  status?: boolean | string;
  message?: string;
  errors?: FieldErrors;
  error?: string;
  Error?: string;
};

const asEnvelope = (body: unknown): Envelope =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Envelope) : {};

const messageOf = (env: Envelope): string | undefined => env.message || env.error || env.Error || undefined;

function fallbackMessage(status: number): string {
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 403) return 'You do not have permission to do that.';
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return `The server had a problem (${status}). Please try again.`;
  return `The request failed (${status}).`;
}

interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

async function request<T>(path: string, { method, query, body, signal }: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(`${BASE}${path}${toQueryString(query)}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError('Could not reach the server. Check your connection and try again.', 0);
  }

  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const env = asEnvelope(parsed);

  if (res.status === 401 && path !== '/login') {
    clearSession();
    onUnauthorized();
  }
  if (!res.ok) {
    throw new ApiError(messageOf(env) ?? fallbackMessage(res.status), res.status, env.errors ?? {}, parsed);
  }
  if (env.success === false || env.status === false) {
    throw new ApiError(
      messageOf(env) ?? 'The request was not successful.',
      res.status,
      env.errors ?? {},
      parsed,
    );
  }
  return parsed as T;
}

export const api = {
  /** GET `path` with a flat query (bracketed keys allowed). */
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    request<T>(path, { method: 'GET', query, signal }),
  /** POST `path` with an optional JSON body. */
  post: <T>(path: string, body?: unknown, signal?: AbortSignal) =>
    request<T>(path, { method: 'POST', body, signal }),
  /** PUT `path` with a JSON body. */
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body }),
  /** POST multipart/form-data (uploads); `fields` values that are objects go as JSON text. */
  upload: <T>(path: string, fields: Record<string, unknown>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined || value === null) continue;
      if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : key);
      else if (typeof value === 'object') form.append(key, JSON.stringify(value));
      else form.append(key, String(value));
    }
    return request<T>(path, { method: 'POST', body: form });
  },
  /**
   * Fetches a file and saves it in the browser under the server's Content-Disposition name (or
   * `fallbackName`). A non-200 answer is read as the envelope and thrown as an ApiError
   * (spec 3 §8: the notice shows message, else error).
   */
  download: async (
    path: string,
    {
      method = 'GET',
      body,
      query,
      fallbackName = 'download',
    }: {
      method?: 'GET' | 'POST';
      body?: unknown;
      query?: Query;
      fallbackName?: string;
    } = {},
  ): Promise<string> => {
    const headers: Record<string, string> = {};
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(`${BASE}${path}${toQueryString(query)}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError('Could not reach the server. Check your connection and try again.', 0);
    }
    if (!res.ok) {
      let env: Envelope = {};
      try {
        env = asEnvelope(JSON.parse(await res.text()));
      } catch {
        // not JSON
      }
      if (res.status === 401) {
        clearSession();
        onUnauthorized();
      }
      throw new ApiError(messageOf(env) ?? fallbackMessage(res.status), res.status, env.errors ?? {});
    }
    const blob = await res.blob();
    const name = filenameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName;
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    return name;
  },
};

/** The file name of a Content-Disposition header (filename* first), or null. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : null;
}

/**
 * Spec 1 §8's generic rule: a success answer shows its message as a green notification; a failure
 * (`success`/`status` false, `errors`, or a thrown `ApiError`) shows its message as a red one.
 * Returns true for success. Form pages also set `firstErrors(err.errors)` on their fields.
 */
export function notifyFromEnvelope(result: unknown): boolean {
  if (result instanceof ApiError) {
    notifications.show({ color: 'red', title: 'Error', message: result.message });
    return false;
  }
  if (result instanceof Error) {
    notifications.show({ color: 'red', title: 'Error', message: result.message });
    return false;
  }
  const env = asEnvelope(result);
  const failed =
    env.success === false || env.status === false || Object.keys(env.errors ?? {}).length > 0 || !!env.error;
  const message = messageOf(env);
  if (failed) {
    notifications.show({ color: 'red', title: 'Error', message: message ?? 'Something went wrong.' });
    return false;
  }
  if (message) notifications.show({ color: 'green', message });
  return true;
}
