import type { PDFDocument } from 'pdf-lib';
import { addDays } from '../../../../shared/dates';

/** pdf-lib, loaded on the first check-in document (kept out of a server's memory until then). */
const pdfLib = () => import('pdf-lib');

import { INK, onLetterhead } from '../../../documents/letterhead';
import type { Content, TableCell, TDocumentDefinitions } from '../../../documents/pdf';
import { richTextContent } from '../../../documents/rich-text';
import type { FileStore } from '../../../storage/files';
import type { BookingDocumentData, DocAirline, DocFlight } from './data-types';
import {
  airportText,
  clock,
  customerAddressee,
  day,
  factsBox,
  note,
  opening,
  section,
  table,
  title,
  ymdOf,
} from './format';

/**
 * Airline Check-In Instructions (`airline-checkin`, spec 1 §9, spec 3 §3 Airline): for each airline
 * of the booking's flights, its flights, the airline reference, the day web check-in opens
 * (departure − web_check_in_before_days, DD/MM/YYYY), the airline's own content, and its
 * instruction PDF appended as pages after the letter (or a line saying it is not on file).
 */

/** An airline's instruction PDF as loaded from the file store; null when missing or unreadable. */
export type InstructionPdfs = Map<number, PDFDocument | null>;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(typeof c === 'string' ? Buffer.from(c) : Buffer.from(c));
  return Buffer.concat(chunks);
}

/** Loads each airline's instruction PDF from the file store (missing, unreadable or no store → null). */
export async function loadInstructionPdfs(
  d: BookingDocumentData,
  files: FileStore | undefined,
): Promise<InstructionPdfs> {
  const found: InstructionPdfs = new Map();
  for (const a of d.airlines) {
    if (!a.instruction_doc_path || !files) {
      found.set(a.id, null);
      continue;
    }
    const file = await files.open(a.instruction_doc_path);
    if (!file) {
      found.set(a.id, null);
      continue;
    }
    try {
      found.set(
        a.id,
        await (await pdfLib()).PDFDocument.load(await readAll(file.stream), { ignoreEncryption: true }),
      );
    } catch {
      found.set(a.id, null);
    }
  }
  return found;
}

/** The letter's pages followed by every airline's instruction pages, in the order of `d.airlines`. */
export async function appendInstructionPages(
  letter: Buffer,
  d: BookingDocumentData,
  pdfs: InstructionPdfs,
): Promise<Buffer> {
  const extra = d.airlines.map((a) => pdfs.get(a.id)).filter((p): p is PDFDocument => !!p);
  if (!extra.length) return letter;
  const { PDFDocument: Pdf } = await pdfLib();
  const out = await Pdf.load(letter);
  for (const src of extra) {
    const pages = await out.copyPages(src, src.getPageIndices());
    for (const p of pages) out.addPage(p);
  }
  return Buffer.from(await out.save());
}

interface AirlineFlights {
  airline: DocAirline | null;
  name: string;
  flights: DocFlight[];
  refs: string[];
}

