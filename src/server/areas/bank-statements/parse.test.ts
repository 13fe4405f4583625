import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCamt053 } from './parse-camt';
import { parseBankCsv } from './parse-csv';
import { parseOfx } from './parse-ofx';
import { amountText, BankFileError } from './statement-line';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/bank/${name}`, import.meta.url), 'utf8');
const MAPPING = {
  bank_name: 'Barclays',
  date_column: 'Date',
  amount_column: 'Amount',
  reference_column: 'Description',
  payer_column: 'Payee',
  date_format: 'DD/MM/YYYY',
} as const;

// Issue #26: every parser answers the same line shape — the bank's id, the day, the signed amount
// in pounds as text, the reference and the payer.
describe('bank statement parsers', () => {
  it('reads camt.053 (prefixed namespace, .08 debtor party, batched entries, debits)', () => {
    const s = parseCamt053(fixture('camt053.xml'));
    expect(s.account).toBe('GB33BUKB20201555555555');
    expect(s.lines).toEqual([
      {
        bank_line_id: 'BANK-0001',
        booked_on: '2027-03-05',
        amount: '250.00',
        reference: 'HOLIDAY HB100001 DEPOSIT',
        payer: 'Mrs H Wickersham & Mr T Wickersham',
      },
      {
        bank_line_id: 'BANK-0002',
        booked_on: '2027-03-06',
        amount: '-42.10',
        reference: 'DD BRITISH GAS',
        payer: '',
      },
      {
        bank_line_id: 'BATCH-9-A',
        booked_on: '2027-03-07',
        amount: '100.00',
        reference: 'HB100002 E2E-A',
        payer: 'SUNNY TRAVEL LTD',
      },
      {
        bank_line_id: 'BATCH-9/2',
        booked_on: '2027-03-07',
        amount: '200.00',
        reference: 'HB100003',
        payer: 'SUNNY TRAVEL LTD',
      },
    ]);
  });
  it('refuses XML that is not a statement, and broken XML', () => {
    expect(() => parseCamt053('<Document><Other/></Document>')).toThrow(BankFileError);
    expect(() => parseCamt053('<Document><BkToCstmrStmt>')).toThrow(BankFileError);
  });
  it('reads OFX 1.x SGML and 2.x XML', async () => {
    const sgml = await parseOfx(fixture('statement-sgml.ofx'));
    expect(sgml.account).toBe('404401/71234567');
    expect(sgml.lines).toEqual([
      {
        bank_line_id: 'OFX-0001',
        booked_on: '2027-03-05',
        amount: '250.00',
        reference: 'HOLIDAY HB100001 DEPOSIT',
        payer: 'MRS H WICKERSHAM',
      },
      {
        bank_line_id: 'OFX-0002',
        booked_on: '2027-03-06',
        amount: '-42.10',
        reference: 'DD 55512',
        payer: 'BRITISH GAS',
      },
      {
        bank_line_id: 'OFX-0003',
        booked_on: '2027-03-07',
        amount: '99.99',
        reference: 'THANK YOU',
        payer: 'J BLOGGS & SON',
      },
    ]);
    const xml = await parseOfx(fixture('statement-xml.ofx'));
    expect(xml.lines).toEqual([
      {
        bank_line_id: 'X-0001',
        booked_on: '2027-03-05',
        amount: '250.00',
        reference: 'hb 100001',
        payer: 'MRS H WICKERSHAM',
      },
    ]);
  });
  it('reads a CSV by its mapping: BOM, quoted commas, thousands, blank lines; repeats get their own ids', () => {
    const s = parseBankCsv(fixture('bank.csv'), MAPPING);
    expect(s.account).toBe('csv:Barclays');
    expect(s.lines.map(({ bank_line_id, ...l }) => l)).toEqual([
      { booked_on: '2027-03-05', amount: '250.00', reference: 'HB100001 DEPOSIT', payer: 'MRS H WICKERSHAM' },
      { booked_on: '2027-03-06', amount: '-42.10', reference: 'DD BRITISH GAS', payer: 'BRITISH GAS' },
      { booked_on: '2027-03-07', amount: '1048.00', reference: 'THANK YOU', payer: 'J BLOGGS, SON' },
      { booked_on: '2027-03-07', amount: '1048.00', reference: 'THANK YOU', payer: 'J BLOGGS, SON' },
    ]);
    const ids = s.lines.map((l) => l.bank_line_id);
    expect(new Set(ids).size).toBe(4);
    // The same export again names every line the same way (so a re-import skips them all).
    expect(parseBankCsv(fixture('bank.csv'), MAPPING).lines.map((l) => l.bank_line_id)).toEqual(ids);
  });
  it('names a CSV row it cannot read, and a missing column', () => {
    expect(() => parseBankCsv('Date,Description,Amount,Payee\n31/02/2027,x,1.00,y\n', MAPPING)).toThrow(
      "Row 2: '31/02/2027' is not a date (DD/MM/YYYY).",
    );
    expect(() => parseBankCsv('Date,Amount\n01/02/2027,1.00\n', MAPPING)).toThrow(
      "The CSV has no column 'Description', 'Payee'",
    );
  });
  it('reads amounts as banks write them, never through a float', () => {
    expect(amountText('£1,234.5')).toBe('1234.50');
    expect(amountText('-0.10')).toBe('-0.10');
    expect(amountText('+7')).toBe('7.00');
    expect(amountText('12.345')).toBeNull();
    expect(amountText('abc')).toBeNull();
  });
});
