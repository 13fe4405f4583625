import sanitizeHtml from 'sanitize-html';
import { greetingLine, salutationName } from '../../../shared/greeting';
import { INK, type Letterhead, onLetterhead } from '../../documents/letterhead';
import type { Content, TableCell, TDocumentDefinitions } from '../../documents/pdf';
import { richTextContent } from '../../documents/rich-text';
import { escapeHtml } from '../../lib/html';

/**
 * One brochure cover letter (spec 3 §2 Brochures 'Cover Letter', §4: 'Process new requests'): the
 * operator's letterhead, the requester's name and address where a window envelope shows it, the
 * date, then the rich-text Cover Letter with `{customer}` filled in, and a line naming the
 * brochures enclosed. The rich text goes through the documents' converter (`richTextContent`:
 * headings, paragraphs, bold, italics, links, lists); tables, which it flattens, are laid out here
 * as real tables, each cell converted the same way.
 */

/** Who the letter goes to and what it encloses. */
export interface CoverLetterRecipient {
  title?: string | null;
  first_name: string | null;
  last_name: string | null;
  address: (string | null | undefined)[];
  brochure_name: string;
  qty: number;
}

/** 'Mrs Jane Smith' (blanks left out); 'Customer' when nothing is known. */
export function recipientName(r: Pick<CoverLetterRecipient, 'title' | 'first_name' | 'last_name'>): string {
  const name = [r.title, r.first_name, r.last_name]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return name || 'Customer';
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'YYYY-MM-DD' → '1 May 2026', as a letter is dated. */
export function letterDate(ymd: string): string {
  return LONG_DATE.format(new Date(`${ymd}T00:00:00Z`));
}

/**
 * The cover letter's HTML with `{customer}` (and `{ customer }`) replaced by the escaped name — the
 * greeting's name ('Mrs Wickersham', shared/greeting.ts `salutationName`), as 'Dear {customer},' reads.
 */
export function fillCustomer(html: string, name: string): string {
  return html.replace(/\{\s*customer\s*\}/g, escapeHtml(name));
}

/** Cells of one table row: [html, isHeader][]. */
function rowsOf(tableHtml: string): { html: string; header: boolean }[][] {
  const rows: { html: string; header: boolean }[][] = [];
  for (const tr of tableHtml.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)) {
    const cells = [...tr[1].matchAll(/<(t[dh])[^>]*>([\s\S]*?)<\/\1>/gi)].map((m) => ({
      html: m[2],
      header: m[1].toLowerCase() === 'th',
    }));
    if (cells.length) rows.push(cells);
  }
  return rows;
}

/** A table of the rich text as a pdfmake table: header cells shaded, light rules, equal rows. */
function tableContent(tableHtml: string): Content | null {
  const rows = rowsOf(tableHtml);
  if (!rows.length) return null;
  const width = Math.max(...rows.map((r) => r.length));
  const body: TableCell[][] = rows.map((r) =>
    Array.from({ length: width }, (_, i) => {
      const cell = r[i];
      if (!cell) return { text: '' };
      const stack = richTextContent(cell.html);
      return {
        stack: stack.length ? stack : [{ text: '' }],
        bold: cell.header || undefined,
        fillColor: cell.header ? INK.accentSoft : undefined,
        margin: [0, 2, 0, -3],
      };
    }),
  );
  return {
    table: { widths: Array.from({ length: width }, () => '*'), body },
    layout: {
      hLineWidth: () => 0.6,
      vLineWidth: () => 0.6,
      hLineColor: () => INK.rule,
      vLineColor: () => INK.rule,
      paddingLeft: () => 6,
      paddingRight: () => 6,
    },
    margin: [0, 6, 0, 10],
  };
}

/**
 * `<li><p>text</p></li>` (what the editor writes) as `<li>text</li>`: `richTextContent` starts a
 * new block at the `<p>` and would drop the item's bullet.
 */
function unwrapListParagraphs(html: string): string {
  return html.replace(/<li([^>]*)>\s*<p[^>]*>/gi, '<li$1>').replace(/<\/p>\s*<\/li>/gi, '</li>');
}

/**
 * The cover letter's rich text as pdfmake content: everything outside tables through
 * `richTextContent`, each table as a real table. The HTML is sanitised first (it was on save too).
 */
export function coverLetterContent(html: string): Content[] {
  const clean = sanitizeHtml(unwrapListParagraphs(html), {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'u'],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  });
  const out: Content[] = [];
  let last = 0;
  for (const m of clean.matchAll(/<table[^>]*>[\s\S]*?<\/table>/gi)) {
    out.push(...richTextContent(clean.slice(last, m.index)));
    const table = tableContent(m[0]);
    if (table) out.push(table);
    last = (m.index ?? 0) + m[0].length;
  }
  out.push(...richTextContent(clean.slice(last)));
  return out;
}

/** The 'Enclosed' line: 'Europe by Coach 2027' or 'Europe by Coach 2027 (2 copies)'. */
function enclosedText(r: CoverLetterRecipient): string {
  return r.qty > 1 ? `${r.brochure_name} (${r.qty} copies)` : r.brochure_name;
}

/**
 * The letter's document definition. `html` is the stored Cover Letter; `today` 'YYYY-MM-DD'. An
 * empty cover letter still prints the address, the date, a greeting and the enclosure line.
 */
export function coverLetterDefinition(
  l: Letterhead,
  html: string,
  r: CoverLetterRecipient,
  today: string,
): TDocumentDefinitions {
  const name = recipientName(r);
  const addressLines = r.address.map((a) => (a ?? '').trim()).filter(Boolean);
  // The address block names the person in full; the greeting follows the one rule (shared/greeting.ts).
  let body = coverLetterContent(fillCustomer(html, salutationName(r)));
  if (body.length === 0) body = [{ text: greetingLine(r), margin: [0, 0, 0, 8] }];
  const def = onLetterhead(l, {
    title: 'Brochure request',
    content: [
      {
        columns: [
          {
            width: '*',
            stack: [{ text: name, bold: true }, ...addressLines.map((line) => ({ text: line }))],
            lineHeight: 1.25,
          },
          { width: 'auto', text: letterDate(today), alignment: 'right', color: INK.muted },
        ],
        margin: [0, 14, 0, 34],
      },
      ...body,
      {
        margin: [0, 18, 0, 0],
        table: {
          widths: ['*'],
          body: [
            [
              {
                text: [{ text: 'Enclosed:  ', bold: true, color: INK.accent }, enclosedText(r)],
                fillColor: INK.accentSoft,
                margin: [8, 5, 8, 5],
              },
            ],
          ],
        },
        layout: 'noBorders',
      },
    ],
  });
  // A letter reads at a letter's size, a little larger than the documents' tables.
  return { ...def, defaultStyle: { ...def.defaultStyle, fontSize: 10.5, lineHeight: 1.3 } };
}
