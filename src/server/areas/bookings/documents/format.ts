import { londonDay as londonYmd, ukDate } from '../../../../shared/dates';
import { poundsText } from '../../../../shared/money-text';
import { INK } from '../../../documents/letterhead';
import type { Column, Content, ContentStack, TableCell } from '../../../documents/pdf';
import type { BookingDocumentData, DocFlight, DocPassenger } from './data-types';

/**
 * Text and building blocks shared by the booking documents: money as '£1,234.56' from decimal text
 * (poundsText, no floats), dates DD/MM/YYYY, times HH:mm, and the house table, heading and figures
 * styles (light rules, aligned money columns, headings kept with what follows).
 */

/** '£1,234.56' from pounds as decimal text; '£0.00' for a blank. */
export const gbp = (amount: string | null | undefined) => poundsText(amount || '0') || '£0.00';

/** 'YYYY-MM-DD' (or a longer ISO text's date part) → 'DD/MM/YYYY'; '' for null. */
export const day = (ymd: string | null | undefined) => (ymd ? ukDate(ymd.slice(0, 10)) : '');

/** An ISO 8601 timestamp → its London calendar day, 'DD/MM/YYYY'; '' for null. */
export const londonDay = (iso: string | null | undefined) => (iso ? ukDate(londonYmd(iso)) : '');

/** A flight's local date-time ('YYYY-MM-DD HH:mm:ss' or with a 'T') → 'HH:mm'. */
export const clock = (localDateTime: string) => localDateTime.slice(11, 16);

/** A flight's local date-time → 'YYYY-MM-DD'. */
export const ymdOf = (localDateTime: string) => localDateTime.slice(0, 10);

/** 'Mr John Smith'. */
export const passengerName = (p: Pick<DocPassenger, 'title' | 'first_name' | 'last_name'>) =>
  [p.title, p.first_name, p.last_name].filter((x) => x?.trim()).join(' ');

/** 'Manchester (MAN)', or just the code when the name is unknown. */
export const airportText = (a: { iata: string; name: string | null }) =>
  a.name ? `${a.name} (${a.iata})` : a.iata;

/** The tour types of spec 3 §9 as read on a document. */
export const TOUR_TYPE_LABELS: Record<string, string> = {
  air: 'Air holiday',
  coach: 'Coach holiday',
  'self-drive': 'Self-drive holiday',
  'world-wide': 'Worldwide holiday',
};

/** A flight on one line: 'LS123 · Jet2  01/06/2027  MAN 08:30 – PMI 11:45'. */
export function flightText(f: DocFlight): string {
  const airline = f.airline ? ` · ${f.airline.name}` : '';
  return `${f.flight_number}${airline}  ${day(ymdOf(f.departure_time))}  ${f.from.iata} ${clock(f.departure_time)} – ${f.to.iata} ${clock(f.arrival_time)}`;
}

/** Pages' vertical share after which a section heading moves to the next page (no orphan headings). */
export const HEADING_BREAK_RATIO = 0.8;

/** A section heading: small capitals in the accent colour, over a thin rule. */
export function heading(text: string, marginTop = 16): Content {
  return {
    headlineLevel: 1,
    margin: [0, marginTop, 0, 5],
    stack: [
      { text: text.toUpperCase(), fontSize: 8.5, bold: true, color: INK.accent, characterSpacing: 0.8 },
      { canvas: [{ type: 'line', x1: 0, y1: 2, x2: 515, y2: 2, lineWidth: 0.6, lineColor: INK.rule }] },
    ],
  };
}

/** A heading and its block that stay together (short blocks never split across pages). */
export function section(
  title: string,
  body: Content,
  opts: { keepTogether?: boolean; marginTop?: number } = {},
): Content {
  return { stack: [heading(title, opts.marginTop), body], unbreakable: opts.keepTogether ?? false };
}

type Align = 'left' | 'right' | 'center';

/** The heading row of a titled table: the section heading in small capitals over an accent rule. */
const headingCell = (text: string, span: number): TableCell => ({
  text: text.toUpperCase(),
  colSpan: span,
  fontSize: 8.5,
  bold: true,
  color: INK.accent,
  characterSpacing: 0.8,
  margin: [-6, 10, 0, 0],
});

