import { XMLParser } from 'fast-xml-parser';
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
const ARRAYS = new Set(['Stmt', 'Ntry', 'TxDtls', 'Ustrd', 'Strd']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

const node = (v: unknown): Node => (v && typeof v === 'object' ? (v as Node) : {});
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(node) : v ? [node(v)] : []);
/** An amount element: its text (with a Ccy attribute fast-xml-parser keeps the text under '#text'). */
const amountOf = (v: unknown) => textOf(typeof v === 'object' ? node(v)['#text'] : v);

/** The payer of a transaction: the debtor's name (camt.053.001.02 `Dbtr/Nm`, .08+ `Dbtr/Pty/Nm`). */
function payerOf(tx: Node): string {
  const dbtr = node(node(tx.RltdPties).Dbtr);
  return textOf(dbtr.Nm) || textOf(node(dbtr.Pty).Nm);
}

/** The reference text: unstructured remittance lines, structured creditor references, end-to-end id. */
function referenceOf(tx: Node, entry: Node): string {
  const rmt = node(tx.RmtInf);
  const parts = [
    ...(Array.isArray(rmt.Ustrd) ? rmt.Ustrd.map(textOf) : []),
    ...list(rmt.Strd).map((s) => textOf(node(node(s.CdtrRefInf)).Ref)),
    textOf(node(tx.Refs).EndToEndId).replace(/^NOTPROVIDED$/i, ''),
    textOf(entry.AddtlNtryInf),
  ];
  return [...new Set(parts.filter(Boolean))].join(' ');
}

/**
 * Reads an ISO 20022 camt.053 statement (fast-xml-parser, namespaces dropped): one line per entry
 * (`Ntry`), or per transaction (`TxDtls`) of an entry that batches several. Id: the entry's
 * `AcctSvcrRef`, else `NtryRef` (a batched transaction's own `Refs/AcctSvcrRef`, else the entry's
 * id and its position); none → a content hash. Amount signed by `CdtDbtInd` (DBIT negative); date
 * `BookgDt/Dt` (or `DtTm`, else `ValDt`). Account: the first statement's IBAN or other id.
 */
export function parseCamt053(xml: string): ParsedStatement {
  let doc: Node;
  try {
    doc = node(parser.parse(xml, true));
  } catch (e) {
    throw new BankFileError(`The file is not well-formed XML: ${(e as Error).message.split('\n')[0]}`);
  }
  const statements = list(node(node(doc.Document).BkToCstmrStmt).Stmt);
  if (!statements.length)
    throw new BankFileError('The XML is not a camt.053 statement (no BkToCstmrStmt/Stmt).');
  const acct = node(node(statements[0].Acct).Id);
  const account = textOf(acct.IBAN) || textOf(node(acct.Othr).Id) || 'camt';
  const lines: (Omit<StatementLine, 'bank_line_id'> & { id: string })[] = [];
  let n = 0;
  for (const stmt of statements) {
    for (const entry of list(stmt.Ntry)) {
      n++;
      const sign = textOf(entry.CdtDbtInd) === 'DBIT' ? '-' : '';
      const dates = node(entry.BookgDt).Dt ? node(entry.BookgDt) : node(entry.ValDt);
      const day = (textOf(dates.Dt) || textOf(dates.DtTm)).slice(0, 10);
      if (!isYmd(day)) throw new BankFileError(`Entry ${n}: no booking date.`);
      const entryId = textOf(entry.AcctSvcrRef) || textOf(entry.NtryRef);
      const txs = list(node(list(entry.NtryDtls)[0]).TxDtls);
      const parts = txs.length > 1 ? txs : [txs[0] ?? {}];
      for (const [i, tx] of parts.entries()) {
        const rawAmount =
          txs.length > 1
            ? amountOf(tx.Amt) || amountOf(node(node(tx.AmtDtls).TxAmt).Amt)
            : amountOf(entry.Amt);
        const amount = amountText(rawAmount);
        if (!amount) throw new BankFileError(`Entry ${n}: '${rawAmount}' is not an amount.`);
        const own = textOf(node(tx.Refs).AcctSvcrRef);
        lines.push({
          id: txs.length > 1 ? own || (entryId ? `${entryId}/${i + 1}` : '') : entryId,
          booked_on: day,
          amount: sign && amount !== '0.00' && !amount.startsWith('-') ? `-${amount}` : amount,
          reference: referenceOf(tx, entry),
          payer: payerOf(tx),
        });
      }
    }
  }
  const hashes = contentIds(lines);
  return {
    format: 'camt053',
    account,
    lines: lines.map(({ id, ...l }, i) => ({ ...l, bank_line_id: id || hashes[i] })),
  };
}
