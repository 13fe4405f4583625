import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { hasNul, NUL_MESSAGE } from '../../shared/api/common';
import type { FileStore } from '../storage/files';
import { HttpError, notFound, validationError } from './errors';

/** Largest upload accepted (bytes): 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export async function installUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 100, fieldSize: 1024 * 1024 },
  });
}

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** 400 message: a multipart body cut off or not well formed. */
export const BAD_MULTIPART_MESSAGE =
  'The upload could not be read: the multipart body is incomplete or malformed.';

/**
 * Reads a multipart/form-data request into text fields and files (buffered; at most 10 MB each).
 * A field named like `tour` that holds JSON stays a string; the caller parses it.
 * Errors (never 500): not multipart → 422; a file over 10 MB → 422 on `file`; too many parts →
 * 413 (the plugin's FST_*_LIMIT errors, kept so callers can word them); a NUL character in a
 * field, a field name or a file name → 422 naming the field; a body cut off or not well formed →
 * 400 `BAD_MULTIPART_MESSAGE`.
 */
export async function readMultipart(
  req: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: Record<string, UploadedFile> }> {
  if (!req.isMultipart()) throw validationError({ request: ['Send the form as multipart/form-data.'] });
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  try {
    for await (const part of req.parts()) {
      const text = part.type === 'file' ? (part.filename ?? '') : String(part.value ?? '');
      if (hasNul(part.fieldname) || hasNul(text)) {
        throw validationError({ [part.fieldname.replaceAll('\u0000', '\\u0000')]: [NUL_MESSAGE] });
      }
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.filename && data.length > 0) {
          files[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, data };
        }
      } else {
        fields[part.fieldname] = part.value == null ? '' : String(part.value);
      }
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw validationError({
        file: [`The file is too large (at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB).`],
      });
    }
    // Too many parts: the plugin's own 413 (callers may word it by its code).
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw e;
    throw new HttpError(400, BAD_MULTIPART_MESSAGE);
  }
  return { fields, files };
}

/**
 * Reads a form that the spec sends as multipart but that callers may also send as JSON or
 * urlencoded: multipart goes through `readMultipart`; otherwise the parsed body is the fields (an
 * object body; anything else counts as empty) and there are no files.
 */
export async function readFormOrJson(
  req: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; files: Record<string, UploadedFile> }> {
  if (req.isMultipart()) return readMultipart(req);
  const body = req.body;
  const fields =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  return { fields, files: {} };
}

/** True when the bytes are a PDF (they start with '%PDF-'); the declared type is not trusted. */
export const isPdf = (data: Buffer) => data.subarray(0, 5).toString('latin1') === '%PDF-';

/** 422 on `field` unless `file` is a PDF by content. */
export function assertPdf(file: UploadedFile, field: string) {
  if (!isPdf(file.data)) throw validationError({ [field]: ['The document must be a PDF file.'] });
}

/** Validates plain fields with a zod schema, answering 422 with messages per field. */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const errors: Record<string, string[]> = {};
  for (const issue of r.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) errors[k] = [`Unknown parameter ${k}.`];
      continue;
    }
    const field = issue.path.join('.') || 'request';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  throw validationError(errors);
}

/** Streams a stored file as a download named `filename`; 404 'File not found' when it is gone. */
export async function sendStoredFile(
  reply: FastifyReply,
  files: FileStore,
  key: string | null | undefined,
  filename: string,
  contentType = 'application/octet-stream',
) {
  const opened = key ? await files.open(key) : null;
  if (!opened) throw notFound('File not found');
  return reply
    .header('content-type', contentType)
    .header('content-length', opened.size)
    .header('content-disposition', contentDisposition(filename))
    .send(opened.stream);
}

/** An attachment Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export { HttpError };
