import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { bookingTotals } from '../../shared/booking-totals';
import { equalInstalments } from '../../shared/instalments';
import { paymentSchedule } from '../../shared/payment-schedule';
import { atolCertificateDocument } from './booking/atol-certificate';
import { checkInDocument } from './booking/checkin';
import { confirmationDocument } from './booking/confirmation';
import type { BookingDocumentData, DocFlight, DocLine } from './booking/data-types';
import { agentInvoiceDocument, cancellationInvoiceDocument } from './booking/invoices';
import { itineraryDocument } from './booking/itinerary';
import type { GroupFlight, GroupHeader, ManifestPassenger, RoomingLine } from './group/data';
import { manifestModel, roomingModel } from './group/model';
import { groupDocumentDefinition } from './group/pdf-layout';
import { PAGE_MARGINS } from './letterhead';
import { renderPdf, type TDocumentDefinitions } from './pdf';

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

const LONG_TOUR =
  'Grand Tour of the Scottish Highlands, Islands and Whisky Distilleries with Loch Ness Cruise';
const LONG_HOTEL =
  'The Right Honourable Duke of Westminster’s Grand Highland Lochside Spa Resort & Conference Centre';
const LONG_SURNAME = 'Featherstonehaugh-Wolfeschlegelsteinhausenbergerdorff';
const BIG = '1234567.89';

const flight = (id: number, out: boolean): DocFlight => ({
  id,
  flight_number: out ? 'BA1234567' : 'BA7654321',
  airline: { id: 1, name: 'British Airways International Long-Haul Charter Services' },
  from: {
    iata: out ? 'LHR' : 'INV',
    name: out ? 'London Heathrow Airport Terminal Five' : 'Inverness Airport',
  },
  to: {
    iata: out ? 'INV' : 'LHR',
    name: out ? 'Inverness Airport' : 'London Heathrow Airport Terminal Five',
  },
  departure_terminal: 'Terminal 5 North Satellite',
  arrival_terminal: 'Main Terminal',
  departure_time: out ? '2027-06-01 06:45:00' : '2027-06-15 21:30:00',
  arrival_time: out ? '2027-06-01 08:20:00' : '2027-06-15 23:05:00',
});

const line = (id: number): DocLine => ({
  id,
  tour: { id: 1, name: LONG_TOUR, tour_type: 'air' },
  instance: {
    id: 1,
    title: 'Summer Solstice Special Departure with Extended Island Hopping',
    departure_date: '2027-06-01',
    group_start_date: '2027-05-30',
    duration: 15,
    airport: { iata: 'LHR', name: 'London Heathrow Airport Terminal Five' },
    pick_up_point: null,
    self_drive: false,
  },
  flights: [flight(1, true), flight(2, false)],
  accommodation: {
    id: 1,
    name: LONG_HOTEL,
    resort: 'Fort William and the Great Glen including Glencoe',
    address: 'Lochside Road, Fort William, Inverness-shire, Scottish Highlands PH33 6AA, United Kingdom',
    phone: '+44 (0)1397 700 000 extension 123456',
  },
  room: {
    name: 'Superior Deluxe Lochview Family Suite with Balcony',
    board_basis: 'Full Board Plus',
    occupancy: 4,
  },
  rooms: 250,
  guests: 999,
  price_per_guest: '1235.80',
  line_total: BIG,
  check_in_date: '2027-06-01',
  check_out_date: '2027-06-15',
  nights: 14,
  airline_ref: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  special_requests: 'Ground floor rooms close to the lift for two guests with limited mobility, please.',
  passenger_ids: [1, 2, 3],
});

