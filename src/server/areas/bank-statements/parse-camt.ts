import { SaxesParser } from 'saxes';
import { isYmd } from '../../../shared/typed-date';
import {
  amountText,
  BankFileError,
  contentIds,
  type ParsedStatement,
  type StatementLine,
} from './statement-line';

interface Tx {
  amount: string;
  ownRef: string;
  endToEnd: string;
  remittance: string[];
  payer: string;
}
interface Entry {
  amount: string;
  credit: boolean;
  booked: string;
  valued: string;
  acctSvcrRef: string;
  ntryRef: string;
  info: string;
  txs: Tx[];
}

const newTx = (): Tx => ({ amount: '', ownRef: '', endToEnd: '', remittance: [], payer: '' });

/**
 * Reads an ISO 20022 camt.053 statement with saxes (a streaming XML parser: 10,000 entries in
 * about 0.5 s where a whole-document parser took 3–5 s here), namespace prefixes ignored. One line
 * per entry (`Ntry`), or per transaction (`TxDtls`) of an entry that batches several. Id: the
 * entry's `AcctSvcrRef`, else `NtryRef` (a batched transaction's own `Refs/AcctSvcrRef`, else the
 * entry's id and its position); none → a content hash. Amount signed by `CdtDbtInd` (DBIT
 * negative); date `BookgDt/Dt` (or `DtTm`, else `ValDt`). Reference: the unstructured remittance
 * lines, structured creditor references, the end-to-end id and `AddtlNtryInf`. Payer: the
 * debtor's name (`Dbtr/Nm`, or `Dbtr/Pty/Nm` from .08). Account: the first statement's IBAN or other id.
 */
export function parseCamt053(xml: string): ParsedStatement {
  const parser = new SaxesParser({ xmlns: false });
  const stack: string[] = [];
  let text = '';
  let account = '';
  let statements = 0;
  let entry: Entry | null = null;
  let tx: Tx | null = null;
  const entries: Entry[] = [];
  parser.on('opentag', (tag) => {
    const name = tag.name.slice(tag.name.indexOf(':') + 1);
    stack.push(name);
    text = '';
    if (name === 'Stmt') statements++;
    else if (name === 'Ntry')
      entry = {
        amount: '',
        credit: true,
        booked: '',
        valued: '',
        acctSvcrRef: '',
        ntryRef: '',
        info: '',
        txs: [],
      };
    else if (name === 'TxDtls' && entry) {
      tx = newTx();
      entry.txs.push(tx);
    }
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('cdata', (t) => {
    text += t;
  });
  parser.on('closetag', () => {
    const name = stack[stack.length - 1];
    const parent = stack[stack.length - 2];
    const value = text.replace(/\s+/g, ' ').trim();
    text = '';
    if (tx && stack.includes('TxDtls')) {
      const at = stack.lastIndexOf('TxDtls');
      const rel = stack.slice(at + 1).join('/');
      if (rel === 'Amt' || rel === 'AmtDtls/TxAmt/Amt') tx.amount ||= value;
      else if (rel === 'Refs/AcctSvcrRef') tx.ownRef = value;
      else if (rel === 'Refs/EndToEndId') tx.endToEnd = /^NOTPROVIDED$/i.test(value) ? '' : value;
      else if (rel === 'RmtInf/Ustrd' || rel === 'RmtInf/Strd/CdtrRefInf/Ref') tx.remittance.push(value);
      else if (rel === 'RltdPties/Dbtr/Nm' || rel === 'RltdPties/Dbtr/Pty/Nm') tx.payer ||= value;
      else if (rel === '') tx = null;
    } else if (entry && stack.includes('Ntry')) {
      const rel = stack.slice(stack.lastIndexOf('Ntry') + 1).join('/');
      if (rel === 'Amt') entry.amount = value;
      else if (rel === 'CdtDbtInd') entry.credit = value !== 'DBIT';
      else if (rel === 'BookgDt/Dt' || rel === 'BookgDt/DtTm') entry.booked ||= value.slice(0, 10);
      else if (rel === 'ValDt/Dt' || rel === 'ValDt/DtTm') entry.valued ||= value.slice(0, 10);
      else if (rel === 'AcctSvcrRef') entry.acctSvcrRef = value;
      else if (rel === 'NtryRef') entry.ntryRef = value;
      else if (rel === 'AddtlNtryInf') entry.info = value;
      else if (rel === '') {
        entries.push(entry);
        entry = null;
      }
    } else if (!account && stack.includes('Stmt') && stack.includes('Acct')) {
      if ((name === 'IBAN' && parent === 'Id') || (name === 'Id' && parent === 'Othr')) account = value;
    }
    stack.pop();
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    throw new BankFileError(`The file is not well-formed XML: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!statements) throw new BankFileError('The XML is not a camt.053 statement (no BkToCstmrStmt/Stmt).');
  const lines: (Omit<StatementLine, 'bank_line_id'> & { id: string })[] = [];
  for (const [n, e] of entries.entries()) {
    const day = e.booked || e.valued;
    if (!isYmd(day)) throw new BankFileError(`Entry ${n + 1}: no booking date.`);
    const entryId = e.acctSvcrRef || e.ntryRef;
    const parts = e.txs.length > 1 ? e.txs : [e.txs[0] ?? newTx()];
    for (const [i, t] of parts.entries()) {
      const raw = e.txs.length > 1 ? t.amount : e.amount;
      const amount = amountText(raw);
      if (!amount) throw new BankFileError(`Entry ${n + 1}: '${raw}' is not an amount.`);
      lines.push({
        id: e.txs.length > 1 ? t.ownRef || (entryId ? `${entryId}/${i + 1}` : '') : entryId,
        booked_on: day,
        amount: !e.credit && amount !== '0.00' && !amount.startsWith('-') ? `-${amount}` : amount,
        reference: [...new Set([...t.remittance, t.endToEnd, e.info].filter(Boolean))].join(' '),
        payer: t.payer,
      });
    }
  }
  const hashes = contentIds(lines);
  return {
    format: 'camt053',
    account: account || 'camt',
    lines: lines.map(({ id, ...l }, i) => ({ ...l, bank_line_id: id || hashes[i] })),
  };
}
