import { z } from 'zod';
import { addDays } from '../dates';
import { flagSchema, idSchema, optionalText, plainString } from './common';
import { endpoint, fileAnswer, MEDIA, okAnswer } from './contract';
import { idParams } from './params';

/**
 * Group documents (spec 3 §2 Tour group 'Documents', §7 Groups, §9): the flight manifests
 * (outbound, return — air tours only) and the rooming list of a tour group, as a spreadsheet
 * (xlsx), a PDF, or a stored PDF fetched afterwards for printing; and 'Email travel docs to
 * customer' for the selected bookings of the group, run as a background job (GET /api/jobs/{id}).
 */

/** The group documents of spec 3 §2, in screen order. `airOnly`: offered for air tours only. */
export const GROUP_DOCUMENTS = [
  { code: 'flight-outbound', label: 'Flight Manifest Outbound', airOnly: true },
  { code: 'flight-return', label: 'Flight Manifest Return', airOnly: true },
  { code: 'rooming', label: 'Rooming List', airOnly: false },
] as const;
export type GroupDocumentCode = (typeof GROUP_DOCUMENTS)[number]['code'];
export const GROUP_DOCUMENT_CODES = GROUP_DOCUMENTS.map((d) => d.code) as [
  GroupDocumentCode,
  ...GroupDocumentCode[],
];

/** The label of a group document ('Rooming List'). */
export const groupDocumentLabel = (code: GroupDocumentCode) =>
  GROUP_DOCUMENTS.find((d) => d.code === code)?.label ?? code;

/** Refusal of a flight manifest for a tour that is not an air tour (422 on `document`). */
export const MANIFEST_AIR_ONLY = 'Flight manifests are only available for air tours.';
/** Spec 3 §8 (file downloads): a stored document that is gone. */
export const GROUP_FILE_NOT_FOUND = 'File not found';
/** Spec 3 §8 confirmation before 'Email travel docs to customer', word for word. */
export const EMAIL_TRAVEL_DOCS_CONFIRM = 'Are you sure you want to send email to customer?';
/** The job kind of 'Email travel docs to customer' (src/server/jobs/queue.ts). */
export const GROUP_TRAVEL_DOCUMENTS_JOB = 'group-travel-documents';

const dmy = (ymd: string) => `${ymd.slice(8, 10)}-${ymd.slice(5, 7)}-${ymd.slice(0, 4)}`;

/**
 * The last day a group's documents cover (spec 3 §9: 'Group document names default to a length
 * of 7 days after the start (duration minus 1)'): the start date plus (duration − 1) days, the
 * duration being the group's own, else its tour's; with neither, 7 days after the start (the
 * legacy's fixed length, an 8-day tour).
 */
export function groupDocumentEndDate(startDate: string, duration: number | null | undefined): string {
  const days = duration && duration > 0 ? duration - 1 : 7;
  return addDays(startDate, days);
}

/**
 * The Document Name the modal proposes (spec 3 §2, §9): the document's label and the dates it
 * covers, e.g. 'Rooming List 12-04-2027 to 19-04-2027' (dashes, so it is also a file name).
 */
export function defaultGroupDocumentName(
  code: GroupDocumentCode,
  startDate: string,
  duration: number | null | undefined,
): string {
  return `${groupDocumentLabel(code)} ${dmy(startDate)} to ${dmy(groupDocumentEndDate(startDate, duration))}`;
}

/**
 * The file name of a document name: runs of white space become one space, characters no file
 * system takes (/ \ : * ? " < > | and control characters) '-'; at most 120 characters; '' when
 * nothing is left (the caller then uses the default name).
 */
export function groupDocumentFileName(name: string): string {
  return (
    name
      .replace(/\s+/g, ' ')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[/\\:*?"<>|\u0000-\u001f\u007f]/g, '-')
      .trim()
      .replace(/^\.+/, '')
      .slice(0, 120)
      .trim()
  );
}

/** POST tours/groups/{id}/documents (and …/pdf, …/pdf/print): which document, and how. */
export const groupDocumentInput = z.object({
  document: z.enum(GROUP_DOCUMENT_CODES, { error: 'Please choose a document.' }),
  /** 'Exclude cancellations?': when true no cancelled booking is listed. */
  excludeCancellations: z.preprocess((v) => (v === undefined || v === '' ? false : v), flagSchema),
  /** The Document Name from the modal; blank → the default name (spec 3 §9). */
  name: optionalText(150),
});
export type GroupDocumentInput = z.input<typeof groupDocumentInput>;

/** A stored group document's name as the print variant answers it: 32 hex digits and '.pdf'. */
export const GROUP_DOCUMENT_FILE = /^[0-9a-f]{32}\.pdf$/;

/** POST tours/groups/{id}/documents/email-travel-document: the bookings chosen on the group screen. */
export const groupTravelDocumentsInput = z.object({
  booking_ids: z
    .array(idSchema, { error: 'Please select at least one booking.' })
    .min(1, 'Please select at least one booking.')
    .max(2000, 'Select at most 2000 bookings at a time.'),
});

/** One booking in the result of the travel documents job. */
export const travelDocumentsOutcome = z.object({
  booking_id: z.number().int(),
  booking_ref: z.string(),
  /** Sent: the address; skipped: why (cancelled, another group, no email, a refused document…). */
  to: z.string().optional(),
  reason: z.string().optional(),
});
/** The result of the 'group-travel-documents' job (the job's `result`, GET /api/jobs/{id}). */
export const travelDocumentsResult = z.object({
  message: z.string(),
  sent: z.array(travelDocumentsOutcome),
  skipped: z.array(travelDocumentsOutcome),
});
export type TravelDocumentsResult = z.infer<typeof travelDocumentsResult>;

/** Group documents (spec 3 §7 Groups). */
export const groupDocumentsApi = {
  spreadsheet: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/documents',
    summary:
      "A group document as a spreadsheet (xlsx): document flight-outbound | flight-return (air tours only) | rooming, excludeCancellations, name (file name; default from the group's dates).",
    permission: 'groups.documents',
    params: idParams,
    body: groupDocumentInput,
    answer: fileAnswer,
    files: [MEDIA.xlsx],
  }),
  pdf: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/documents/pdf',
    summary: 'A group document as an A4 landscape PDF (same body as the spreadsheet).',
    permission: 'groups.documents',
    params: idParams,
    body: groupDocumentInput,
    answer: fileAnswer,
    files: [MEDIA.pdf],
  }),
  print: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/documents/pdf/print',
    summary:
      'The print variant: the PDF is stored and answered as `file`, then fetched from tours/groups/document/{file}/download.',
    permission: 'groups.documents',
    params: idParams,
    body: groupDocumentInput,
    answer: okAnswer({ file: z.string(), name: z.string() }),
  }),
  download: endpoint({
    method: 'GET',
    path: '/tours/groups/document/:file/download',
    summary:
      "A stored group document (from the print variant), shown inline; `name` (optional) names it. 404 'File not found'.",
    params: z.object({ file: plainString().max(100) }),
    query: z.object({ name: optionalText(150) }),
    answer: fileAnswer,
    files: [MEDIA.pdf],
  }),
  emailTravelDocuments: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/documents/email-travel-document',
    summary:
      "'Email travel docs to customer' for the selected bookings (type=email_customer): starts a background job; answers job_id (GET /api/jobs/{id}).",
    permission: 'groups.emailTravelDocuments',
    params: idParams,
    query: z.object({ type: z.enum(['email_customer'], { error: 'Unknown type.' }) }),
    body: groupTravelDocumentsInput,
    answer: okAnswer({ job_id: z.number().int() }),
  }),
};
