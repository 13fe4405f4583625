import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { spreadsheetRow } from '../../lib/spreadsheet-safe';
import {
  type ColumnKind,
  cellValue,
  csvValue,
  FORMATS,
  type ReportRow,
  Sums,
  textOf,
  widthOf,
} from './sheet-cells';
import { writeFinalSheet } from './sheet-final';

export type { ColumnKind, ReportRow };

/**
 * What a report is (issue #15): a title, its file, the filters it was run with, its columns, and the
 * SQL of its rows in order. `writeReport` streams it — rows from a database cursor straight into an
 * xlsx (exceljs WorkbookWriter, shared strings off) or CSV (csv-stringify) writer — so no report
 * holds its result in memory. Every report file looks the same:
 *
 * - xlsx: row 1 the title, row 2 the filters used, row 3 when and by whom it was run; row 4 the
 *   header, frozen and filtered; money as numbers shown '£#,##0.00', dates as real dates shown
 *   DD/MM/YYYY; widths fitted to the header and the first batch of rows; subtotal rows when a
 *   group changes (`groupBy`), a grand total, and totals per value (`summaries`) below the table.
 * - CSV: the header and the rows only (for import elsewhere): dates DD/MM/YYYY, money as plain
 *   2-decimal numbers.
 *
 * Text that a spreadsheet would read as a formula (= + - @ tab CR first) is neutralised in both
 * (lib/spreadsheet-safe.ts): text columns' values in `cellValue`, and every xlsx row the writer
 * adds goes through `spreadsheetRow`; money and other numbers stay numbers.
 */

export interface ReportColumn<R> {
  key: Extract<keyof R, string>;
  header: string;
  kind: ColumnKind;
  /** Summed into subtotal, total and summary rows (money, int, decimal columns). */
  total?: boolean;
  /** The cells' number format when the kind's own will not do (an exchange rate: '0.0000##'). */
  numFmt?: string;
}

export interface ReportSpec<R extends ReportRow = ReportRow> {
  /** The title (also the sheet's name, cut to 31 characters). */
  title: string;
  /** The download's name, e.g. 'Rooming-Report.xlsx'; '.csv' makes a CSV. */
  fileName: string;
  /** The filters used, as people read them ('Booking date: 01/11/2026 to 30/11/2026'). */
  filters: string[];
  columns: ReportColumn<R>[];
  /** The rows, in the file's order (driven through a cursor). */
  query: SQL;
  /** `select count(*)::int as n …` of the same rows, for the progress bar; without it progress has no total. */
  count?: SQL;
  /** Per-row work in TypeScript (buckets, shares) on what the query gives. */
  map?: (row: ReportRow) => R;
  /**
   * Per-batch work that needs the database (e.g. the revenue report calls the group screen's own
   * `groupRevenue` for each departure of the batch); runs after `map`. Keep it to one batch's rows.
   */
  mapBatch?: (rows: R[]) => Promise<R[]>;
  /** Subtotal rows whenever `key` changes (rows must be ordered by it), labelled 'Total {label}'. */
  groupBy?: { key: (r: R) => string; label: (r: R) => string };
  /** Totals per value below the grand total, e.g. per payment method, in the order first seen. */
  summaries?: Array<{ title: string; key: (r: R) => string | null }>;
  /** Shown in place of rows when there are none. */
  emptyText?: string;
  /**
   * A second sheet written after the table (xlsx only), from the grand totals of the `total`
   * columns (key → pounds as text): e.g. the TOMS working's filing summary. Lines are a label and
   * an optional money value.
   */
  finalSheet?: (totals: Map<string, string>) => { title: string; lines: Array<[string, string | null]> };
}

/** What the run reports back: rows written, and progress as the rows go. */
export type WriteProgress = (done: number) => Promise<void> | void;

const MAX_WIDTH = 50;
const HEADER_ROW = 4;
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7ECF3' } };
const SUBTOTAL_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF4F6F9' } };
const THIN: Partial<ExcelJS.Border> = { style: 'thin', color: { argb: 'FF9AA5B4' } };

/** The rows of a report as they come from the cursor, one batch at a time. */
export type RowBatches = AsyncIterable<ReportRow[]>;
/** The rows after the definition's `map` and `mapBatch`: what the writers write. */
type MappedBatches<R> = AsyncIterable<R[]>;

/** What `writeReport` gives back once the file is complete. */
export interface WrittenReport {
  rows: number;
}

/**
 * Streams `spec` into `out` as xlsx or CSV (by `spec.fileName`), reading `batches` (see
 * `cursorBatches`), calling `progress(rowsDone)` after each batch and waiting for `out` to drain,
 * so a slow client slows the cursor instead of filling memory. `ranBy` and `ranAt` go in the title.
 * Throws what the query throws; `out` is then left for the caller to destroy.
 */
export async function writeReport<R extends ReportRow>(
  spec: ReportSpec<R>,
  source: RowBatches,
  out: Writable,
  opts: { ranAt: string; ranBy: string; progress?: WriteProgress },
): Promise<WrittenReport> {
  const batches = mappedBatches(spec, source);
  return spec.fileName.toLowerCase().endsWith('.csv')
    ? writeCsv(spec, batches, out, opts.progress)
    : writeXlsx(spec, batches, out, opts);
}

