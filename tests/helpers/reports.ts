import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { bearer, type TestContext } from './app';

/**
 * Reading report files back (issue #15) with real readers: exceljs for xlsx, csv-parse for CSV, and
 * LibreOffice (when installed) converting the xlsx to CSV, so the figures are what a spreadsheet
 * program shows. Every report's test builds a small data set, runs the report through the API and
 * compares cells with figures worked by hand.
 */

/** The cell a test compares: numbers as numbers, dates as 'DD/MM/YYYY', text as text, empty null. */
export type Cell = string | number | null;

export interface ReadReport {
  title: string;
  filters: string;
  ran: string;
  header: string[];
  /** The table's rows after the header (data, subtotal and total rows) up to the first blank row. */
  rows: Cell[][];
  /** Everything below the table (summaries), each row's cells. */
  below: Cell[][];
  /** The number formats of the first data row's cells. */
  formats: string[];
  /** Frozen rows (ySplit) and the autofilter's range. */
  frozenRows: number | undefined;
  autoFilter: string | undefined;
  widths: number[];
}

const pad = (n: number) => String(n).padStart(2, '0');

function cellOf(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return `${pad(v.getUTCDate())}/${pad(v.getUTCMonth() + 1)}/${v.getUTCFullYear()}`;
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((t) => t.text).join('');
  return String(v);
}

/** Reads an xlsx report with exceljs. */
export async function readXlsxReport(data: Buffer): Promise<ReadReport> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rowValues = (n: number): Cell[] => {
    const row = ws.getRow(n);
    const out: Cell[] = [];
    for (let c = 1; c <= ws.columnCount; c++) out.push(cellOf(row.getCell(c).value));
    while (out.length && out[out.length - 1] === null) out.pop();
    return out;
  };
  const header = rowValues(4).map((h) => String(h));
  const rows: Cell[][] = [];
  let n = 5;
  for (; n <= ws.rowCount; n++) {
    const r = rowValues(n);
    if (r.length === 0) break;
    rows.push(r);
  }
  const below: Cell[][] = [];
  for (; n <= ws.rowCount; n++) {
    const r = rowValues(n);
    if (r.length) below.push(r);
  }
  const first = ws.getRow(5);
  const view = ws.views?.[0] as { ySplit?: number } | undefined;
  const af = ws.autoFilter as unknown;
  return {
    title: String(cellOf(ws.getCell('A1').value)),
    filters: String(cellOf(ws.getCell('A2').value)),
    ran: String(cellOf(ws.getCell('A3').value)),
    header,
    rows,
    below,
    formats: header.map((_, i) => first.getCell(i + 1).numFmt ?? ''),
    frozenRows: view?.ySplit,
    autoFilter: typeof af === 'string' ? af : af ? JSON.stringify(af) : undefined,
    widths: header.map((_, i) => ws.getColumn(i + 1).width ?? 0),
  };
}

/** The rows of a report as objects keyed by header (data rows only: those whose first cell is not a total label). */
export function asObjects(
  r: ReadReport,
  isData: (row: Cell[]) => boolean = (row) => !String(row[0] ?? '').startsWith('Total'),
): Record<string, Cell>[] {
  return r.rows.filter(isData).map((row) => Object.fromEntries(r.header.map((h, i) => [h, row[i] ?? null])));
}

/** The row whose first text cell (any column) starts with `label`, as an object keyed by header. */
export function rowLabelled(r: ReadReport, label: string): Record<string, Cell> | undefined {
  const row = [...r.rows, ...r.below].find((x) =>
    x.some((c) => typeof c === 'string' && c.startsWith(label)),
  );
  return row ? Object.fromEntries(r.header.map((h, i) => [h, row[i] ?? null])) : undefined;
}

const run = promisify(execFile);
const SOFFICE = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => existsSync(p));
/** Whether LibreOffice is installed here (the CSV cross-check runs only then). */
export const hasLibreOffice = !!SOFFICE;

/**
 * LibreOffice's own reading of an xlsx: converts it to CSV headless and answers the lines split into
 * cells (as LibreOffice formats them: dates DD/MM/YYYY, money '£1,234.50'). Null without LibreOffice.
 */
export async function libreOfficeCsv(data: Buffer): Promise<string[][] | null> {
  if (!SOFFICE) return null;
  const dir = await mkdtemp(path.join(tmpdir(), 'report-lo-'));
  try {
    const file = path.join(dir, 'report.xlsx');
    await writeFile(file, data);
    await run(
      SOFFICE,
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1,,1033,false,true,true',
        '--outdir',
        dir,
        file,
      ],
      { timeout: 120_000 },
    );
    const text = await readFile(path.join(dir, 'report.csv'), 'utf8');
    const { parse } = await import('csv-parse/sync');
    return parse(text, { relax_column_count: true }) as string[][];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Parses a CSV report (BOM and CRLF allowed) into rows of cells. */
export async function readCsvReport(data: Buffer): Promise<string[][]> {
  const { parse } = await import('csv-parse/sync');
  return parse(data.toString('utf8').replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
}

/** POSTs a report as `token` (admin by default); expects 200 and answers the file, its name and its job id. */
export async function fetchReport(
  t: TestContext,
  path: string,
  body: object,
  token = t.adminToken,
): Promise<{ data: Buffer; name: string; jobId: number; contentType: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: bearer(token),
    payload: body,
  });
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? '';
  return {
    data: res.rawPayload,
    name,
    jobId: Number(res.headers['x-report-job']),
    contentType: String(res.headers['content-type']),
  };
}

/** POSTs a report expecting a refusal: answers the status and the envelope. */
export async function refusedReport(t: TestContext, path: string, body: object, token = t.adminToken) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: bearer(token),
    payload: body,
  });
  return {
    status: res.statusCode,
    body: res.json() as { message: string; errors?: Record<string, string[]> },
  };
}

/**
 * The common checks of an xlsx report's layout: the title, the 'Filters:' and 'Run …' lines, the
 * header frozen under row 4 with an autofilter starting there, money columns formatted in pounds
 * and date columns DD/MM/YYYY.
 */
export function expectReportLayout(
  r: ReadReport,
  title: string,
  moneyHeaders: string[],
  dateHeaders: string[],
) {
  expect(r.title).toBe(title);
  expect(r.filters).toMatch(/^Filters: /);
  expect(r.ran).toMatch(/^Run \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} by /);
  expect(r.frozenRows).toBe(4);
  expect(r.autoFilter).toMatch(/A4/);
  for (const h of moneyHeaders) {
    const i = r.header.indexOf(h);
    expect(i, `money column ${h}`).toBeGreaterThanOrEqual(0);
    if (r.rows.length) expect(r.formats[i], `format of ${h}`).toContain('£');
  }
  for (const h of dateHeaders) {
    const i = r.header.indexOf(h);
    expect(i, `date column ${h}`).toBeGreaterThanOrEqual(0);
    if (r.rows.length) expect(r.formats[i], `format of ${h}`).toBe('dd/mm/yyyy');
  }
  for (const w of r.widths) expect(w).toBeGreaterThanOrEqual(8);
}

/**
 * The background_jobs row of a report run (X-Report-Job) once it has finished — the row is closed
 * just after the last bytes are written, so this waits a moment for it.
 */
export async function reportJob(t: TestContext, jobId: number) {
  let job: { status: string } & Record<string, unknown> = { status: 'running' };
  for (let i = 0; i < 50 && job.status === 'running'; i++) {
    if (i) await new Promise((r) => setTimeout(r, 100));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/jobs/${jobId}`,
      headers: bearer(t.adminToken),
    });
    job = res.json();
  }
  return job;
}
