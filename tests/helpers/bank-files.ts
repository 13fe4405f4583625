/**
 * Bank statement files made from line specs (issue #26): camt.053.001.02 XML, OFX 1.x SGML and a
 * UK bank's CSV ('Date,Description,Amount,Payee', DD/MM/YYYY). Used by the API tests, the browser
 * test and `npm run bench:cash`.
 */
export interface BankFileLine {
  id: string;
  date: string; // YYYY-MM-DD
  amount: string; // signed pounds
  reference: string;
  payer: string;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function camt053(lines: BankFileLine[], iban = 'GB33BUKB20201555555555'): string {
  const entries = lines
    .map((l) => {
      const credit = !l.amount.startsWith('-');
      const amount = l.amount.replace(/^-/, '');
      return `      <Ntry>
        <Amt Ccy="GBP">${amount}</Amt>
        <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${l.date}</Dt></BookgDt>
        <ValDt><Dt>${l.date}</Dt></ValDt>
        <AcctSvcrRef>${xml(l.id)}</AcctSvcrRef>
        <BkTxCd><Prtry><Cd>BACS</Cd></Prtry></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <RltdPties><${credit ? 'Dbtr' : 'Cdtr'}><Nm>${xml(l.payer)}</Nm></${credit ? 'Dbtr' : 'Cdtr'}></RltdPties>
          <RmtInf><Ustrd>${xml(l.reference)}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STMT-${Date.now()}</MsgId><CreDtTm>2027-03-12T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>1</Id>
      <CreDtTm>2027-03-12T06:00:00</CreDtTm>
      <Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>GBP</Ccy></Acct>
${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

export function ofxSgml(lines: BankFileLine[], account = '71234567'): string {
  const ymd = (d: string) => d.replaceAll('-', '');
  const trns = lines
    .map(
      (l) => `<STMTTRN>
<TRNTYPE>${l.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}
<DTPOSTED>${ymd(l.date)}
<TRNAMT>${l.amount}
<FITID>${l.id}
<NAME>${xml(l.payer)}
<MEMO>${xml(l.reference)}
</STMTTRN>`,
    )
    .join('\n');
  return `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20270312<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS><CURDEF>GBP
<BANKACCTFROM><BANKID>404401<ACCTID>${account}<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20270301<DTEND>20270331
${trns}
</BANKTRANLIST>
<LEDGERBAL><BALAMT>0.00<DTASOF>20270331</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>
`;
}

/** The CSV mapping these files are read with. */
export const CSV_MAPPING = {
  bank_name: 'Test Bank',
  date_column: 'Date',
  amount_column: 'Amount',
  reference_column: 'Description',
  payer_column: 'Payee',
  date_format: 'DD/MM/YYYY',
} as const;

export function bankCsv(lines: BankFileLine[]): string {
  const q = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  return `Date,Description,Amount,Payee\r\n${lines
    .map((l) => [dmy(l.date), q(l.reference), l.amount, q(l.payer)].join(','))
    .join('\r\n')}\r\n`;
}

/** A multipart body carrying `file` (and fields), as the screen sends it. */
export function multipart(file: { name: string; content: string }, fields: Record<string, string> = {}) {
  const boundary = `----bank${Date.now()}${Math.random().toString(16).slice(2)}`;
  const parts = [
    ...Object.entries(fields).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    ),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  ];
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(file.content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
