import { parse } from 'csv-parse/sync';
import type { BankCsvMapping } from '../../../shared/api/bank-statements';
import { isYmd, readTypedDate } from '../../../shared/typed-date';
import { amountText, BankFileError, contentIds, type ParsedStatement } from './statement-line';

/** A CSV's date as the mapping says the bank writes it ('DD/MM/YYYY' or 'YYYY-MM-DD') → YYYY-MM-DD, or null. */
function dayOf(raw: string, format: BankCsvMapping['date_format']): string | null {
  const s = raw.trim();
  if (format === 'YYYY-MM-DD') return isYmd(s.slice(0, 10)) ? s.slice(0, 10) : null;
  const typed = readTypedDate(s);
  return typed.kind === 'date' ? typed.ymd : null;
}

/**
 * Reads a bank's CSV export (csv-parse; header row, BOM and blank lines tolerated) through the
 * saved column mapping of that bank: each row's date, signed amount, reference and payer. Lines
 * carry no id of the bank's, so each is named by `contentIds`. Account: the mapping's bank name.
 * A missing column or an unreadable value → BankFileError naming the row.
 */
export function parseBankCsv(text: string, mapping: BankCsvMapping): ParsedStatement {
  let rows: Record<string, string>[];
  try {
    rows = parse(text, {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
  } catch (e) {
    throw new BankFileError(`The CSV could not be read: ${(e as Error).message}`);
  }
  const header = rows.length ? Object.keys(rows[0]) : [];
  const wanted = [mapping.date_column, mapping.amount_column, mapping.reference_column, mapping.payer_column];
  const missing = wanted.filter((c) => !header.includes(c));
  if (missing.length)
    throw new BankFileError(
      `The CSV has no column ${missing.map((c) => `'${c}'`).join(', ')} (mapping of ${mapping.bank_name}).`,
    );
  const lines = rows.map((r, i) => {
    const day = dayOf(r[mapping.date_column] ?? '', mapping.date_format);
    if (!day)
      throw new BankFileError(
        `Row ${i + 2}: '${r[mapping.date_column]}' is not a date (${mapping.date_format}).`,
      );
    const amount = amountText(r[mapping.amount_column] ?? '');
    if (!amount) throw new BankFileError(`Row ${i + 2}: '${r[mapping.amount_column]}' is not an amount.`);
    return {
      booked_on: day,
      amount,
      reference: (r[mapping.reference_column] ?? '').replace(/\s+/g, ' ').trim(),
      payer: (r[mapping.payer_column] ?? '').replace(/\s+/g, ' ').trim(),
    };
  });
  const ids = contentIds(lines);
  return {
    format: 'csv',
    account: `csv:${mapping.bank_name}`,
    lines: lines.map((l, i) => ({ ...l, bank_line_id: ids[i] })),
  };
}
