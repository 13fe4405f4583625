import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import type { Content, TDocumentDefinitions } from './pdf';

/**
 * The operator's letterhead on every A4 document (issue #12): a header band with the company's
 * name and contact details, and a footer with the company line, the ABTA / ATOL / VAT numbers and
 * 'Page X of Y'. Values come from system settings (company_name, company_address, company_phone,
 * company_email, company_website, abta_number, atol_number, vat_number); a blank one is left out.
 */

/** The letterhead settings ('' when unset). */
export interface Letterhead {
  company_name: string;
  company_address: string;
  company_phone: string;
  company_email: string;
  company_website: string;
  abta_number: string;
  atol_number: string;
  vat_number: string;
}

/** The system settings the letterhead is made of, in the order of `Letterhead`. */
export const LETTERHEAD_KEYS = [
  'company_name',
  'company_address',
  'company_phone',
  'company_email',
  'company_website',
  'abta_number',
  'atol_number',
  'vat_number',
] as const satisfies readonly (keyof Letterhead)[];

/**
 * System settings by name, trimmed, '' for any missing or null: the one reader behind the
 * letterhead and the booking documents' company settings.
 */
export async function loadSettingValues<K extends string>(
  db: Db,
  names: readonly K[],
): Promise<Record<K, string>> {
  const rows = await queryRows<{ name: string; value: string | null }>(
    db,
    sql`select name, value from system_settings where name in (${sql.join(
      names.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
  const byName = new Map(rows.map((r) => [r.name, r.value ?? '']));
  return Object.fromEntries(names.map((n) => [n, byName.get(n)?.trim() ?? ''])) as Record<K, string>;
}

/** The letterhead from system settings (a missing or null setting reads ''). */
export async function loadLetterhead(db: Db): Promise<Letterhead> {
  return loadSettingValues(db, LETTERHEAD_KEYS);
}

/** The letterhead and ATOL settings the booking and group documents print (system settings; '' when unset). */
export interface CompanySettings extends Letterhead {
  atol_protection_wording: string;
  atol_protection_contribution: string;
}

const COMPANY_SETTING_NAMES = [
  ...LETTERHEAD_KEYS,
  'atol_protection_wording',
  'atol_protection_contribution',
] as const satisfies readonly (keyof CompanySettings)[];

/** The letterhead and ATOL settings (system settings), '' for any not set. */
export async function loadCompanySettings(db: Db): Promise<CompanySettings> {
  return loadSettingValues(db, COMPANY_SETTING_NAMES);
}

/** The house palette of the documents: one accent, quiet greys, light rules. */
export const INK = {
  accent: '#1d3a5f',
  accentSoft: '#e8eef5',
  text: '#1f2328',
  muted: '#5b6470',
  rule: '#d5dbe3',
  zebra: '#f6f8fa',
  danger: '#a4262c',
} as const;

const A4_WIDTH = 595.28;
const SIDE = 40;
/** Page margins: room for the header band above and the footer below. */
export const PAGE_MARGINS: [number, number, number, number] = [SIDE, 96, SIDE, 62];

/** 'ABTA P7123 · ATOL 11234 · VAT GB 123 4567 89', the numbers that are set. */
export function registrationLine(l: Letterhead): string {
  return [
    l.abta_number && `ABTA ${l.abta_number}`,
    l.atol_number && `ATOL ${l.atol_number}`,
    l.vat_number && `VAT No. ${l.vat_number}`,
  ]
    .filter(Boolean)
    .join('  ·  ');
}

function header(l: Letterhead, title: string, reference: string | undefined, page: number): Content {
  const contact = [l.company_phone && `Tel ${l.company_phone}`, l.company_email, l.company_website].filter(
    Boolean,
  ) as string[];
  return {
    margin: [SIDE, 28, SIDE, 0],
    stack: [
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: l.company_name || 'Tour operator', fontSize: 17, bold: true, color: INK.accent },
              { text: l.company_address, fontSize: 8.5, color: INK.muted, margin: [0, 3, 0, 0] },
            ],
          },
          {
            width: 'auto',
            alignment: 'right',
            stack: [...contact.map((c) => ({ text: c, fontSize: 8.5, color: INK.muted, lineHeight: 1.15 }))],
          },
        ],
      },
      {
        canvas: [{ type: 'rect', x: 0, y: 0, w: A4_WIDTH - 2 * SIDE, h: 2.2, color: INK.accent }],
        margin: [0, 9, 0, 0],
      },
      {
        columns: [
          // The running title from page 2 on; page 1 carries the document's own title.
          {
            text: page > 1 ? title.toUpperCase() : ' ',
            fontSize: 7.5,
            bold: true,
            color: INK.accent,
            characterSpacing: 1,
          },
          reference && page > 1
            ? { text: reference, fontSize: 7.5, color: INK.muted, alignment: 'right' }
            : { text: '' },
        ],
        margin: [0, 4, 0, 0],
      },
    ],
  };
}

function footer(l: Letterhead, page: number, pages: number): Content {
  const company = [l.company_name, l.company_address].filter(Boolean).join(', ');
  return {
    margin: [SIDE, 14, SIDE, 0],
    stack: [
      {
        canvas: [
          { type: 'line', x1: 0, y1: 0, x2: A4_WIDTH - 2 * SIDE, y2: 0, lineWidth: 0.6, lineColor: INK.rule },
        ],
      },
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: company, fontSize: 7.5, color: INK.muted },
              { text: registrationLine(l), fontSize: 7.5, color: INK.muted, margin: [0, 2, 0, 0] },
            ],
          },
          {
            width: 'auto',
            text: `Page ${page} of ${pages}`,
            fontSize: 7.5,
            color: INK.muted,
            margin: [12, 0, 0, 0],
          },
        ],
        margin: [0, 6, 0, 0],
      },
    ],
  };
}

/**
 * A whole A4 document on the letterhead: `title` names it in the band (and the PDF's metadata),
 * `reference` (e.g. 'Booking TB10023') stands at the band's right on every page; `background` is an
 * optional page colour (the ATOL certificate's pale yellow).
 */
export function onLetterhead(
  l: Letterhead,
  doc: { title: string; reference?: string; content: Content; background?: string },
): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: PAGE_MARGINS,
    info: {
      title: doc.reference ? `${doc.title} ${doc.reference}` : doc.title,
      author: l.company_name,
      creator: l.company_name,
    },
    header: (page) => header(l, doc.title, doc.reference, page),
    footer: (page, pages) => footer(l, page, pages),
    background: doc.background
      ? (_page, size) => ({
          canvas: [{ type: 'rect', x: 0, y: 0, w: size.width, h: size.height, color: doc.background }],
        })
      : undefined,
    content: doc.content,
    defaultStyle: { fontSize: 9.5, color: INK.text, lineHeight: 1.2 },
  };
}
