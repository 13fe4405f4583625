import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { GroupFlight, GroupHeader, ManifestPassenger, RoomingLine } from '../../../documents/group/data';
import { manifestModel, roomingModel } from '../../../documents/group/model';
import { groupDocumentDefinition } from '../../../documents/group/pdf-layout';
import { PAGE_MARGINS } from '../../../documents/letterhead';
import { renderPdf, type TDocumentDefinitions } from '../../../documents/pdf';
import { atolCertificateDocument } from './atol-certificate';
import { checkInDocument } from './checkin';
import { confirmationDocument } from './confirmation';
import { agentInvoiceDocument, cancellationInvoiceDocument } from './invoices';
import { itineraryDocument } from './itinerary';
import { LONG_HOTEL, LONG_SURNAME, LONG_TOUR, widestBooking } from './widest-figures.fixture';

// Issue #22 point 4: 'The cancellation invoice's totals box runs past the right margin. Render every
// document at its widest figures (seven-figure amounts, long names) in a test and keep everything
// inside the page.' Every booking document (spec 1 §9) and every group PDF (spec 3 §2) is rendered
// from a booking whose every amount has seven figures and whose names are the longest we meet; each
// piece of text pdf.js finds must end inside the page's right margin and start inside the left one.
// DOCS_OUT=<dir> writes the PDFs (render them with pdftoppm to look).

/** Text may reach into the 40 pt side margins by this much (glyph overhang), no further. */
const SLACK = 1;
const SIDE = PAGE_MARGINS[0];
const GROUP_SIDE = 28;

interface Overflow {
  page: number;
  text: string;
  x: number;
  right: number;
  pageWidth: number;
}

/**
 * Every text item of every page whose box leaves the printable width: side margins of 40 pt on the
 * letterhead (letterhead.ts PAGE_MARGINS), 28 pt on the landscape group documents (pdf-layout.ts).
 */
async function overflowsOf(pdf: Buffer, side: number): Promise<{ overflows: Overflow[]; items: number }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const overflows: Overflow[] = [];
  let items = 0;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [, , pageWidth] = page.view;
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      items++;
      const x = item.transform[4];
      const right = x + item.width;
      if (x < side - SLACK || right > pageWidth - side + SLACK)
        overflows.push({ page: n, text: item.str, x: Math.round(x), right: Math.round(right), pageWidth });
    }
  }
  return { overflows, items };
}

async function rendered(name: string, def: TDocumentDefinitions): Promise<Buffer> {
  const pdf = await renderPdf(def);
  const out = process.env.DOCS_OUT;
  if (out) {
    await mkdir(out, { recursive: true });
    await writeFile(path.join(out, `${name}.pdf`), pdf);
  }
  return pdf;
}

const group: GroupHeader = {
  id: 1,
  start_date: '2027-05-30',
  duration: 15,
  tour_id: 1,
  tour_name: LONG_TOUR,
  tour_reference: 'GTSHIWD-2027-SUMMER-SOLSTICE',
  tour_type: 'air',
};

const groupPassenger = (n: number) => ({
  title: 'Lady',
  first_name: `Annabel-Georgiana ${n}`,
  last_name: LONG_SURNAME,
  dob: '1956-03-14',
  gender: 'Female',
  passport_no: 'GBR1234567890123',
  passport_nationality: 'British Overseas Territories Citizen',
  passport_issue: '2020-01-01',
  passport_expiry: '2030-01-01',
});

const roomingLines: RoomingLine[] = [1, 2, 3].map((n) => ({
  line_id: n,
  booking_id: n,
  booking_ref: `HB123456789${n}`,
  status: 'Confirmed',
  cancelled: false,
  special_request: `Please seat the ${LONG_SURNAME} party together on every coach transfer and at dinner.`,
  line_special_requests: 'Ground floor rooms close to the lift for two guests with limited mobility.',
  guests: 999,
  rooms: 250,
  departure_date: '2027-06-01',
  accommodation_id: 1,
  accommodation_name: LONG_HOTEL,
  accommodation_address: 'Lochside Road, Fort William, Inverness-shire, Scottish Highlands PH33 6AA',
  accommodation_phone: '+44 (0)1397 700 000 extension 123456',
  room_id: 1,
  room_name: 'Superior Deluxe Lochview Family Suite with Balcony',
  board_basis: 'Full Board Plus',
  occupancy: 4,
  check_in: '2027-06-01',
  check_out: '2027-06-15',
  passengers: [groupPassenger(1), groupPassenger(2)],
}));