function widestBooking(cancelled: boolean): BookingDocumentData {
  const totals = {
    ...bookingTotals({ tour_lines: [], extras: [], discounts: [], paid: '0' }),
    tours_total: BIG,
    base_total: BIG,
    extras_total: '9876543.21',
    discount_amounts: ['1234567.89'],
    discounts_total: '1234567.89',
    total_due: '9876543.21',
    paid: '8765432.10',
    non_commissionable_extras: '1234567.89',
    commission: '1234567.89',
    vat: '246913.58',
    balance: '1111111.11',
    credit: cancelled ? '0.00' : '1234567.89',
    refund_due: cancelled ? '7530864.21' : '0.00',
    agent_balance: '1111111.11',
    cancellation_value: cancelled ? '1234567.89' : null,
  };
  const payments = [
    { amount: '1234567.89', date: '2026-11-27' },
    { amount: '7530864.21', date: '2027-01-15' },
  ];
  return {
    booking: {
      id: 1,
      booking_ref: 'HB1234567890',
      status: cancelled ? 'Cancelled' : 'Confirmed',
      created_at: '2026-11-27T10:00:00.000Z',
      cancelled_at: cancelled ? '2027-02-01T10:00:00.000Z' : null,
      cancellation_charge: cancelled ? '1234567.89' : null,
      total_due: '9876543.21',
      paid: '8765432.10',
      balance: cancelled ? '-7530864.21' : '1111111.11',
      balance_due: '2027-03-09',
      deposit_due: '2026-12-04',
      deposit: '1234567.89',
      payment_schedule: paymentSchedule({
        total_due: '9876543.21',
        deposit: '1234567.89',
        deposit_due: '2026-12-04',
        balance_due: '2027-03-09',
        payments: payments.slice(0, 1),
        paid: '2345678.90',
        // The widest stage labels: the balance split into 12 ('Instalment 12 of 12 £720,164.63').
        instalments: equalInstalments('8641975.32', 12, null, '2027-03-09'),
      }),
      departure_date: '2027-06-01',
      agent_comission_percent: '12.5',
      booking_vat_percent: '20',
      special_request: `Please seat the ${LONG_SURNAME} party together on every flight and coach transfer.`,
    },
    totals,
    customer: {
      id: 1,
      title: 'The Right Honourable Lady',
      first_name: 'Annabel-Georgiana Henrietta',
      last_name: LONG_SURNAME,
      email: 'annabel.georgiana.featherstonehaugh@averyveryverylongdomainname-example.co.uk',
      phone: '+44 (0)20 7946 0000 ext 9999',
      address: [
        'Flat 123, The Old Rectory Buildings',
        '1234 Much Wenlock-under-Edge Road',
        'Great Snoring-in-the-Marsh',
        'Northamptonshire',
        'NN12 3AB',
      ],
    },
    agent: {
      id: 1,
      name: 'Worldwide Luxury Escapes and Bespoke Adventures Travel Agency Limited',
      abta: 'P12345678',
      email: 'reservations.department@worldwideluxuryescapes-example.co.uk',
      phone: '+44 (0)161 496 0000',
      address: ['Suite 1200, Twelfth Floor, Piccadilly Plaza', 'Manchester', 'M1 4BT'],
    },
    lines: [line(1), line(2)],
    passengers: [1, 2, 3].map((id) => ({
      id,
      title: 'Lady',
      first_name: `Annabel-Georgiana ${id}`,
      last_name: LONG_SURNAME,
      dob: '1956-03-14',
    })),
    extras: [
      {
        name: 'Premium comprehensive travel insurance including winter sports and cruise cover',
        note: 'For every passenger on the booking, including the infants travelling on a lap.',
        qty: 999,
        price: '9876.54',
        total: '9866661.54',
        commissionable: false,
      },
    ],
    discounts: [
      {
        description: 'Loyal customer of more than twenty-five years',
        code: 'LOYALTY25YEARS',
        qty: 999,
        amount: BIG,
      },
    ],
    payments: payments.map((p, n) => ({
      id: n + 1,
      created_at: `${p.date}T10:00:00.000Z`,
      method: 'bacs',
      method_label: 'BACS transfer',
      amount: p.amount,
      transaction_id: 'TXN-ABCDEFGHIJKLMNOPQRSTUVWXYZ-0123456789',
      voided: false,
      reverses_payment_id: null,
    })),
    airlines: [
      {
        id: 1,
        name: 'British Airways International Long-Haul Charter Services',
        web_check_in_before_days: 30,
        airline_content: '<p>Check in online from 30 days before departure at the airline’s website.</p>',
        instruction_doc_name: null,
        instruction_doc_path: null,
      },
    ],
    company: {
      company_name: 'Highland and Islands Luxury Escorted Tours and Holidays Limited',
      company_address: 'Unit 12345, The Long Business Park, Industrial Estate Road, Milton Keynes MK1 1AA',
      company_phone: '+44 (0)1908 000 000',
      company_email: 'reservations@highlandislandsluxuryescortedtours-example.co.uk',
      company_website: 'www.highlandislandsluxuryescortedtours-example.co.uk',
      abta_number: 'P1234567',
      atol_number: '12345678',
      vat_number: 'GB 123 4567 89',
      atol_protection_wording:
        'Many of the flights and flight-inclusive holidays on this website are financially protected by the ATOL scheme. ATOL number {atol_number}, {company_name}.',
      atol_protection_contribution: '2.50',
    },
  };
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
