import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { type PlainCell, spreadsheetRow } from '../../lib/spreadsheet-safe';
import type { Cell, CellKind, DocColumn, GroupDocumentModel } from './model';

/**
 * A group document as a spreadsheet (exceljs's streaming WorkbookWriter, shared strings off —
 * DESIGN.md §2): a title row (group, tour, dates, when made), the header row frozen with an
 * autofilter over the table, widths that fit the content, dates as real dates shown DD/MM/YYYY
 * (date-times DD/MM/YYYY hh:mm), numbers as numbers; the summary table below it. Every row goes
 * through `spreadsheetRow` (lib/spreadsheet-safe.ts): text read as a formula is neutralised.
 */

const DATE_FORMAT = 'dd/mm/yyyy';
const DATETIME_FORMAT = 'dd/mm/yyyy hh:mm';
const MAX_WIDTH = 60;
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7ECF3' } };
const THIN: Partial<ExcelJS.Border> = { style: 'thin', color: { argb: 'FF9AA5B4' } };

/** A cell value as written: dates as Date (UTC midnight, so Excel's serial is the calendar day). */
function cellValue(kind: CellKind, v: Cell): PlainCell {
  if (v === null || v === '') return null;
  if (kind === 'date' && typeof v === 'string') return new Date(`${v.slice(0, 10)}T00:00:00Z`);
  if (kind === 'datetime' && typeof v === 'string')
    return new Date(`${v.slice(0, 10)}T${v.slice(11, 16)}:00Z`);
  // Several values of one cell (passengers' names) read on one line here.
  return typeof v === 'string' ? v.replaceAll('\n', ', ') : v;
}

/** How wide a value reads, in characters. */
function textWidth(kind: CellKind, v: Cell): number {
  if (v === null) return 0;
  if (kind === 'date') return 10;
  if (kind === 'datetime') return 16;
  return String(v).replaceAll('\n', ', ').length;
}

const formatOf = (kind: CellKind) =>
  kind === 'date' ? DATE_FORMAT : kind === 'datetime' ? DATETIME_FORMAT : undefined;

/** Writes `m` as an xlsx workbook and answers its bytes. */
export async function writeGroupXlsx(m: GroupDocumentModel): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  wb.creator = 'Tour back office';
  wb.created = new Date();
  const ws = wb.addWorksheet(m.label.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 2, xSplit: 0 }],
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });

  const rows = m.sections.flatMap((s) => s.rows);
  const summaryCols: DocColumn[] = m.summary.columns;
  // Widths: the widest of the header, the values and the summary cells in that column.
  const widths = m.columns.map((c, i) => {
    let w = c.header.length;
    for (const r of rows) w = Math.max(w, textWidth(c.kind, r[c.key]));
    const sc = summaryCols[i];
    if (sc) {
      w = Math.max(w, sc.header.length);
      for (const r of [...m.summary.rows, m.summary.total ?? {}])
        w = Math.max(w, textWidth(sc.kind, r[sc.key] ?? null));
    }
    return Math.min(MAX_WIDTH, Math.max(6, w + 2));
  });
  ws.columns = m.columns.map((c, i) => ({
    key: c.key,
    width: widths[i],
    style: {
      numFmt: formatOf(c.kind),
      alignment: { vertical: 'top', wrapText: widths[i] >= MAX_WIDTH },
    },
  }));

  const title = ws.addRow(spreadsheetRow([`${m.title} · ${m.subtitle}`]));
  title.font = { bold: true, size: 13 };
  title.height = 22;
  title.commit();

  const header = ws.addRow(spreadsheetRow(m.columns.map((c) => c.header)));
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.fill = HEADER_FILL;
    cell.border = { bottom: THIN };
    cell.alignment = { vertical: 'middle' };
  });
  header.commit();

  for (const r of rows) ws.addRow(spreadsheetRow(m.columns.map((c) => cellValue(c.kind, r[c.key])))).commit();
  if (rows.length === 0) ws.addRow(spreadsheetRow([m.emptyText])).commit();
  ws.autoFilter = {
    from: { row: 2, column: 1 },
    to: { row: 2 + Math.max(rows.length, 1), column: m.columns.length },
  };

  // The summary, two rows below the table (outside the autofilter's range).
  ws.addRow([]).commit();
  const st = ws.addRow(spreadsheetRow([m.summary.title]));
  st.font = { bold: true };
  st.commit();
  const sh = ws.addRow(spreadsheetRow(summaryCols.map((c) => c.header)));
  sh.eachCell((cell) => {
    cell.font = { bold: true };
    cell.fill = HEADER_FILL;
    cell.border = { bottom: THIN };
  });
  sh.commit();
  const summaryRow = (r: Record<string, Cell>, bold: boolean) => {
    const row = ws.addRow(spreadsheetRow(summaryCols.map((c) => cellValue(c.kind, r[c.key]))));
    // The summary's columns are not the table's: each cell says its own format.
    summaryCols.forEach((c, j) => {
      row.getCell(j + 1).numFmt = formatOf(c.kind) ?? 'General';
    });
    if (bold) row.font = { bold: true };
    row.commit();
  };
  for (const r of m.summary.rows) summaryRow(r, false);
  if (m.summary.total) summaryRow(m.summary.total, true);

  ws.commit();
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}