/**
 * The house table: an optional section title as its first row, a header row on a pale band in
 * muted small type — both repeated on each page and kept with the first body row, so a heading is
 * never left alone at the foot of a page —, body rows with light rules between them, money columns
 * right-aligned and never wrapped, and bold total rows under an accent rule.
 */
export function table(opts: {
  title?: string;
  widths: (number | string)[];
  head: string[];
  align?: Align[];
  rows: TableCell[][];
  /** Total rows, in bold under an accent rule. */
  footRows?: TableCell[][];
  /** Keep the whole table on one page when it fits (short tables). */
  keepTogether?: boolean;
}): Content {
  const align = opts.align ?? opts.head.map(() => 'left' as Align);
  const cols = opts.head.length;
  const titled = opts.title ? 1 : 0;
  const head: TableCell[] = opts.head.map((h, i) => ({
    text: h,
    bold: true,
    fontSize: 7.5,
    color: INK.muted,
    alignment: align[i],
    characterSpacing: 0.3,
  }));
  const cell = (c: TableCell, i: number): TableCell =>
    typeof c === 'string' || typeof c === 'number'
      ? { text: String(c), alignment: align[i], noWrap: align[i] === 'right' }
      : ({ alignment: align[i], ...(c as object) } as TableCell);
  const body = opts.rows.map((r) => r.map(cell));
  const foot = (opts.footRows ?? []).map((r) =>
    r.map((c, i) => ({ ...(cell(c, i) as object), bold: true }) as TableCell),
  );
  const titleRow: TableCell[][] = opts.title
    ? [[headingCell(opts.title, cols), ...Array.from({ length: cols - 1 }, () => ({ text: '' }))]]
    : [];
  const headRow = titled; // index of the column heads
  const firstBody = titled + 1;
  const firstFoot = firstBody + body.length;
  const content: Content = {
    table: {
      headerRows: titled + 1,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: opts.widths,
      body: [...titleRow, head, ...body, ...foot],
    },
    layout: {
      fillColor: (row: number) => (row === headRow ? INK.accentSoft : null),
      hLineWidth: (i: number, node: { table: { body: unknown[] } }) => {
        if (titled && i === 1) return 1;
        if (i <= firstBody) return 0;
        if (i === firstFoot && foot.length) return 0.8;
        return i === node.table.body.length ? 0.8 : 0.5;
      },
      hLineColor: (i: number, node: { table: { body: unknown[] } }) =>
        (titled && i === 1) || i === node.table.body.length || (i === firstFoot && foot.length)
          ? INK.accent
          : INK.rule,
      vLineWidth: () => 0,
      paddingLeft: (i: number) => (i === 0 ? 6 : 5),
      paddingRight: (i: number) => (i === cols - 1 ? 6 : 5),
      paddingTop: (row: number) => (row < titled ? 0 : row === headRow ? 4 : 5),
      paddingBottom: (row: number) => (row < titled ? 3 : row === headRow ? 4 : 5),
    },
  };
  return opts.keepTogether ? { stack: [content], unbreakable: true } : content;
}

/** One row of a figures box: a label and an amount (pounds text). */
export interface Figure {
  label: string;
  amount: string;
  /** The total line: bold, over a rule. */
  total?: boolean;
  /** The line to look at (balance): bold in the accent colour on a pale band. */
  emphasis?: boolean;
  /** Struck through (the invoice value of a cancelled booking, spec 1 §4). */
  strike?: boolean;
  /** Shown as given instead of as money. */
  raw?: boolean;
}

/**
 * The figures as a table filling its column: labels left (wrapping), amounts right on one line,
 * totals ruled, the balance banded. Put it straight into a column of the width it should take: a
 * table inside a nested '*' column was laid out wider than its column and pushed the amounts past
 * the right margin (the cancellation invoice at seven figures, issue #22).
 */
