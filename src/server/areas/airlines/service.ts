import path from 'node:path';
import { AIRLINE_DOC_FIELD } from '../../../shared/api/airlines';
import type { Db } from '../../db/client';
import { HttpError, notFound, validationError } from '../../http/errors';
import { assertPdf, type UploadedFile } from '../../http/uploads';
import type { FileStore } from '../../storage/files';
import {
  type AirlineDoc,
  type AirlineValues,
  deleteAirlineRow,
  insertAirline,
  updateAirlineRow,
} from './queries';

/** File store area of airline instruction PDFs ('airlines/…'). */
const AREA = 'airlines';

/** The name a browser gave the file, without any folder part ('C:\fakepath\x.pdf' → 'x.pdf'). */
export function originalName(filename: string): string {
  const base = path.win32.basename(path.posix.basename(filename)).trim();
  return (base || 'airline-instructions.pdf').slice(0, 200);
}

/** A too-large upload is reported on the document field, not on a generic 'file'. */
export function onDocField(e: unknown): never {
  if (e instanceof HttpError && e.statusCode === 422 && e.errors?.file) {
    throw validationError({ [AIRLINE_DOC_FIELD]: e.errors.file });
  }
  throw e;
}

/** Checks the upload is a PDF by content (422 otherwise) and stores it; null when none was sent. */
async function storeDoc(files: FileStore, file: UploadedFile | undefined): Promise<AirlineDoc | null> {
  if (!file) return null;
  assertPdf(file, AIRLINE_DOC_FIELD);
  return { name: originalName(file.filename), key: await files.save(AREA, file.data, 'pdf') };
}

/** Creates an airline with an optional instruction PDF (spec 3 §7 POST airlines). */
export async function createAirline(
  db: Db,
  files: FileStore,
  values: AirlineValues,
  file: UploadedFile | undefined,
): Promise<number> {
  const doc = await storeDoc(files, file);
  try {
    return await insertAirline(db, values, doc);
  } catch (e) {
    if (doc) await files.remove(doc.key);
    throw e;
  }
}

/**
 * Updates an airline (spec 3 §7 POST airlines/{id}); a new PDF replaces the old one, whose file is
 * removed once the row points at the new one.
 */
export async function updateAirline(
  db: Db,
  files: FileStore,
  id: number,
  values: AirlineValues,
  file: UploadedFile | undefined,
): Promise<void> {
  const doc = await storeDoc(files, file);
  let result: Awaited<ReturnType<typeof updateAirlineRow>>;
  try {
    result = await updateAirlineRow(db, id, values, doc);
  } catch (e) {
    if (doc) await files.remove(doc.key);
    throw e;
  }
  if (!result) {
    if (doc) await files.remove(doc.key);
    throw notFound('Airline not found.');
  }
  if (doc && result.oldKey && result.oldKey !== doc.key) await files.remove(result.oldKey);
}

/** Deletes an airline and its PDF; refused while flights use it (spec 3 §7 POST airlines/{id}/delete). */
export async function deleteAirline(db: Db, files: FileStore, id: number): Promise<void> {
  const { key } = await deleteAirlineRow(db, id);
  if (key) await files.remove(key);
}
