import { z } from 'zod';
import { optionalInt, optionalText, requiredText } from './common';

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

/** An airline as the API answers it (GET airlines/{id}). */
export interface Airline {
  id: number;
  name: string;
  contact_name: string | null;
  web_check_in_before_days: number | null;
  airline_content: string | null;
  /** Original file name of the instruction PDF, or null when there is none. */
  instruction_doc_name: string | null;
  /** True when an instruction PDF is stored (its storage key is never sent). */
  has_instruction_doc: boolean;
}

/** A row of GET airlines (the list other screens pick from). */
export interface AirlineOption {
  id: number;
  name: string;
}
