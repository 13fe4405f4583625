import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import type { AgentStatement } from '../../../shared/api/agent-side';
import { type PlainCell, spreadsheetRow } from '../../lib/spreadsheet-safe';
import type { StatementDocument } from './statement';

/**
 * The commission statement as a spreadsheet, in the reports' house style (reports/sheet.ts): row 1
 * the title, rows 2–3 the agency (with its ABTA number) and the month; row 4 the header, frozen and
 * filtered; dates as real dates shown DD/MM/YYYY, money as numbers shown £#,##0.00; a bold totals
 * row under a rule. Text a spreadsheet would read as a formula is neutralised
 * (lib/spreadsheet-safe.ts). A month's statement is small: the workbook is built in memory.
 */

type Row = AgentStatement['rows'][number];
type Money = keyof AgentStatement['totals'];

const MONEY_FORMAT = '"£"#,##0.00;[Red]-"£"#,##0.00';
const DATE_FORMAT = 'dd/mm/yyyy';
const HEADER_ROW = 4;
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7ECF3' } };
const THIN: Partial<ExcelJS.Border> = { style: 'thin', color: { argb: 'FF9AA5B4' } };

const COLUMNS: Array<
  { header: string; width: number } & (
    | { kind: 'text'; value: (r: Row) => string | null }
    | { kind: 'date'; value: (r: Row) => string | null }
    | { kind: 'money'; key: Money }
  )
> = [
  { header: 'Booking ref', width: 14, kind: 'text', value: (r) => r.booking_ref },
  { header: 'Client', width: 26, kind: 'text', value: (r) => r.client },
  { header: 'Booked', width: 12, kind: 'date', value: (r) => r.booked_on },
  { header: 'Departure', width: 12, kind: 'date', value: (r) => r.departure_date },
  { header: 'Status', width: 12, kind: 'text', value: (r) => r.status },
  { header: 'Gross', width: 14, kind: 'money', key: 'gross' },
  { header: 'Commission', width: 14, kind: 'money', key: 'commission' },
  { header: 'VAT', width: 12, kind: 'money', key: 'vat' },
  { header: 'Net', width: 14, kind: 'money', key: 'net' },
  { header: 'Paid', width: 14, kind: 'money', key: 'paid' },
  { header: 'Net balance', width: 14, kind: 'money', key: 'net_balance' },
];

/** 'YYYY-MM-DD' → a Date at UTC midnight, whose Excel serial is that calendar day. */
const dateCell = (ymd: string | null): Date | null =>
  ymd ? new Date(`${ymd.slice(0, 10)}T00:00:00Z`) : null;

/** Pounds as exact decimal text → the cell's number (shown with the £ format; totals are the rule's). */
const moneyCell = (amount: string): number => Number(amount);

/** The file's name: 'Commission-statement-2026-11.xlsx'. */
export const statementXlsxName = (month: string) => `Commission-statement-${month}.xlsx`;

/** The workbook's bytes for statement `s` (an empty month still has its header and a line saying so). */
export async function statementXlsx(s: StatementDocument): Promise<Buffer> {
  const stream = new PassThrough();
  const bytes = buffer(stream);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  wb.creator = 'Tour back office';
  wb.created = new Date();
  const ws = wb.addWorksheet('Commission statement', {
    views: [{ state: 'frozen', ySplit: HEADER_ROW, xSplit: 0 }],
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  ws.columns = COLUMNS.map((c) => ({
    width: c.width,
    style: c.kind === 'money' ? { numFmt: MONEY_FORMAT } : c.kind === 'date' ? { numFmt: DATE_FORMAT } : {},
  }));

  const textLine = (text: string, font: Partial<ExcelJS.Font>, height?: number) => {
    const row = ws.addRow(spreadsheetRow([text]));
    row.font = font;
    if (height) row.height = height;
    row.getCell(1).numFmt = 'General';
    row.commit();
  };
  textLine(`Commission statement — ${s.month_name}`, { bold: true, size: 14 }, 22);
  textLine(s.abta ? `${s.agency} · ABTA ${s.abta}` : s.agency, { bold: true });
  textLine(`Bookings departing in ${s.month_name}`, { italic: true, color: { argb: 'FF5B6675' } });

  const header = ws.addRow(spreadsheetRow(COLUMNS.map((c) => c.header)));
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.fill = HEADER_FILL;
    cell.border = { bottom: THIN };
    cell.numFmt = 'General';
  });
  header.commit();

  for (const r of s.rows) {
    const cells: PlainCell[] = COLUMNS.map((c) =>
      c.kind === 'money' ? moneyCell(r[c.key]) : c.kind === 'date' ? dateCell(c.value(r)) : c.value(r),
    );
    ws.addRow(spreadsheetRow(cells)).commit();
  }
  if (s.rows.length === 0) textLine(`No bookings depart in ${s.month_name}.`, {});
  else
    ws.autoFilter = {
      from: { row: HEADER_ROW, column: 1 },
      to: { row: HEADER_ROW + s.rows.length, column: COLUMNS.length },
    };

  const label = `Total (${s.rows.length} booking${s.rows.length === 1 ? '' : 's'})`;
  const total = ws.addRow(
    spreadsheetRow(
      COLUMNS.map((c, i) => (c.kind === 'money' ? moneyCell(s.totals[c.key]) : i === 0 ? label : null)),
    ),
  );
  total.font = { bold: true };
  total.eachCell({ includeEmpty: true }, (cell, n) => {
    cell.border = { top: THIN };
    if (COLUMNS[n - 1]?.kind !== 'money') cell.numFmt = 'General';
  });
  total.commit();
  ws.commit();
  await wb.commit();
  return bytes;
}