/** The batches after the definition's `map` (per row) and `mapBatch` (per batch), when it has them. */
async function* mappedBatches<R extends ReportRow>(
  spec: ReportSpec<R>,
  source: RowBatches,
): AsyncGenerator<R[]> {
  for await (const raw of source) {
    const rows = spec.map ? raw.map(spec.map) : (raw as R[]);
    yield spec.mapBatch ? await spec.mapBatch(rows) : rows;
  }
}

async function drained(out: Writable) {
  if (out.writableNeedDrain && !out.destroyed)
    await new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  if (out.destroyed) throw new ReportAborted();
}

/** Bytes of sheet XML allowed to wait for the zip before the writer stops taking rows. */
const ZIP_BACKLOG_BYTES = 1 << 20;

/**
 * Waits until the zip has taken up the sheet XML written so far. exceljs's streaming writer hands
 * each row's XML to its zip through a stream whose back-pressure it ignores (its StreamBuf writes
 * into the PassThrough archiver reads), and deflate runs on the thread pool — without this wait a
 * fast cursor would pile the whole sheet up in memory before a byte went out. The PassThrough is
 * the StreamBuf's first pipe (exceljs 4.4 internals; with none found this only yields a turn).
 */
async function zipCaughtUp(ws: ExcelJS.Worksheet) {
  type Pipe = { _writableState?: { length: number }; _readableState?: { length: number } };
  // The PassThrough is readable-stream's (archiver's copy): its lengths are in the stream states.
  const pending = (ws as unknown as { stream?: { pipes?: Pipe[] } }).stream?.pipes?.[0];
  const backlog = () =>
    pending ? (pending._writableState?.length ?? 0) + (pending._readableState?.length ?? 0) : 0;
  await new Promise<void>((resolve) => setImmediate(resolve));
  while (backlog() > ZIP_BACKLOG_BYTES) await new Promise<void>((resolve) => setTimeout(resolve, 2));
}

/** The client went away mid-report: stop reading rows. */
export class ReportAborted extends Error {
  constructor() {
    super('The report was cancelled: the download was closed.');
  }
}

async function writeCsv<R extends ReportRow>(
  spec: ReportSpec<R>,
  batches: MappedBatches<R>,
  out: Writable,
  progress?: WriteProgress,
): Promise<WrittenReport> {
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  csv.pipe(out);
  csv.write(spreadsheetRow(spec.columns.map((c) => c.header)));
  let rows = 0;
  for await (const batch of batches) {
    for (const r of batch) {
      csv.write(spec.columns.map((c) => csvValue(c.kind, r[c.key])));
      rows++;
    }
    await progress?.(rows);
    await drained(out);
  }
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  csv.end();
  await finished;
  return { rows };
}

async function writeXlsx<R extends ReportRow>(
  spec: ReportSpec<R>,
  batches: MappedBatches<R>,
  out: Writable,
  opts: { ranAt: string; ranBy: string; progress?: WriteProgress },
): Promise<WrittenReport> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'Tour back office';
  wb.created = new Date();
  const ws = wb.addWorksheet(spec.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: HEADER_ROW, xSplit: 0 }],
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });

  const iterator = batches[Symbol.asyncIterator]();
  try {
    return await writeXlsxRows(spec, iterator, ws, wb, out, opts);
  } finally {
    // Stopped early (an error, the client gone): close the cursor.
    await iterator.return?.();
  }
}

