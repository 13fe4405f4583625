import { INK, onLetterhead } from '../../../documents/letterhead';
import type { Content, TableCell, TDocumentDefinitions } from '../../../documents/pdf';
import { roomText, stayText } from './blocks';
import type { BookingDocumentData } from './data-types';
import { airportText, clock, day, londonDay, passengerName, TOUR_TYPE_LABELS, table, ymdOf } from './format';

/**
 * The ATOL Certificate (`atol`) in the CAA's format (ATOL Regulations 2012, regs 17 and 19): the
 * issuer's business name and ATOL number, the unique reference number (booking ref and version),
 * the date of issue, who is protected (every passenger), what is protected (flights, accommodation,
 * other services, with dates) and the standard protection wording (the `atol_protection_wording`
 * setting, {atol_number} and {company_name} filled). Pale yellow pages, as the CAA's screen copy.
 */

/** The pale yellow of the CAA's ATOL Certificate screen copy. */
export const ATOL_YELLOW = '#fff6bf';
const BOX_RULE = '#8a7a1f';

/** The certificate being printed: its reference, version and issue time (ISO). */
export interface AtolIssue {
  reference: string;
  version: number;
  issuedAt: string;
}

/** The wording with {atol_number} and {company_name} filled in (every occurrence). */
export function protectionWording(d: BookingDocumentData): string {
  return d.company.atol_protection_wording
    .replaceAll('{atol_number}', d.company.atol_number)
    .replaceAll('{company_name}', d.company.company_name);
}

function box(label: string, value: string): Content {
  return {
    table: {
      widths: ['*'],
      body: [
        [{ text: label.toUpperCase(), fontSize: 7, bold: true, color: INK.muted, characterSpacing: 0.6 }],
        [{ text: value, fontSize: 12, bold: true }],
      ],
    },
    layout: {
      hLineWidth: (i: number) => (i === 1 ? 0 : 1),
      vLineWidth: () => 1,
      hLineColor: () => BOX_RULE,
      vLineColor: () => BOX_RULE,
      fillColor: () => '#ffffff',
      paddingLeft: () => 8,
      paddingRight: () => 8,
      paddingTop: (i: number) => (i === 0 ? 6 : 1),
      paddingBottom: (i: number) => (i === 0 ? 0 : 7),
    },
  };
}

/** The protected components: flights, accommodation and other services (the tours), with dates. */
function components(d: BookingDocumentData): TableCell[][] {
  const rows: TableCell[][] = [];
  for (const l of d.lines)
    for (const f of l.flights)
      rows.push([
        'Flight',
        {
          stack: [
            { text: `${f.flight_number}${f.airline ? ` · ${f.airline.name}` : ''}`, bold: true },
            `${airportText(f.from)} to ${airportText(f.to)}`,
            {
              text: `Departs ${clock(f.departure_time)}, arrives ${clock(f.arrival_time)}`,
              color: INK.muted,
              fontSize: 8.5,
            },
          ],
        },
        day(ymdOf(f.departure_time)),
      ]);
  for (const l of d.lines)
    if (l.accommodation)
      rows.push([
        'Accommodation',
        {
          stack: [
            { text: [l.accommodation.name, l.accommodation.resort].filter(Boolean).join(', '), bold: true },
            roomText(l) ?? '',
            { text: stayText(l) ?? '', color: INK.muted, fontSize: 8.5 },
          ],
        },
        day(l.check_in_date ?? l.instance.departure_date),
      ]);
  for (const l of d.lines)
    rows.push([
      'Other services',
      {
        stack: [
          { text: l.tour.name, bold: true },
          `${TOUR_TYPE_LABELS[l.tour.tour_type] ?? 'Holiday'}${l.instance.duration ? `, ${l.instance.duration} days` : ''} for ${l.guests} ${l.guests === 1 ? 'guest' : 'guests'}`,
        ],
      },
      day(l.instance.departure_date),
    ]);
  return rows;
}

/** The ATOL Certificate's document definition (see the module comment). */
export function atolCertificateDocument(d: BookingDocumentData, issue: AtolIssue): TDocumentDefinitions {
  const c = d.company;
  return onLetterhead(c, {
    title: 'ATOL Certificate',
    reference: issue.reference,
    background: ATOL_YELLOW,
    content: [
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: 'ATOL Certificate', fontSize: 22, bold: true },
              {
                text: 'Issued under the ATOL Regulations 2012 by an ATOL holder to confirm that the flights and other travel services listed below are protected.',
                fontSize: 8.5,
                color: INK.muted,
                margin: [0, 3, 0, 0],
              },
            ],
          },
          {
            width: 96,
            table: {
              widths: ['*'],
              body: [
                [{ text: 'ATOL', fontSize: 20, bold: true, alignment: 'center' }],
                [{ text: `PROTECTED\n${c.atol_number}`, fontSize: 8, bold: true, alignment: 'center' }],
              ],
            },
            layout: {
              hLineWidth: (i: number) => (i === 1 ? 0 : 1.5),
              vLineWidth: () => 1.5,
              hLineColor: () => '#1f2328',
              vLineColor: () => '#1f2328',
              fillColor: () => '#ffffff',
              paddingTop: (i: number) => (i === 0 ? 6 : 0),
              paddingBottom: (i: number) => (i === 0 ? 0 : 6),
            },
          },
        ],
        columnGap: 20,
      },
      {
        columns: [box('ATOL holder', c.company_name), box('ATOL number', c.atol_number)],
        columnGap: 10,
        margin: [0, 12, 0, 0],
      },
      {
        columns: [
          box('Unique reference number', issue.reference),
          box('Date of issue', londonDay(issue.issuedAt)),
        ],
        columnGap: 10,
        margin: [0, 8, 0, 0],
      },
      table({
        title: 'Who is protected',
        keepTogether: true,
        widths: [18, '*'],
        head: ['#', 'PASSENGER NAME'],
        align: ['right', 'left'],
        rows: d.passengers.map((p, i) => [String(i + 1), passengerName(p)]),
      }),
      table({
        title: 'What is protected',
        widths: [92, '*', 70],
        head: ['COMPONENT', 'DETAILS', 'DATE'],
        rows: components(d),
      }),
      {
        stack: [
          {
            text: 'YOUR FINANCIAL PROTECTION',
            fontSize: 8.5,
            bold: true,
            characterSpacing: 0.8,
            margin: [0, 0, 0, 4],
          },
          { text: protectionWording(d), fontSize: 8, lineHeight: 1.25, alignment: 'justify' },
        ],
        margin: [0, 14, 0, 0],
        unbreakable: true,
      },
      {
        text: `Booking reference ${d.booking.booking_ref}${issue.version > 0 ? ` · certificate version ${issue.version}` : ''}. A new certificate replaces this one whenever its details change.`,
        fontSize: 8,
        color: INK.muted,
        margin: [0, 10, 0, 0],
      },
    ],
  });
}
