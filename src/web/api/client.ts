import qs from 'qs';
import type { z } from 'zod';
import {
  type AnswerOf,
  type Endpoint,
  type FileAnswer,
  fileAnswer,
  fillPath,
  type Sent,
} from '../../shared/api/contract';
import { endAgentSession, getAgentToken } from './agent-session';
import { ApiError, asEnvelope, type Envelope, fallbackMessage, messageOf } from './errors';
import { endPortalSession, getPortalToken } from './portal-session';
import { endSession, getToken } from './session';

export { ApiError, type FieldErrors, firstErrors } from './errors';

/**
 * The one fetch client of the web app (DESIGN.md §4). Base '/api'; the stored token goes out as a
 * Bearer value; JSON in and out. A 401 (except on the login call itself) ends the session — keeping
 * the server's reason (idle, expired, signed out) for the login screen — and goes to /login.
 * Two token realms (`realmOf`): the customer's "Manage my booking" calls carry the portal token
 * (`portal-session.ts`), and a 401 there ends only the portal session and goes to its sign-in page;
 * the portal's public calls carry no token at all; the travel agent's calls (issue #25) carry the
 * agent token (`agent-session.ts`) the same way, a 401 there going to the agent's sign-in page, and
 * its public calls (sign-in, forgot password) none; every other call carries the staff token. Every
 * failure — HTTP error, an answer with `success: false` / `status: false`, or no answer at all — is
 * thrown as an `ApiError` carrying the server's message and field errors.
 */

const BASE = '/api';

/** What the app does on a 401; main.tsx points it at the router. */
let onUnauthorized: () => void = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** The customer's sign-in page, where a refused portal session goes. */
const PORTAL_SIGN_IN = '/my-booking/sign-in';

/** What the app does on a 401 of a portal call; main.tsx points it at the router. */
let onPortalUnauthorized: () => void = () => {
  if (window.location.pathname !== PORTAL_SIGN_IN) window.location.assign(PORTAL_SIGN_IN);
};

/** Sets what a refused portal session does (forget the portal's cached data, go to its sign-in page). */
export function setPortalUnauthorizedHandler(handler: () => void): void {
  onPortalUnauthorized = handler;
}

/** The agent's sign-in page, where a refused agent session goes. */
const AGENT_SIGN_IN = '/agent/sign-in';

/** What the app does on a 401 of an agent call; main.tsx points it at the router. */
let onAgentUnauthorized: () => void = () => {
  if (window.location.pathname !== AGENT_SIGN_IN) window.location.assign(AGENT_SIGN_IN);
};

/** Sets what a refused agent session does (forget the agency's cached data, go to its sign-in page). */
export function setAgentUnauthorizedHandler(handler: () => void): void {
  onAgentUnauthorized = handler;
}

/**
 * Which token a call carries: 'portal' for the customer's booking calls (`realm: 'portal'`),
 * 'none' for the portal's public calls (link, code, sign-in, the operator's contacts — a staff
 * token must not ride along to the customer's side) and the agent's public calls under '/agent/'
 * (sign-in, forgot password), 'agent' for the travel agent's calls (`realm: 'agent'`), 'staff' for
 * everything else (the staff app's public calls included, as before).
 */
export type Realm = 'staff' | 'portal' | 'agent' | 'none';

/** The realm of an endpoint (see `Realm`). */
export function realmOf(endpoint: Pick<Endpoint, 'realm' | 'public' | 'path'>): Realm {
  if (endpoint.realm === 'portal') return 'portal';
  if (endpoint.realm === 'agent') return 'agent';
  if (endpoint.public && (endpoint.path.startsWith('/portal/') || endpoint.path.startsWith('/agent/')))
    return 'none';
  return 'staff';
}

const TOKENS: Record<Realm, () => string | null> = {
  staff: getToken,
  portal: getPortalToken,
  agent: getAgentToken,
  none: () => null,
};
const tokenOf = (realm: Realm): string | null => TOKENS[realm]();

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

