import type ExcelJS from 'exceljs';
import { spreadsheetRow } from '../../lib/spreadsheet-safe';
import { cellValue, FORMATS } from './sheet-cells';

/** The `finalSheet` of a report: a title, then a label and a money cell per line. */
export function writeFinalSheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  sheet: { title: string; lines: Array<[string, string | null]> },
) {
  const ws = wb.addWorksheet(sheet.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  ws.columns = [{ width: 60 }, { width: 18, style: { numFmt: FORMATS.money } }];
  const title = ws.addRow(spreadsheetRow([sheet.title]));
  title.font = { bold: true, size: 14 };
  title.commit();
  for (const [label, value] of sheet.lines) {
    const row = ws.addRow(spreadsheetRow([label, value === null ? null : cellValue('money', value)]));
    row.getCell(1).numFmt = 'General';
    row.commit();
  }
  ws.commit();
}