/** The booking's flights grouped by airline (airlines by name; flights by time). */
export function flightsByAirline(d: BookingDocumentData): AirlineFlights[] {
  const groups = new Map<number | null, AirlineFlights>();
  for (const l of d.lines)
    for (const f of l.flights) {
      const key = f.airline?.id ?? null;
      let g = groups.get(key);
      if (!g) {
        const airline = d.airlines.find((a) => a.id === key) ?? null;
        g = { airline, name: f.airline?.name ?? 'Airline not recorded', flights: [], refs: [] };
        groups.set(key, g);
      }
      g.flights.push(f);
      if (l.airline_ref && !g.refs.includes(l.airline_ref)) g.refs.push(l.airline_ref);
    }
  for (const g of groups.values()) g.flights.sort((a, b) => a.departure_time.localeCompare(b.departure_time));
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Web check-in opening day: the first flight's departure date − web_check_in_before_days, 'YYYY-MM-DD'; null when unset. */
export function webCheckInOpens(g: Pick<AirlineFlights, 'airline' | 'flights'>): string | null {
  const days = g.airline?.web_check_in_before_days;
  if (days === null || days === undefined || !g.flights.length) return null;
  return addDays(ymdOf(g.flights[0].departure_time), -days);
}

function airlineSection(g: AirlineFlights, pdfs: InstructionPdfs): Content {
  const opens = webCheckInOpens(g);
  const rows: TableCell[][] = g.flights.map((f) => [
    { text: f.flight_number, bold: true },
    day(ymdOf(f.departure_time)),
    `${airportText(f.from)}${f.departure_terminal ? `, T${f.departure_terminal.replace(/^T/i, '')}` : ''} to ${airportText(f.to)}`,
    `${clock(f.departure_time)} – ${clock(f.arrival_time)}`,
  ]);
  const doc = g.airline ? pdfs.get(g.airline.id) : null;
  const docLine = doc
    ? `${g.name}'s own check-in instructions${g.airline?.instruction_doc_name ? ` (${g.airline.instruction_doc_name})` : ''} follow on the next ${doc.getPageCount() === 1 ? 'page' : `${doc.getPageCount()} pages`}.`
    : `${g.name}'s instruction document is not on file.`;
  return {
    stack: [
      section(
        g.name,
        {
          columns: [
            {
              width: '*',
              stack: [
                {
                  text: opens ? 'Web check-in opens on' : 'Web check-in',
                  fontSize: 8,
                  color: INK.muted,
                },
                {
                  text: opens ? day(opens) : 'Please check the opening time with the airline',
                  fontSize: opens ? 18 : 10,
                  bold: true,
                  color: INK.accent,
                },
                ...(opens
                  ? [
                      {
                        text: `${g.airline?.web_check_in_before_days} ${g.airline?.web_check_in_before_days === 1 ? 'day' : 'days'} before your first flight on ${day(ymdOf(g.flights[0].departure_time))}.`,
                        fontSize: 8.5,
                        color: INK.muted,
                      },
                    ]
                  : []),
              ],
            },
            factsBox([['Airline reference', g.refs.join(', ') || 'To follow']], 200),
          ],
          columnGap: 16,
        },
        { keepTogether: true },
      ),
      table({
        keepTogether: true,
        widths: [50, 62, '*', 70],
        head: ['FLIGHT', 'DATE', 'ROUTE', 'TIMES'],
        rows,
      }),
      ...(g.airline?.airline_content
        ? [
            {
              stack: richTextContent(g.airline.airline_content),
              margin: [0, 10, 0, 0] as [number, number, number, number],
            },
          ]
        : []),
      { text: docLine, italics: true, fontSize: 9, color: doc ? INK.text : INK.muted, margin: [0, 6, 0, 0] },
    ],
  };
}

/** The check-in instructions' document definition (the instruction pages are appended after rendering). */
export function checkInDocument(d: BookingDocumentData, pdfs: InstructionPdfs): TDocumentDefinitions {
  const b = d.booking;
  return onLetterhead(d.company, {
    title: 'Airline Check-In Instructions',
    reference: `Booking ${b.booking_ref}`,
    content: [
      opening(
        [
          title('Airline Check-In Instructions', 'Check in online and save time at the airport.'),
          { ...customerAddressee(d), margin: [0, 14, 0, 0] },
        ],
        [
          ['Booking ref', b.booking_ref],
          ['Departure', day(b.departure_date) || '—'],
          ['Passengers', String(d.passengers.length)],
        ],
      ),
      ...flightsByAirline(d).map((g) => airlineSection(g, pdfs)),
      note(
        'Use the airline reference above on the airline’s website to check in. Every passenger needs a boarding pass; names must match their passports.',
        [0, 16, 0, 0],
      ),
    ],
  });
}
