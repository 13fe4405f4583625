import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer, fileTypeStream } from 'file-type';
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

/** What a stored file's bytes were detected as (file-type's answer), or undefined when unknown. */
export type DetectedType = { ext: string; mime: string } | undefined;

/** The type of uploaded bytes by their content (file-type); the declared type and name are not trusted. */
export const detectFileType = (data: Uint8Array): Promise<DetectedType> => fileTypeFromBuffer(data);

/** Image types the product accepts as uploads (booking documents, advert artwork). */
export const UPLOAD_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

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

/**
 * Types a browser would run as a page or script (HTML, SVG, XML, JavaScript): a stored file is never
 * sent as one of them, whatever its bytes say — the product stores none.
 */
const ACTIVE_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'application/xml',
  'text/xml',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
]);

/** Other spellings of a detected extension that a name may keep ('photo.jpeg' for 'jpg'). */
const SAME_EXTENSIONS: Record<string, string[]> = { jpg: ['jpeg', 'jpe'], tif: ['tiff'] };

/**
 * The name and Content-Type a stored file is downloaded with, by the type its bytes were detected
 * as — never by the name or type its uploader gave (issue: 'Safe on the open internet', point 6).
 * A detected type: its MIME type, and the name with that type's extension ('poly.svg' holding GIF
 * bytes → 'poly.gif'; a name already ending in it, or in another spelling of it, is kept).
 * Undetected bytes, or a type a browser would run (HTML, SVG, XML, JS): application/octet-stream
 * and the extension '.bin' ('x.html' → 'x.bin'). A blank name reads 'file'.
 */
export function downloadOf(
  filename: string,
  detected: DetectedType,
): { filename: string; contentType: string } {
  const match = /^(.*)\.([A-Za-z0-9]{1,10})$/.exec(filename);
  const base = (match ? match[1] : filename) || 'file';
  const given = match?.[2].toLowerCase();
  if (!detected || ACTIVE_TYPES.has(detected.mime.toLowerCase()))
    return { filename: `${base}.bin`, contentType: 'application/octet-stream' };
  const ext = detected.ext.toLowerCase();
  const keeps = given === ext || (given !== undefined && SAME_EXTENSIONS[ext]?.includes(given));
  return { filename: keeps ? filename : `${base}.${ext}`, contentType: detected.mime };
}

/**
 * Streams a stored file as a download (`disposition` 'inline' for the browser's own viewer): its
 * type detected from its first bytes (file-type, while streaming: nothing is read twice), and the
 * name and Content-Type from `downloadOf(filename, type)`. 404 'File not found' when it is gone.
 * Every download of a stored file goes through here, so none keeps a lying name or type.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  files: FileStore,
  key: string | null | undefined,
  filename: string,
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  const opened = key ? await files.open(key) : null;
  if (!opened) throw notFound('File not found');
  const typed = await fileTypeStream(Readable.toWeb(opened.stream));
  const download = downloadOf(filename, typed.fileType);
  const header = contentDisposition(download.filename);
  return reply
    .header('content-type', download.contentType)
    .header('content-length', opened.size)
    .header(
      'content-disposition',
      disposition === 'inline' ? header.replace(/^attachment/, 'inline') : header,
    )
    .send(Readable.fromWeb(typed as WebReadableStream<Uint8Array>));
}

/** An attachment Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export { HttpError };
