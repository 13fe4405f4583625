/**
 * The one rule for text in every spreadsheet and CSV file the product writes (OWASP 'CSV
 * Injection'): text a spreadsheet program would read as a formula — starting with '=', '+', '-',
 * '@', a tab or a carriage return — is written with a single quote in front, so it shows as the
 * text it is (a customer named `=HYPERLINK(…)`, a transaction id '@123'). The same prefix in CSV and
 * xlsx: an xlsx a user re-saves as CSV must not turn the text into a formula either.
 *
 * Only text is touched: numbers, dates and booleans are values (a negative amount stays a number).
 * Writers hand exceljs plain values only (`PlainCell`: never a `{ formula }` object), so no stored
 * text can become an xlsx formula. Used by the report writer (reports/sheet.ts), the customers and
 * brochure-request exports, group documents and the tour CSV template.
 */

/** The first characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** `text`, with a single quote in front when it starts with = + - @ tab or CR; idempotent. */
export function spreadsheetText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A value a writer may put in a cell: plain values only, so never a formula object. */
export type PlainCell = string | number | boolean | Date | null | undefined;

/** A cell's value as written: text through `spreadsheetText`, anything else as it is (undefined → null). */
export function spreadsheetCell(value: PlainCell): string | number | boolean | Date | null {
  if (value === undefined) return null;
  return typeof value === 'string' ? spreadsheetText(value) : value;
}

/** A row's values as written (`spreadsheetCell` of each); for exceljs `addRow` and CSV records. */
export function spreadsheetRow(values: readonly PlainCell[]): Array<string | number | boolean | Date | null> {
  return values.map(spreadsheetCell);
}

/**
 * csv-stringify's `cast.string` for writers whose strings are all text (numbers and booleans reach
 * csv-stringify as such and keep their own casts).
 */
export const csvSafeCast = { string: (value: string) => spreadsheetText(value) };
