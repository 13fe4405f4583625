import { ukDate } from '../../../shared/dates';
import { INK, type Letterhead, registrationLine } from '../letterhead';
import type { Content, TableCell, TDocumentDefinitions } from '../pdf';
import type { Cell, CellKind, DocColumn, DocSection, GroupDocumentModel } from './model';

/**
 * A group document as a landscape A4 PDF (pdfmake definition for documents/pdf.ts renderPdf): the
 * operator's name and the document's label in a header band, the title lines, one table per
 * section whose first two rows — the section heading and the column headers — repeat on every
 * page it runs over (so a heading is never left alone at a page's foot), the section's total, the
 * summary table, and 'Page X of Y' with the registration numbers in the footer. The letterhead's
 * palette (letterhead.ts INK); its own band is portrait-only, so the landscape band is drawn here.
 */

const PAGE_WIDTH = 841.89;
const SIDE = 28;

function printable(kind: CellKind, v: Cell): string {
  if (v === null || v === '') return '';
  if (kind === 'date' && typeof v === 'string') return ukDate(v.slice(0, 10));
  if (kind === 'datetime' && typeof v === 'string') return `${ukDate(v.slice(0, 10))} ${v.slice(11, 16)}`;
  return String(v);
}

const isNumber = (c: DocColumn) => c.kind === 'int';

/** Cell padding left and right (tableLayout), counted when the columns are fitted to the page. */
const PAD = 4;

/**
 * Column widths in points that add up to the printable width: the fixed ones as declared, the
 * '*' ones sharing what is left. pdfmake would widen a '*' column to its longest word (a long
 * surname, an airline reference) and push the table past the right margin (issue #22); a column
 * of fixed width breaks such a word instead.
 */
function fittedWidths(cols: { pdf?: number | '*' }[]): number[] {
  const printable = PAGE_WIDTH - 2 * SIDE - cols.length * 2 * PAD;
  const fixed = cols.reduce((sum, c) => sum + (typeof c.pdf === 'number' ? c.pdf : 0), 0);
  const stars = cols.filter((c) => typeof c.pdf !== 'number').length;
  const star = stars ? Math.max(40, (printable - fixed) / stars) : 0;
  return cols.map((c) => (typeof c.pdf === 'number' ? c.pdf : star));
}

/** Light rules between rows, none between columns; a stronger rule under the column headers. */
const tableLayout = (headerRows: number) => ({
  hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
    i === headerRows ? 0.9 : i === 0 || i === node.table.body.length ? 0 : 0.4,
  vLineWidth: () => 0,
  hLineColor: (i: number) => (i === headerRows ? INK.accent : INK.rule),
  paddingLeft: () => PAD,
  paddingRight: () => PAD,
  paddingTop: () => 2.5,
  paddingBottom: () => 2.5,
  fillColor: (row: number) => (row >= headerRows && (row - headerRows) % 2 === 1 ? INK.zebra : null),
});

function headerCells(cols: DocColumn[]): TableCell[] {
  return cols.map((c) => ({
    text: c.header,
    bold: true,
    fontSize: 7.5,
    color: INK.muted,
    alignment: isNumber(c) ? 'right' : 'left',
  }));
}

