import {
  defaultGroupDocumentName,
  GROUP_DOCUMENT_FILE,
  GROUP_FILE_NOT_FOUND,
  type GroupDocumentCode,
  groupDocumentFileName,
  MANIFEST_AIR_ONLY,
} from '../../shared/api/group-documents';
import type { Db } from '../db/client';
import { notFound, validationError } from '../http/errors';
import type { FileStore } from '../storage/files';
import { GROUP_DOCUMENTS_AREA } from '../storage/retention';
import { loadGroupFlights, loadGroupHeader, loadManifestPassengers, loadRoomingLines } from './group/data';
import { type GroupDocumentModel, manifestModel, roomingModel } from './group/model';
import { groupDocumentDefinition } from './group/pdf-layout';
import { writeGroupXlsx } from './group/xlsx';
import { loadCompanySettings } from './letterhead';
import { renderPdf } from './pdf';

/**
 * Group documents (spec 3 §2 Tour group 'Documents', §7 Groups): the flight manifests outbound and
 * return (air tours only) and the rooming list of a tour group, as a spreadsheet (xlsx) or a
 * landscape A4 PDF, made from the live bookings. 'Exclude cancellations?' leaves every cancelled
 * booking out. The print variant stores the PDF (FileStore area 'group-documents') and the browser
 * fetches it by its file name.
 */

export interface GroupDocumentRequest {
  document: GroupDocumentCode;
  excludeCancellations: boolean;
  /** The Document Name typed in the modal; blank → the default (spec 3 §9). */
  name?: string;
}

export interface RenderedGroupDocument {
  /** 'Rooming List 12-04-2027 to 19-04-2027.xlsx' */
  filename: string;
  contentType: string;
  data: Buffer;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const STORE_AREA = GROUP_DOCUMENTS_AREA;

/**
 * The document's content, read from the live group. 404 'Group not found.'; 422 on `document`
 * (MANIFEST_AIR_ONLY) when a flight manifest is asked of a tour that is not an air tour.
 */
export async function loadGroupDocument(
  db: Db,
  groupId: number,
  req: GroupDocumentRequest,
): Promise<{ model: GroupDocumentModel; baseName: string }> {
  const g = await loadGroupHeader(db, groupId);
  if (!g) throw notFound('Group not found.');
  const manifest = req.document === 'flight-outbound' || req.document === 'flight-return';
  if (manifest && g.tour_type !== 'air')
    throw validationError({ document: [MANIFEST_AIR_ONLY] }, MANIFEST_AIR_ONLY);
  const model = manifest
    ? manifestModel(
        g,
        req.document === 'flight-outbound' ? 'outbound' : 'inbound',
        await loadGroupFlights(db, groupId),
        await loadManifestPassengers(db, groupId, req.excludeCancellations),
        req.excludeCancellations,
      )
    : roomingModel(
        g,
        await loadRoomingLines(db, groupId, req.excludeCancellations),
        req.excludeCancellations,
      );
  const baseName =
    groupDocumentFileName(req.name ?? '') || defaultGroupDocumentName(req.document, g.start_date, g.duration);
  return { model, baseName };
}

/** The document as an xlsx workbook (exceljs streaming writer). Errors as `loadGroupDocument`. */
export async function renderGroupSpreadsheet(
  db: Db,
  groupId: number,
  req: GroupDocumentRequest,
): Promise<RenderedGroupDocument> {
  const { model, baseName } = await loadGroupDocument(db, groupId, req);
  return { filename: `${baseName}.xlsx`, contentType: XLSX_TYPE, data: await writeGroupXlsx(model) };
}

/** The document as a landscape A4 PDF on the operator's letterhead. Errors as `loadGroupDocument`. */
export async function renderGroupPdf(
  db: Db,
  groupId: number,
  req: GroupDocumentRequest,
): Promise<RenderedGroupDocument> {
  const [{ model, baseName }, company] = await Promise.all([
    loadGroupDocument(db, groupId, req),
    loadCompanySettings(db),
  ]);
  const data = await renderPdf(groupDocumentDefinition(model, company));
  return { filename: `${baseName}.pdf`, contentType: 'application/pdf', data };
}

/**
 * The print variant: renders the PDF and stores it; answers its file name (32 hex digits + '.pdf',
 * what `groupDocumentKey` takes back) and the document's name.
 */
export async function storeGroupPdf(
  db: Db,
  files: FileStore,
  groupId: number,
  req: GroupDocumentRequest,
): Promise<{ file: string; name: string }> {
  const doc = await renderGroupPdf(db, groupId, req);
  const key = await files.save(STORE_AREA, doc.data, 'pdf');
  return { file: key.slice(STORE_AREA.length + 1), name: doc.filename };
}

/**
 * The FileStore key of a stored group document's file name. Anything but the name `storeGroupPdf`
 * answers (no path, no traversal) → 404 'File not found' (spec 3 §8).
 */
export function groupDocumentKey(file: string): string {
  if (!GROUP_DOCUMENT_FILE.test(file)) throw notFound(GROUP_FILE_NOT_FOUND);
  return `${STORE_AREA}/${file}`;
}
