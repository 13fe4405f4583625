import { z } from 'zod';
import { optionalInt, optionalText, requiredText } from './common';
import { createdAnswer, endpoint, fileAnswer, MEDIA, messageAnswer } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { idParams } from './params';

/**
 * An airline as the form sends it (spec 3 §3 Airline; §7 POST airlines multipart: name,
 * contact_name, web_check_in_before_days, airline_content, instruction_doc_file). The PDF travels
 * as the file part `instruction_doc_file` and is checked on the server by its content.
 */
export const airlineInput = z.object({
  name: requiredText('Name', 150),
  contact_name: optionalText(150),
  web_check_in_before_days: optionalInt('Web check-in days', { min: 0, max: 365 }),
  /** Multi-line text; browsers send form text with CRLF line ends, kept as LF. */
  airline_content: optionalText(10_000).transform((v) => v?.replace(/\r\n?/g, '\n')),
});
export type AirlineInput = z.input<typeof airlineInput>;

/** The file part of the airline form. */
export const AIRLINE_DOC_FIELD = 'instruction_doc_file';

/** The multipart form of POST airlines and airlines/{id}: the fields, and the PDF beside them. */
export const airlineFormBody = airlineInput.extend({ [AIRLINE_DOC_FIELD]: z.unknown().optional() });
export type AirlineFormInput = z.input<typeof airlineFormBody>;

/** A row of the airlines table; the PDF's storage key is never sent. */
export const airlineRow = z.object({
  id: z.number().int(),
  name: z.string(),
  contact_name: z.string().nullable(),
  web_check_in_before_days: z.number().int().nullable(),
  /** Original file name of the instruction PDF, or null when there is none. */
  instruction_doc_name: z.string().nullable(),
  /** True when an instruction PDF is stored. */
  has_instruction_doc: z.boolean(),
});
export type AirlineRow = z.infer<typeof airlineRow>;

/** An airline as GET airlines/{id} answers it. */
export const airlineAnswer = airlineRow.extend({ airline_content: z.string().nullable() });
export type Airline = z.infer<typeof airlineAnswer>;

/** A row of GET airlines (the list other screens pick from). */
export const airlineOption = z.object({ id: z.number().int(), name: z.string() });
export type AirlineOption = z.infer<typeof airlineOption>;

const list = endpoint({
  method: 'GET',
  path: '/airlines',
  summary: 'All airlines by name: data [{id, name}] (for flights and extras).',
  answer: z.object({ success: z.literal(true), data: z.array(airlineOption) }),
});

/**
 * Airlines (spec 3 §2 'Flights and airlines', §3 Airline, §7 'Flights, airlines'). Writes are role
 * 1 only (spec 3 §6); create and update take multipart/form-data with the instruction PDF in
 * `instruction_doc_file` (a JSON body without the file is accepted too).
 */
export const airlinesApi = {
  list,
  /** The same as `list`, with a trailing slash. */
  listSlash: { ...list, path: '/airlines/' },
  table: endpoint({
    method: 'GET',
    path: '/airlines/table',
    summary: 'Airlines, DataTables protocol: name, contact_name, web_check_in_before_days.',
    query: dataTablesRequestSchema,
    answer: tableAnswer(airlineRow),
  }),
  get: endpoint({
    method: 'GET',
    path: '/airlines/:id',
    summary: 'One airline: data {id, name, …, instruction_doc_name}.',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: airlineAnswer }),
  }),
  document: endpoint({
    method: 'GET',
    path: '/airlines/airline-instruction/:id/download',
    summary: "The airline's instruction PDF under its original name; 404 'File not found' when none.",
    params: idParams,
    answer: fileAnswer,
    files: [MEDIA.pdf],
  }),
  create: endpoint({
    method: 'POST',
    path: '/airlines',
    summary:
      'Create an airline (multipart: name, contact_name, web_check_in_before_days, airline_content, instruction_doc_file PDF ≤ 10 MB); answers data.id.',
    permission: 'airlines.create',
    multipart: true,
    body: airlineFormBody,
    answer: createdAnswer,
  }),
  update: endpoint({
    method: 'POST',
    path: '/airlines/:id',
    summary: 'Update an airline (multipart as create); a new PDF replaces the old one.',
    permission: 'airlines.update',
    multipart: true,
    params: idParams,
    body: airlineFormBody,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/airlines/:id/delete',
    summary: 'Delete an airline and its PDF (refused while flights use it).',
    permission: 'airlines.delete',
    params: idParams,
    answer: messageAnswer,
  }),
};
