import { parse } from 'ofx-js';
import { isYmd } from '../../../shared/typed-date';
import {
  amountText,
  BankFileError,
  contentIds,
  type ParsedStatement,
  type StatementLine,
  textOf,
} from './statement-line';

type Node = Record<string, unknown>;
const node = (v: unknown): Node => (v && typeof v === 'object' ? (v as Node) : {});
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(node) : v ? [node(v)] : []);

/**
 * Reads an OFX statement, 1.x SGML or 2.x XML (ofx-js): the bank (`STMTRS`) or card
 * (`CCSTMTRS`) transactions of every statement in the file. Id `FITID` (a content hash when a bank
 * leaves it out); date `DTPOSTED` (its day); amount `TRNAMT` as signed; reference `MEMO` (with
 * `CHECKNUM`/`REFNUM` when given); payer `NAME` (or `PAYEE/NAME`). Account: BANKID/ACCTID.
 */
export async function parseOfx(text: string): Promise<ParsedStatement> {
  let doc: Node;
  try {
    doc = node(await parse(text));
  } catch (e) {
    throw new BankFileError(`The file is not a readable OFX statement: ${(e as Error).message}`);
  }
  const ofx = node(doc.OFX);
  const statements = [
    ...list(node(ofx.BANKMSGSRSV1).STMTTRNRS).map((r) => node(r.STMTRS)),
    ...list(node(ofx.CREDITCARDMSGSRSV1).CCSTMTTRNRS).map((r) => node(r.CCSTMTRS)),
  ];
  if (!statements.length) throw new BankFileError('The OFX file holds no bank statement (STMTRS).');
  const from = node(statements[0].BANKACCTFROM ?? statements[0].CCACCTFROM);
  const account = [textOf(from.BANKID), textOf(from.ACCTID)].filter(Boolean).join('/') || 'ofx';
  const lines: (Omit<StatementLine, 'bank_line_id'> & { id: string })[] = [];
  for (const stmt of statements) {
    for (const t of list(node(stmt.BANKTRANLIST).STMTTRN)) {
      const n = lines.length + 1;
      const posted = textOf(t.DTPOSTED);
      const day = `${posted.slice(0, 4)}-${posted.slice(4, 6)}-${posted.slice(6, 8)}`;
      if (!isYmd(day)) throw new BankFileError(`Transaction ${n}: '${posted}' is not a date.`);
      const amount = amountText(textOf(t.TRNAMT));
      if (!amount) throw new BankFileError(`Transaction ${n}: '${textOf(t.TRNAMT)}' is not an amount.`);
      lines.push({
        id: textOf(t.FITID),
        booked_on: day,
        amount,
        reference: [textOf(t.MEMO), textOf(t.REFNUM), textOf(t.CHECKNUM)].filter(Boolean).join(' '),
        payer: textOf(t.NAME) || textOf(node(t.PAYEE).NAME),
      });
    }
  }
  const hashes = contentIds(lines);
  return {
    format: 'ofx',
    account,
    lines: lines.map(({ id, ...l }, i) => ({ ...l, bank_line_id: id || hashes[i] })),
  };
}
