import { parse } from 'csv-parse/sync';
import { CSV_COLUMNS, type CsvColumn } from '../../../shared/api/tour-catalogue';
import { validationError } from '../../http/errors';

/** The Bulk Tour Instance Uploader's file read (csv-upload.ts checks and writes its rows). */

const MAX_ROWS = 5000;

export type Row = Partial<Record<CsvColumn, string>>;

/** 'DD/MM/YYYY' (also D/M/YYYY) or 'YYYY-MM-DD' → 'YYYY-MM-DD', or null. */
export function csvDate(text: string): string | null {
  const s = text.trim();
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  const parts = uk ? [uk[3], uk[2], uk[1]] : iso ? [iso[1], iso[2], iso[3]] : null;
  if (!parts) return null;
  const [y, m, d] = parts;
  const ymd = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${ymd}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === ymd ? ymd : null;
}

/** Reads the CSV text into rows with their line numbers (the header is line 1). */
export function readRows(text: string): { line: number; row: Row }[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      info: true,
      relax_column_count: false,
    });
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    throw validationError(
      { csv: [`${line ? `Line ${line}: ` : ''}${(e as Error).message}`] },
      'The file could not be read as CSV.',
    );
  }
  if (records.length === 0)
    throw validationError({ csv: ['The file has no rows.'] }, 'The file has no rows.');
  const header = Object.keys(records[0].record);
  const known = new Set<string>(CSV_COLUMNS.map((c) => c.name));
  const unknown = header.filter((h) => !known.has(h));
  const missing = CSV_COLUMNS.filter((c) => c.required && !header.includes(c.name)).map((c) => c.name);
  if (unknown.length || missing.length) {
    const errors = [
      ...(missing.length ? [`Missing column(s): ${missing.join(', ')}.`] : []),
      ...(unknown.length ? [`Unknown column(s): ${unknown.join(', ')}.`] : []),
    ];
    throw validationError(
      { csv: errors.map((e) => `Line 1: ${e}`) },
      'The header row does not match the template.',
    );
  }
  if (records.length > MAX_ROWS) throw validationError({ csv: [`At most ${MAX_ROWS} rows per file.`] });
  return records.map((r) => ({ line: r.info.lines, row: r.record as Row }));
}