/**
 * Serialises a query: flat keys may carry brackets (`order[0][dir]`), nested objects and arrays
 * are written in the same bracket form (qs, as the server parses it). null/undefined are left out.
 */
export function toQueryString(query: object | undefined): string {
  const text = qs.stringify(query ?? {}, { skipNulls: true, arrayFormat: 'indices', encodeValuesOnly: true });
  return text ? `?${text}` : '';
}

/**
 * Ends the session after a 401. The server's message says why a token was refused; a request sent
 * without a token learns nothing new (`endSession` keeps any earlier reason).
 */
function sessionRefused(sentToken: string | null, env: Envelope): void {
  endSession(sentToken ? (messageOf(env) ?? fallbackMessage(401)) : undefined);
  onUnauthorized();
}

/**
 * A 401 in `realm`: the staff realm ends the staff session (not for the login call itself); the
 * portal realm ends only the portal session, keeping the server's message ('' when it gave none or
 * no token was sent: the sign-in page says the session ended); a public portal call (a wrong code,
 * an old link) ends nothing — its message is the answer. The agent realm is the portal's twin: it
 * ends only the agent session and goes to the agent's sign-in page.
 */
function refused(realm: Realm, path: string, sentToken: string | null, env: Envelope): void {
  if (realm === 'staff' && path !== '/login') sessionRefused(sentToken, env);
  if (realm === 'portal') {
    endPortalSession((sentToken && messageOf(env)) || '');
    onPortalUnauthorized();
  }
  if (realm === 'agent') {
    endAgentSession((sentToken && messageOf(env)) || '');
    onAgentUnauthorized();
  }
}

interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: object;
  body?: unknown;
  signal?: AbortSignal;
  /** Let the request outlive the page (a 'screen left' flag sent on pagehide). */
  keepalive?: boolean;
  /** Which token goes out (default the staff one). */
  realm?: Realm;
}

async function request<T>(
  path: string,
  { method, query, body, signal, keepalive, realm = 'staff' }: RequestOptions,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = tokenOf(realm);
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
      keepalive,
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

  if (res.status === 401) refused(realm, path, token, env);
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

/** Builds a multipart body: Blobs as files, objects as JSON text, null/undefined left out. */
function toFormData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : key);
    else if (Array.isArray(value) && value.every((v) => v instanceof Blob)) {
      for (const file of value) form.append(key, file, file instanceof File ? file.name : key);
    } else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  }
  return form;
}

/** The arguments of `api.call(endpoint, …)`: params when the path has any, query, body. */
export type CallArgs<E extends Endpoint> = {
  query?: Sent<E['query']>;
  body?: E['multipart'] extends true ? Record<string, unknown> : Sent<E['body']>;
  signal?: AbortSignal;
  /** Let the request outlive the page (sent on pagehide). */
  keepalive?: boolean;
  /** Downloads only: the name to save under when the server sends none. */
  fallbackName?: string;
  /**
   * Downloads only: called with the answer's headers as soon as they arrive, before the body —
   * a streamed report names the job that reports its progress (X-Report-Job).
   */
  onHeaders?: (headers: Headers) => void;
} & (E['params'] extends z.ZodType ? { params: Sent<E['params']> } : { params?: undefined });

/** What `api.call` resolves to: the typed answer, or the saved file's name for a download. */
export type CallResult<E extends Endpoint> = E['answer'] extends FileAnswer ? string : AnswerOf<E>;

type CallRest<E extends Endpoint> = E['params'] extends z.ZodType
  ? [args: CallArgs<E>]
  : [args?: CallArgs<E>];

/**
 * Calls an endpoint of the contract (src/shared/api/<area>.ts): the path is filled from `params`,
 * the query and body are typed by its request schemas and the answer by its answer schema. A
 * multipart endpoint sends `body` as form data; a file endpoint saves the file (see `download`).
 */
