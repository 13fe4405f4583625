import { z } from 'zod';
import type { Permission } from '../permissions';

/**
 * The one contract of the API (issue #11): every call is an `endpoint` — method, path, request
 * schemas and the answer — declared once in `src/shared/api/<area>.ts`. The server registers it
 * (`http/route.ts` `route()`: validation, the permission guard, OpenAPI, and the answer serialised
 * through `answer`, so a column not in it never leaves) and the web client calls it
 * (`web/api/client.ts` `api.call()`: path filled from `params`, types inferred from the schemas).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A file download (PDF, spreadsheet, upload): no JSON answer; the web client saves it. Its endpoint
 * names the media types it may answer in `files` (OpenAPI describes each as a binary string).
 */
export const fileAnswer = z.custom<'file'>(() => true).meta({ description: 'A file (download).' });
export type FileAnswer = typeof fileAnswer;

/** The media types of the files the API answers (`Endpoint.files`). */
export const MEDIA = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  zip: 'application/zip',
  gzip: 'application/gzip',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  /** Bytes of a type the server does not name (an upload it could not identify, a pg_dump). */
  binary: 'application/octet-stream',
} as const;
export type MediaType = (typeof MEDIA)[keyof typeof MEDIA];

/** What an uploaded document may come back as: a PDF, an image, or unidentified bytes. */
export const UPLOADED_FILE_MEDIA: readonly MediaType[] = [
  MEDIA.pdf,
  MEDIA.jpeg,
  MEDIA.png,
  MEDIA.gif,
  MEDIA.webp,
  MEDIA.binary,
];

export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Answer extends z.ZodType = z.ZodType,
> {
  method: M;
  /** Fastify-style path below /api, e.g. '/resorts/:id'. */
  path: string;
  /** One line for OpenAPI. */
  summary: string;
  /** The permission-table key a caller needs; every non-GET call names one unless `public`. */
  permission?: Permission;
  /** No token needed (login, password reset, the payment gateway's callback). */
  public?: boolean;
  /**
   * The customer's side (issue #23): the caller holds a portal token (`/api/portal/…`), never a
   * staff one; the route needs no staff permission and answers only its own booking.
   * The travel agent's side (issue #25): an agent token (`/api/agent/…`), never a staff or portal
   * one; the route answers only the signed-in agency's bookings.
   */
  realm?: 'portal' | 'agent';
  params?: Params;
  query?: Query;
  body?: Body;
  /**
   * Multipart upload: the body is read by the handler (`readMultipart`), so `body` describes
   * its text fields for the client and OpenAPI only.
   */
  multipart?: boolean;
  /** The 200 answer; `fileAnswer` for downloads. Plain schemas only (no transforms). */
  answer: Answer;
  /**
   * The media types of the file it answers: required with `fileAnswer` (`route()` refuses a file
   * endpoint without); on a JSON endpoint, the file it answers instead when asked (an export).
   */
  files?: readonly MediaType[];
}

/** Declares an endpoint, keeping its literal types for the server and the client. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** What a schema slot gives once parsed (server side); unknown when absent. */
export type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
/** What a schema slot accepts (client side). */
export type Sent<S> = S extends z.ZodType ? z.input<S> : undefined;
/** The answer of an endpoint as the client receives it (the wire side of its schema). */
export type AnswerOf<E extends Endpoint> = z.input<E['answer']>;

/** Fills ':name' segments of `path` from `params` (URI-encoded); throws on a missing one. */
export function fillPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '')
      throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(v));
  });
}

// ---- answer building blocks (plain schemas: the server serialises through them) ----

/** The spec's success envelope `{success: true, message}` plus `extra` fields. */
export const okAnswer = <S extends z.ZodRawShape = Record<never, never>>(extra?: S) =>
  z.object({ success: z.literal(true), message: z.string(), ...(extra ?? ({} as S)) });

/** `{success: true, message}`: what a plain write answers. */
export const messageAnswer = okAnswer();

/** `{success: true, message, data: {id}}`: what a create answers. */
export const createdAnswer = okAnswer({ data: z.object({ id: z.number().int() }) });

/**
 * A timestamp as answered: the handler gives the driver's Date (or ISO text); the wire carries ISO
 * text. A codec, because the server *encodes* answers (safeEncode): transforms cannot be used.
 */
export const timestampAnswer = z.codec(z.string(), z.union([z.date(), z.string()]), {
  decode: (s) => s,
  encode: (v) => (v instanceof Date ? v.toISOString() : v),
});

/** A calendar date as answered: 'YYYY-MM-DD' (the driver keeps `date` columns as text). */
export const dateAnswer = z.string();

/**
 * Money as answered: a decimal string in pounds ('1959.10'), as PostgreSQL's numeric arrives.
 * A number from a computation is sent as its text; floats are never summed (decimal.js).
 */
export const moneyAnswer = z.codec(z.string(), z.union([z.string(), z.number()]), {
  decode: (s) => s,
  encode: (v) => String(v),
});
