import Decimal from 'decimal.js';
import { type PlainCell, spreadsheetText } from '../../lib/spreadsheet-safe';

/**
 * The cells of a report file (sheet.ts writes them): how each kind of column's values become xlsx
 * cells and CSV text, how wide they read, and the exact running totals.
 */

/**
 * How a column's values are read and shown. Values come from SQL as text or numbers:
 * - text: any text (an array is joined with ', ');
 * - date: 'YYYY-MM-DD' (cast `::text` in SQL) → a real date shown DD/MM/YYYY;
 * - datetime: 'YYYY-MM-DD HH:MI' already in London time (`to_char(x at time zone ${londonZoneSql},
 *   'YYYY-MM-DD HH24:MI')`) → shown DD/MM/YYYY hh:mm;
 * - money: pounds as exact decimal text (`::text`) → a number shown £#,##0.00, totals with decimal.js;
 * - int: a whole number; decimal: a number shown 0.00 (a ratio, a rate).
 */
export type ColumnKind = 'text' | 'date' | 'datetime' | 'money' | 'int' | 'decimal';

/** A row as a report definition hands it to the writer: column key → value. */
export type ReportRow = Record<string, unknown>;

const MONEY_FORMAT = '"£"#,##0.00;[Red]-"£"#,##0.00';
export const FORMATS: Record<ColumnKind, string | undefined> = {
  text: undefined,
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
  money: MONEY_FORMAT,
  int: '#,##0',
  decimal: '#,##0.00',
};

/** 'YYYY-MM-DD' (or a Date) → a Date at UTC midnight, whose Excel serial is that calendar day. */
function dateValue(v: unknown): Date | null {
  if (v instanceof Date) return new Date(Date.UTC(v.getUTCFullYear(), v.getUTCMonth(), v.getUTCDate()));
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(v)) return null;
  return new Date(`${v.slice(0, 10)}T00:00:00Z`);
}

function dateTimeValue(v: unknown): Date | null {
  if (v instanceof Date) return v;
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(v)) return dateValue(v);
  return new Date(`${v.slice(0, 10)}T${v.slice(11, 16)}:00Z`);
}

export const textOf = (v: unknown): string =>
  v === null || v === undefined ? '' : Array.isArray(v) ? v.filter((x) => x != null).join(', ') : String(v);

/** A value as the xlsx cell holds it; text neutralised (`spreadsheetText`). */
export function cellValue(kind: ColumnKind, v: unknown): PlainCell {
  if (v === null || v === undefined || v === '') return null;
  switch (kind) {
    case 'date':
      return dateValue(v);
    case 'datetime':
      return dateTimeValue(v);
    case 'money':
    case 'int':
    case 'decimal': {
      const n = typeof v === 'number' ? v : Number(v);
      return Number.isFinite(n) ? n : null;
    }
    default:
      return spreadsheetText(textOf(v).replaceAll('\n', ', '));
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
/** DD/MM/YYYY of a Date at UTC midnight (or a wall-clock Date). */
const ukDay = (d: Date) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;

/** A value as the CSV writes it: dates DD/MM/YYYY, money with 2 decimals, text as is. */
export function csvValue(kind: ColumnKind, v: unknown): string {
  const c = cellValue(kind, v);
  if (c === null) return '';
  if (c instanceof Date)
    return kind === 'datetime' ? `${ukDay(c)} ${pad(c.getUTCHours())}:${pad(c.getUTCMinutes())}` : ukDay(c);
  if (kind === 'money') return new Decimal(String(v)).toFixed(2);
  return String(c);
}

/** How wide a value reads, in characters. */
export function widthOf(kind: ColumnKind, v: unknown): number {
  if (v === null || v === undefined) return 0;
  if (kind === 'date') return 10;
  if (kind === 'datetime') return 16;
  if (kind === 'money') return new Decimal(String(v)).abs().toFixed(2).length + 4;
  return textOf(v).length;
}

/** Running sums of the total columns (decimal.js: exact). */
export class Sums {
  readonly values = new Map<string, Decimal>();
  constructor(private readonly keys: string[]) {
    for (const k of keys) this.values.set(k, new Decimal(0));
  }
  add(row: ReportRow) {
    for (const k of this.keys) {
      const v = row[k];
      if (v === null || v === undefined || v === '') continue;
      this.values.set(k, (this.values.get(k) as Decimal).plus(String(v)));
    }
  }
  row(label: string, labelKey: string): ReportRow {
    const out: ReportRow = { [labelKey]: label };
    for (const [k, v] of this.values) out[k] = v.toString();
    return out;
  }
}
