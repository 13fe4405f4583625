import { sql } from 'drizzle-orm';
import { BANK_IMPORT_INLINE_LINES, type BankCsvMapping } from '../../../shared/api/bank-statements';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { validationError } from '../../http/errors';
import { detectFileType, type UploadedFile } from '../../http/uploads';
import { recordAudit } from '../../lib/audit';
import { parseCamt053 } from './parse-camt';
import { parseBankCsv } from './parse-csv';
import { parseOfx } from './parse-ofx';
import { LINE_MESSAGES, matchStatement } from './service';
import { BankFileError, type ParsedStatement } from './statement-line';

/** A bank statement file read and stored (issue #26), its new lines matched here when few. */

/** What the file is, by its bytes: camt.053 XML, OFX (SGML or XML), or text read as CSV. */
async function parseFile(db: Db, file: UploadedFile, bankName: string | undefined): Promise<ParsedStatement> {
  const detected = await detectFileType(file.data);
  if (detected && detected.mime !== 'application/xml')
    throw validationError({ file: [`A ${detected.ext.toUpperCase()} file is not a bank statement.`] });
  const text = file.data.toString('utf8');
  const head = text.slice(0, 4000);
  try {
    if (/OFXHEADER|<OFX>/i.test(head)) return await parseOfx(text);
    if (/^\s*(\uFEFF)?\s*</.test(text)) {
      if (!/camt\.053|BkToCstmrStmt/.test(head))
        throw new BankFileError('The XML is not a camt.053 statement.');
      return parseCamt053(text);
    }
    if (!bankName) throw validationError({ bank_name: [LINE_MESSAGES.needBank] });
    const [mapping] = await queryRows<BankCsvMapping>(
      db,
      sql`select bank_name, date_column, amount_column, reference_column, payer_column, date_format
          from bank_csv_mappings where bank_name = ${bankName}`,
    );
    if (!mapping) throw validationError({ bank_name: [LINE_MESSAGES.noMapping(bankName)] });
    return parseBankCsv(text, mapping);
  } catch (e) {
    if (e instanceof BankFileError) throw validationError({ file: [e.message] }, e.message);
    throw e;
  }
}

/**
 * POST bank-statements: parses the file, writes the statement and its lines not seen before (on
 * the account/format/bank-id unique key: a conflict is a line already imported, skipped) in one
 * transaction with an audit row, then matches the new lines here when there are at most
 * BANK_IMPORT_INLINE_LINES (else the caller starts the matching job). Debits are stored as 'debit'.
 */
export async function importStatement(
  db: Db,
  file: UploadedFile,
  bankName: string | undefined,
  userId: number,
): Promise<{ id: number; linesNew: number; linesSkipped: number; matchLater: boolean }> {
  const parsed = await parseFile(db, file, bankName);
  if (!parsed.lines.length) throw validationError({ file: ['The statement has no lines.'] });
  const { id, linesNew } = await inTransaction(db, async (tx) => {
    const [s] = await queryRows<{ id: number }>(
      tx,
      sql`insert into bank_statements (file_name, format, account, imported_by, lines_in_file)
          values (${file.filename.slice(0, 255)}, ${parsed.format}, ${parsed.account}, ${userId}, ${parsed.lines.length})
          returning id`,
    );
    const rows = parsed.lines.map((l, i) => ({ ...l, line_no: i + 1 }));
    let linesNew = 0;
    for (let i = 0; i < rows.length; i += 2000) {
      const chunk = JSON.stringify(rows.slice(i, i + 2000));
      const inserted = await queryRows<{ n: number }>(
        tx,
        sql`with ins as (
              insert into bank_statement_lines (statement_id, account, format, bank_line_id, line_no, booked_on, amount, reference, payer, status)
              select ${s.id}, ${parsed.account}, ${parsed.format}, r.bank_line_id, r.line_no, r.booked_on::date, r.amount::numeric,
                     r.reference, r.payer, case when r.amount::numeric <= 0 then 'debit' else 'unmatched' end
              from jsonb_to_recordset(${chunk}::jsonb) as r(bank_line_id text, line_no int, booked_on text, amount text, reference text, payer text)
              on conflict (account, format, bank_line_id) do nothing
              returning 1)
            select count(*)::int as n from ins`,
      );
      linesNew += inserted[0].n;
    }
    const skipped = parsed.lines.length - linesNew;
    await tx.execute(sql`update bank_statements set lines_skipped = ${skipped} where id = ${s.id}`);
    await recordAudit(tx, {
      entity: 'bank_statement',
      entityId: s.id,
      action: 'created',
      after: {
        file_name: file.filename,
        format: parsed.format,
        account: parsed.account,
        lines: linesNew,
        skipped,
      },
      userId,
    });
    return { id: s.id, linesNew };
  });
  const matchLater = linesNew > BANK_IMPORT_INLINE_LINES;
  if (!matchLater) await matchStatement(db, id);
  return { id, linesNew, linesSkipped: parsed.lines.length - linesNew, matchLater };
}