async function writeXlsxRows<R extends ReportRow>(
  spec: ReportSpec<R>,
  iterator: AsyncIterator<R[]>,
  ws: ExcelJS.Worksheet,
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  out: Writable,
  opts: { ranAt: string; ranBy: string; progress?: WriteProgress },
): Promise<WrittenReport> {
  const cols = spec.columns;
  const totalKeys = cols.filter((c) => c.total).map((c) => c.key as string);
  const labelKey = (cols.find((c) => c.kind === 'text') ?? cols[0]).key as string;
  // The first batch is read before anything is written: the column widths are fitted to it.
  const first = await iterator.next();
  const firstRows = first.done ? [] : first.value;
  const widths = cols.map((c) => {
    let w = c.header.length;
    for (const r of firstRows) w = Math.max(w, widthOf(c.kind, r[c.key]));
    if (c.total) w = Math.max(w, 14);
    return Math.min(MAX_WIDTH, Math.max(8, w + 2));
  });
  // One style object per column, shared by every data cell of it: exceljs caches a style's id per
  // object (a WeakMap), so shared objects skip rendering the style's XML again for each cell — a
  // fresh merged copy per cell (its default) costs about half of the writing time.
  const cellStyles: Array<Partial<ExcelJS.Style>> = cols.map((c, i) => ({
    numFmt: c.numFmt ?? FORMATS[c.kind],
    alignment: { vertical: 'top', wrapText: widths[i] >= MAX_WIDTH },
  }));
  ws.columns = cols.map((c, i) => ({ key: c.key, width: widths[i], style: cellStyles[i] }));

  // The three lines above the table: one text cell each, overflowing across the columns.
  const textLine = (text: string, font: Partial<ExcelJS.Font>, height?: number) => {
    const row = ws.addRow(spreadsheetRow([text]));
    row.font = font;
    if (height) row.height = height;
    row.getCell(1).alignment = { vertical: 'middle', wrapText: false };
    row.getCell(1).numFmt = 'General';
    row.commit();
  };
  textLine(spec.title, { bold: true, size: 14 }, 22);
  textLine(spec.filters.length ? `Filters: ${spec.filters.join(' · ')}` : 'Filters: none', {});
  textLine(`Run ${opts.ranAt} by ${opts.ranBy}`, { italic: true, color: { argb: 'FF5B6675' } });
  const header = ws.addRow(spreadsheetRow(cols.map((c) => c.header)));
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.fill = HEADER_FILL;
    cell.border = { bottom: THIN };
    cell.alignment = { vertical: 'middle', wrapText: true };
    cell.numFmt = 'General';
  });
  header.commit();

  const grand = new Sums(totalKeys);
  const summaries = (spec.summaries ?? []).map((s) => ({ ...s, groups: new Map<string, Sums>() }));
  let group: { key: string; label: string; sums: Sums } | null = null;
  let rows = 0;
  let tableRows = 0; // data and subtotal rows, for the autofilter's range

  const writeTotalRow = (values: ReportRow, fill?: ExcelJS.Fill) => {
    const row = ws.addRow(
      spreadsheetRow(
        cols.map((c) =>
          c.key === labelKey ? textOf(values[c.key]) : c.total ? cellValue(c.kind, values[c.key]) : null,
        ),
      ),
    );
    row.font = { bold: true };
    row.eachCell({ includeEmpty: true }, (cell, n) => {
      if (fill) cell.fill = fill;
      cell.border = { top: THIN };
      if (cols[n - 1]?.key === labelKey) cell.numFmt = 'General';
    });
    row.commit();
  };
  const closeGroup = () => {
    if (!group) return;
    writeTotalRow(group.sums.row(`Total ${group.label}`, labelKey), SUBTOTAL_FILL);
    tableRows++;
  };

  const writeBatch = async (batch: R[]) => {
    for (const r of batch) {
      if (spec.groupBy) {
        const key = spec.groupBy.key(r);
        if (!group || group.key !== key) {
          closeGroup();
          group = { key, label: spec.groupBy.label(r), sums: new Sums(totalKeys) };
        }
        group.sums.add(r);
      }
      // cellValue already neutralises text (the hot path: no second pass).
      const row = ws.addRow(cols.map((c) => cellValue(c.kind, r[c.key])));
      row.eachCell({ includeEmpty: true }, (cell, n) => {
        cell.style = cellStyles[n - 1];
      });
      row.commit();
      tableRows++;
      grand.add(r);
      for (const s of summaries) {
        const k = s.key(r);
        if (k === null) continue;
        let sums = s.groups.get(k);
        if (!sums) {
          sums = new Sums(totalKeys);
          s.groups.set(k, sums);
        }
        sums.add(r);
      }
      rows++;
    }
    await opts.progress?.(rows);
    await zipCaughtUp(ws);
    await drained(out);
  };

  await writeBatch(firstRows);
  if (!first.done)
    while (true) {
      const next = await iterator.next();
      if (next.done) break;
      await writeBatch(next.value);
    }
  closeGroup();
  const lastTableRow = HEADER_ROW + tableRows;
  if (rows === 0) ws.addRow(spreadsheetRow([spec.emptyText ?? 'No rows match these filters.'])).commit();
  ws.autoFilter = {
    from: { row: HEADER_ROW, column: 1 },
    to: { row: Math.max(lastTableRow, HEADER_ROW + 1), column: cols.length },
  };

  if (totalKeys.length > 0 && rows > 0)
    writeTotalRow(grand.row(`Total (${rows.toLocaleString('en-GB')} rows)`, labelKey));

  for (const s of summaries) {
    if (s.groups.size === 0) continue;
    ws.addRow([]).commit();
    const t = ws.addRow(spreadsheetRow([s.title]));
    t.font = { bold: true };
    t.getCell(1).numFmt = 'General';
    t.commit();
    for (const [k, sums] of s.groups) {
      const row = ws.addRow(
        spreadsheetRow(
          cols.map((c) =>
            c.key === labelKey ? k : c.total ? cellValue(c.kind, sums.values.get(c.key)?.toString()) : null,
          ),
        ),
      );
      row.eachCell({ includeEmpty: true }, (cell, n) => {
        if (cols[n - 1]?.key === labelKey) cell.numFmt = 'General';
      });
      row.commit();
    }
  }

  ws.commit();
  if (spec.finalSheet)
    writeFinalSheet(wb, spec.finalSheet(new Map([...grand.values].map(([k, v]) => [k, v.toFixed(2)]))));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  await wb.commit();
  await finished;
  return { rows };
}