function sectionTable(section: DocSection, cols: DocColumn[]): Content {
  let previous: Record<string, Cell> | null = null;
  const body: TableCell[][] = [
    [
      {
        colSpan: cols.length,
        stack: [
          { text: section.heading, bold: true, fontSize: 10.5, color: INK.accent },
          ...(section.detail
            ? [{ text: section.detail, fontSize: 7.5, color: INK.muted, margin: [0, 1, 0, 0] }]
            : []),
        ],
        margin: [0, 0, 0, 3],
      } as TableCell,
      ...cols.slice(1).map(() => ({ text: '' })),
    ],
    headerCells(cols),
  ];
  for (const r of section.rows) {
    const cancelled = r.status === 'Cancelled';
    body.push(
      cols.map((c) => {
        // A run's first row names it in bold; the rest repeat it quietly (a page may start mid-run).
        const repeated = c.pdfGroup && previous !== null && previous[c.key] === r[c.key];
        return {
          text: printable(c.kind, r[c.key]),
          alignment: isNumber(c) ? 'right' : 'left',
          color: c.key === 'status' && cancelled ? INK.danger : cancelled || repeated ? INK.muted : undefined,
          italics: cancelled && c.key !== 'status',
          bold: c.pdfGroup && !repeated,
        } as TableCell;
      }),
    );
    previous = r;
  }
  return {
    stack: [
      {
        table: {
          headerRows: 2,
          keepWithHeaderRows: 1,
          dontBreakRows: true,
          widths: fittedWidths(cols),
          body,
        },
        layout: tableLayout(2),
        fontSize: 8,
      },
      { text: section.total, bold: true, fontSize: 8.5, alignment: 'right', margin: [0, 3, 0, 0] },
    ],
    margin: [0, 0, 0, 14],
  };
}

function summaryTable(m: GroupDocumentModel): Content {
  const cols = m.summary.columns;
  const row = (r: Record<string, Cell>, bold: boolean): TableCell[] =>
    cols.map((c) => ({
      text: printable(c.kind, r[c.key] ?? null),
      bold,
      alignment: isNumber(c) ? 'right' : 'left',
    }));
  return {
    unbreakable: m.summary.rows.length < 25,
    stack: [
      { text: m.summary.title, bold: true, fontSize: 10, color: INK.accent, margin: [0, 0, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: fittedWidths(cols),
          body: [
            headerCells(cols),
            ...m.summary.rows.map((r) => row(r, false)),
            ...(m.summary.total ? [row(m.summary.total, true)] : []),
          ],
        },
        layout: tableLayout(1),
        fontSize: 8.5,
      },
    ],
  };
}

/** The pdfmake definition of a group document on the operator's letterhead, landscape A4. */
export function groupDocumentDefinition(m: GroupDocumentModel, l: Letterhead): TDocumentDefinitions {
  const printed = m.columns.filter((c) => c.pdf !== undefined);
  const content: Content[] = [
    { text: m.title, fontSize: 14, bold: true, color: INK.text },
    { text: m.subtitle, fontSize: 8.5, color: INK.muted, margin: [0, 2, 0, 12] },
    ...(m.sections.length
      ? m.sections.map((s) => sectionTable(s, printed))
      : [{ text: m.emptyText, italics: true, color: INK.muted, margin: [0, 0, 0, 14] } as Content]),
    ...(m.summary.rows.length ? [summaryTable(m)] : []),
  ];
  const width = PAGE_WIDTH - 2 * SIDE;
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [SIDE, 58, SIDE, 40],
    info: { title: m.title, author: l.company_name, creator: l.company_name },
    header: () => ({
      margin: [SIDE, 20, SIDE, 0],
      stack: [
        {
          columns: [
            { text: l.company_name || 'Tour operator', fontSize: 13, bold: true, color: INK.accent },
            {
              text: m.label.toUpperCase(),
              fontSize: 8,
              bold: true,
              color: INK.accent,
              characterSpacing: 1,
              alignment: 'right',
              margin: [0, 4, 0, 0],
            },
          ],
        },
        { canvas: [{ type: 'rect', x: 0, y: 0, w: width, h: 1.8, color: INK.accent }], margin: [0, 6, 0, 0] },
      ],
    }),
    footer: (page: number, pages: number) => ({
      margin: [SIDE, 12, SIDE, 0],
      columns: [
        {
          width: '*',
          text: [l.company_name, registrationLine(l)].filter(Boolean).join('  ·  '),
          fontSize: 7.5,
          color: INK.muted,
        },
        { width: 'auto', text: `Page ${page} of ${pages}`, fontSize: 7.5, color: INK.muted },
      ],
    }),
    content,
    defaultStyle: { fontSize: 9, color: INK.text, lineHeight: 1.15 },
  };
}