const groupFlights: GroupFlight[] = [true, false].map((out, n) => ({
  instance_id: 1,
  flight_id: n + 1,
  flight_number: out ? 'BA1234567' : 'BA7654321',
  airline: 'British Airways International Long-Haul Charter Services',
  departure_time: out ? '2027-06-01 06:45:00' : '2027-06-15 21:30:00',
  arrival_time: out ? '2027-06-01 08:20:00' : '2027-06-15 23:05:00',
  from_iata: out ? 'LHR' : 'INV',
  from_name: out ? 'London Heathrow Airport Terminal Five' : 'Inverness Airport',
  to_iata: out ? 'INV' : 'LHR',
  to_name: out ? 'Inverness Airport' : 'London Heathrow Airport Terminal Five',
  departure_terminal: 'Terminal 5 North Satellite',
  direction: out ? 'outbound' : 'inbound',
}));

const manifestPassengers: ManifestPassenger[] = [1, 2, 3].map((n) => ({
  ...groupPassenger(n),
  instance_id: 1,
  instance_label: 'Summer Solstice Special Departure with Extended Island Hopping',
  departure_date: '2027-06-01',
  booking_id: n,
  booking_ref: `HB123456789${n}`,
  airline_ref: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  status: 'Confirmed',
  cancelled: false,
}));

const live = widestBooking(false);
const cancelled = widestBooking(true);
const madeAt = new Date('2026-11-27T10:00:00Z');
const DOCUMENTS: [string, () => TDocumentDefinitions][] = [
  ['confirmation', () => confirmationDocument(live)],
  [
    'atol-certificate',
    () =>
      atolCertificateDocument(live, {
        reference: 'HB1234567890-12',
        version: 12,
        issuedAt: madeAt.toISOString(),
      }),
  ],
  ['itinerary', () => itineraryDocument(live)],
  ['check-in-instructions', () => checkInDocument(live, new Map())],
  ['agent-invoice', () => agentInvoiceDocument(live, '2026-11-27')],
  ['cancellation-invoice', () => cancellationInvoiceDocument(cancelled)],
  [
    'rooming-list',
    () => groupDocumentDefinition(roomingModel(group, roomingLines, false, madeAt), live.company),
  ],
  [
    'flight-outbound',
    () =>
      groupDocumentDefinition(
        manifestModel(group, 'outbound', groupFlights, manifestPassengers, false, madeAt),
        live.company,
      ),
  ],
  [
    'flight-return',
    () =>
      groupDocumentDefinition(
        manifestModel(group, 'inbound', groupFlights, manifestPassengers, false, madeAt),
        live.company,
      ),
  ],
];

describe('every document at its widest figures stays inside the page', () => {
  it.each(DOCUMENTS)('%s', async (name, definition) => {
    const pdf = await rendered(`widest-${name}`, definition());
    const side = /rooming|flight-/.test(name) ? GROUP_SIDE : SIDE;
    const { overflows, items } = await overflowsOf(pdf, side);
    expect(items).toBeGreaterThan(20);
    expect(overflows).toEqual([]);
  });

  it('the figures are there to be measured: seven-figure amounts on the cancellation invoice', async () => {
    const pdf = await renderPdf(cancellationInvoiceDocument(cancelled));
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    let text = '';
    for (let n = 1; n <= doc.numPages; n++)
      text += (await (await doc.getPage(n)).getTextContent()).items
        .map((i) => ('str' in i ? i.str : ''))
        .join(' ');
    expect(text).toContain('£9,876,543.21');
    expect(text).toContain('£1,234,567.89');
    expect(text).toContain('£7,530,864.21');
  });
});