async function call<E extends Endpoint>(endpoint: E, ...[args]: CallRest<E>): Promise<CallResult<E>> {
  const a = (args ?? {}) as CallArgs<Endpoint> & { params?: Record<string, unknown> };
  const path = fillPath(endpoint.path, a.params);
  if (endpoint.answer === fileAnswer) {
    const name = await download(path, {
      method: endpoint.method === 'GET' ? 'GET' : 'POST',
      body: a.body,
      query: a.query as Query | undefined,
      fallbackName: a.fallbackName,
      onHeaders: a.onHeaders,
      realm: realmOf(endpoint),
    });
    return name as CallResult<E>;
  }
  const body = endpoint.multipart && a.body ? toFormData(a.body as Record<string, unknown>) : a.body;
  return request<CallResult<E>>(path, {
    method: endpoint.method,
    query: a.query as object,
    body,
    signal: a.signal,
    keepalive: a.keepalive,
    realm: realmOf(endpoint),
  });
}

/**
 * `api.call` for the kit's generic components (ServerTable, DeleteAction, the entity pages), which
 * hold an endpoint of any shape: the same call, typed loosely; `A` is the answer they expect.
 */
export const callEndpoint = call as <A = unknown>(
  endpoint: Endpoint,
  args?: { params?: Record<string, unknown>; query?: object; body?: unknown; signal?: AbortSignal },
) => Promise<A>;

interface FileRequest {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Query;
  fallbackName?: string;
  onHeaders?: (headers: Headers) => void;
  /** Which token goes out (default the staff one). */
  realm?: Realm;
}

/**
 * Fetches a file and saves it in the browser under the server's Content-Disposition name (or
 * `fallbackName`). A non-200 answer is read as the envelope and thrown as an ApiError
 * (spec 3 §8: the notice shows message, else error).
 */
async function download(path: string, opts: FileRequest = {}): Promise<string> {
  const { blob, name } = await fetchFile(path, opts);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

/** Fetches a file: its bytes and its Content-Disposition name (or `fallbackName`); failures as in `download`. */
async function fetchFile(
  path: string,
  { method = 'GET', body, query, fallbackName = 'download', onHeaders, realm = 'staff' }: FileRequest,
): Promise<{ blob: Blob; name: string }> {
  const headers: Record<string, string> = {};
  const token = tokenOf(realm);
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
    if (res.status === 401) refused(realm, path, token, env);
    throw new ApiError(messageOf(env) ?? fallbackMessage(res.status), res.status, env.errors ?? {});
  }
  onHeaders?.(res.headers);
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch {
    // The server cut a streamed file off (its job says why).
    throw new ApiError('The download was interrupted before the file was complete.', 0);
  }
  const name = filenameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName;
  return { blob, name };
}

/**
 * A file endpoint's bytes without saving them (e.g. to open a PDF in the browser's viewer for
 * printing): the Blob and the server's file name. Failures throw an ApiError as `api.call` does.
 */
async function file<E extends Endpoint & { answer: FileAnswer }>(
  endpoint: E,
  ...[args]: CallRest<E>
): Promise<{ blob: Blob; name: string }> {
  const a = (args ?? {}) as CallArgs<Endpoint> & { params?: Record<string, unknown> };
  return fetchFile(fillPath(endpoint.path, a.params), {
    method: endpoint.method === 'GET' ? 'GET' : 'POST',
    body: a.body,
    query: a.query as Query | undefined,
    fallbackName: a.fallbackName,
    realm: realmOf(endpoint),
  });
}

/**
 * The one API client of the web app. `api.call(endpoint, {params, query, body})` is the only way
 * to reach the server: every path, request and answer comes from the contract in src/shared/api,
 * so a screen cannot call a path that does not exist or read a field that is not answered.
 * `api.file(endpoint, …)` fetches a file endpoint's Blob instead of saving it (printing).
 */
export const api = { call, file };

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
