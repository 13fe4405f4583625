import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import type { BrochureRequestRow } from '../../../shared/api/brochure-requests';
import { londonDay } from '../../../shared/dates';
import { type PlainCell, spreadsheetRow } from '../../lib/spreadsheet-safe';

/**
 * brochure-request.xlsx (spec 3 §7 GET brochures/requests/filter?type=export): one row per request
 * — date requested (a real date, shown DD/MM/YYYY), brochure, quantity, the requester's name,
 * email and address, affiliate, the linked customer, sent and batch — with the header row frozen
 * and an autofilter. exceljs's streaming WorkbookWriter, shared strings off (DESIGN.md §2); text
 * that a spreadsheet would read as a formula is neutralised (lib/spreadsheet-safe.ts).
 */

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7ECF3' } };

const COLUMNS: {
  header: string;
  width: number;
  value: (r: BrochureRequestRow) => PlainCell;
  date?: true;
}[] = [
  { header: 'Requested', width: 12, date: true, value: (r) => requestedDay(r.created_at) },
  { header: 'Brochure', width: 30, value: (r) => r.brochures_names },
  { header: 'Qty', width: 6, value: (r) => r.qty },
  { header: 'First name', width: 16, value: (r) => r.brochure_requester.first_name },
  { header: 'Last name', width: 18, value: (r) => r.brochure_requester.last_name },
  { header: 'Email', width: 30, value: (r) => r.brochure_requester.email },
  { header: 'Address', width: 28, value: (r) => r.brochure_requester.street_address },
  { header: 'Address line 2', width: 20, value: (r) => r.brochure_requester.address_line_2 },
  { header: 'Town', width: 16, value: (r) => r.brochure_requester.town },
  { header: 'County', width: 18, value: (r) => r.brochure_requester.county },
  { header: 'Post code', width: 11, value: (r) => r.brochure_requester.postcode },
  { header: 'Affiliate', width: 20, value: (r) => r.brochure_requester.affiliate?.name ?? null },
  { header: 'Customer', width: 22, value: (r) => r.customer_name },
  { header: 'Sent', width: 6, value: (r) => (r.sent ? 'Yes' : 'No') },
  { header: 'Batch', width: 20, value: (r) => r.batch_id },
];

/** The London calendar day of a timestamp as a Date at UTC midnight (Excel's serial is that day). */
function requestedDay(at: string | Date): Date {
  const d = at instanceof Date ? at : new Date(at);
  return new Date(`${londonDay(d)}T00:00:00Z`);
}

/** The workbook's bytes for `rows`; an empty list still has its header row. */
export async function brochureRequestsXlsx(rows: BrochureRequestRow[]): Promise<Buffer> {
  const stream = new PassThrough();
  const bytes = buffer(stream);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  wb.creator = 'Tour back office';
  wb.created = new Date();
  const ws = wb.addWorksheet('Brochure requests', { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
  ws.columns = COLUMNS.map((c) => ({
    header: c.header,
    width: c.width,
    style: c.date ? { numFmt: 'dd/mm/yyyy' } : {},
  }));
  const header = ws.getRow(1);
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.fill = HEADER_FILL;
  });
  header.commit();
  for (const r of rows) ws.addRow(spreadsheetRow(COLUMNS.map((c) => c.value(r)))).commit();
  ws.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: Math.max(1, rows.length + 1), column: COLUMNS.length },
  };
  await wb.commit();
  return bytes;
}