export function figuresTable(figures: Figure[]): Content {
  const body = figures.map((f) => [
    { text: f.label, bold: f.total || f.emphasis, color: f.emphasis ? INK.accent : INK.text },
    {
      text: f.raw ? f.amount : gbp(f.amount),
      alignment: 'right',
      noWrap: true,
      bold: f.total || f.emphasis,
      color: f.emphasis ? INK.accent : INK.text,
      decoration: f.strike ? 'lineThrough' : undefined,
    },
  ]) as TableCell[][];
  return {
    table: { widths: ['*', 'auto'], body },
    layout: {
      fillColor: (row: number) => (figures[row]?.emphasis ? INK.accentSoft : null),
      hLineWidth: (i: number) => (figures[i]?.total || figures[i]?.emphasis ? 0.8 : 0),
      hLineColor: () => INK.accent,
      vLineWidth: () => 0,
      paddingLeft: () => 6,
      paddingRight: () => 6,
      paddingTop: () => 3.5,
      paddingBottom: () => 3.5,
    },
  };
}

/** Padding left and right of a facts cell. */
const FACT_PAD = 8;
/** The facts' label column: wide enough for 'Airline reference' at 8.5 pt. */
const FACT_LABEL = 72;

/**
 * Label/value pairs in a pale box (booking ref, dates, status) — the 'at a glance' panel. Both
 * columns have fixed widths, so a value with a long word (a double-barrelled surname, an airline
 * reference) breaks inside the box instead of widening it past the margin (issue #22).
 */
export function factsBox(facts: [string, string][], width = 210): Column {
  return {
    width,
    table: {
      widths: [FACT_LABEL, width - FACT_LABEL - 4 * FACT_PAD],
      body: facts.map(([k, v]) => [
        { text: k, color: INK.muted, fontSize: 8.5 },
        { text: v, bold: true, alignment: 'right' },
      ]),
    },
    layout: {
      fillColor: () => INK.zebra,
      hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
        i === 0 || i === node.table.body.length ? 0 : 0.5,
      hLineColor: () => '#ffffff',
      vLineWidth: () => 0,
      paddingLeft: () => FACT_PAD,
      paddingRight: () => FACT_PAD,
      paddingTop: () => 4,
      paddingBottom: () => 4,
    },
  };
}

/** The document's title, large, with an optional line under it. */
export function title(text: string, sub?: string): Content {
  return {
    stack: [
      { text, fontSize: 20, bold: true, color: INK.accent },
      ...(sub
        ? [
            {
              text: sub,
              fontSize: 9.5,
              color: INK.muted,
              margin: [0, 2, 0, 0] as [number, number, number, number],
            },
          ]
        : []),
    ],
  };
}

/** Who a document is addressed to: a name in bold and the address lines. */
export function addressBlock(
  label: string,
  name: string,
  lines: string[],
  extra: string[] = [],
): ContentStack {
  return {
    stack: [
      {
        text: label.toUpperCase(),
        fontSize: 7.5,
        bold: true,
        color: INK.muted,
        characterSpacing: 0.6,
        margin: [0, 0, 0, 3],
      },
      { text: name, bold: true, fontSize: 10.5 },
      ...lines.map((l) => ({ text: l })),
      ...extra.map((l) => ({ text: l, color: INK.muted, fontSize: 8.5 })),
    ],
  };
}

/** The document's opening: title and addressee on the left, the facts panel on the right. */
export function opening(left: Content[], facts: [string, string][]): Content {
  return {
    columns: [{ width: '*', stack: left }, factsBox(facts)],
    columnGap: 20,
    margin: [0, 0, 0, 4],
  };
}

/** A paragraph in muted small type (notes, small print). */
export const note = (text: string, margin: [number, number, number, number] = [0, 6, 0, 0]): Content => ({
  text,
  fontSize: 8.5,
  color: INK.muted,
  margin,
});

/** The addressee of a customer-facing document: the customer, else the agent. */
export function customerAddressee(d: BookingDocumentData): ContentStack {
  if (d.customer) {
    const c = d.customer;
    return addressBlock(
      'Customer',
      passengerName(c),
      c.address,
      [c.email ?? '', c.phone ?? ''].filter(Boolean),
    );
  }
  const a = d.agent;
  if (!a) return { stack: [] };
  return addressBlock(
    'Agent',
    a.name,
    a.address,
    [a.abta ? `ABTA ${a.abta}` : '', a.email ?? ''].filter(Boolean),
  );
}
