import { createHash } from 'node:crypto';

/** One line of a bank statement as every parser answers it (issue #26). */
export interface StatementLine {
  /** The bank's own id of the line; for a CSV, a hash of its content and occurrence (`contentId`). */
  bank_line_id: string;
  /** YYYY-MM-DD. */
  booked_on: string;
  /** Pounds as decimal text with 2 decimals; credits positive, debits negative. */
  amount: string;
  reference: string;
  payer: string;
}

/** A parsed file: the account it names (or the CSV mapping's bank) and its lines in file order. */
export interface ParsedStatement {
  format: 'camt053' | 'ofx' | 'csv';
  account: string;
  lines: StatementLine[];
}

/** A file that cannot be read as the format it claims: the message names the line or element. */
export class BankFileError extends Error {}

/** '1,234.5' / '£12' / '-3.10' → '1234.50'; null when it is not an amount. */
export function amountText(raw: string): string | null {
  const s = raw.replace(/[£,\s]/g, '');
  const m = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const pence = (m[3] ?? '').padEnd(2, '0');
  const sign = m[1] === '-' && !/^0+$/.test(m[2] + pence) ? '-' : '';
  return `${sign}${String(Number(m[2]))}.${pence}`;
}

/**
 * Ids for lines that carry none of the bank's own: the sha-256 of date, amount, reference and payer
 * plus the occurrence of that same content in the file (two identical £20 payments on one day are
 * two lines), so an overlapping export of the same account names each line the same way again.
 */
export function contentIds(lines: Omit<StatementLine, 'bank_line_id'>[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const key = [l.booked_on, l.amount, l.reference.trim(), l.payer.trim()].join('\u001f');
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `h:${createHash('sha256').update(`${key}\u001f${n}`).digest('hex').slice(0, 32)}`;
  });
}

/** Text of a parsed node that may be a string, a number or missing; trimmed, spaces collapsed. */
export const textOf = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' ? String(v).replace(/\s+/g, ' ').trim() : '';
