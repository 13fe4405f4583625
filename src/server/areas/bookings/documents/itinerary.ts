import { addDays } from '../../../../shared/dates';
import { INK, onLetterhead } from '../../../documents/letterhead';
import type { Content, TableCell, TDocumentDefinitions } from '../../../documents/pdf';
import { departureText, passengersSection, roomText, travelText } from './blocks';
import type { BookingDocumentData, DocLine } from './data-types';
import { airportText, clock, customerAddressee, day, note, opening, table, title, ymdOf } from './format';

/**
 * The Travel Itinerary (`airline`, spec 1 §9): per holiday line, the days that matter in order —
 * departure (flights with times, or the coach pick-up, or self drive), accommodation check-in and
 * check-out with nights, room and board basis, and the return — then the passengers and the
 * accommodation's contact details.
 */

interface Event {
  date: string;
  time: string;
  what: Content;
  /** Orders events of one day: check-out, flights by time, check-in, return. */
  order: string;
}

const strong = (text: string): Content => ({ text, bold: true });
const sub = (text: string): Content => ({ text, fontSize: 8.5, color: INK.muted });

/** The dated events of one line (see the module comment), in order. */
export function lineEvents(l: DocLine): Event[] {
  const events: Event[] = [];
  const flights = l.flights;
  flights.forEach((f, i) => {
    const label = i === 0 ? 'Outbound flight' : i === flights.length - 1 ? 'Return flight' : 'Flight';
    const terminal = f.departure_terminal ? `, terminal ${f.departure_terminal}` : '';
    events.push({
      date: ymdOf(f.departure_time),
      time: `${clock(f.departure_time)} – ${clock(f.arrival_time)}`,
      what: {
        stack: [
          strong(`${label} ${f.flight_number}${f.airline ? ` · ${f.airline.name}` : ''}`),
          `${airportText(f.from)}${terminal} to ${airportText(f.to)}`,
          ...(ymdOf(f.arrival_time) !== ymdOf(f.departure_time)
            ? [sub(`Arrives ${day(ymdOf(f.arrival_time))}`)]
            : []),
        ],
      },
      order: `0${clock(f.departure_time)}`,
    });
  });
  if (!flights.length) {
    const travel = travelText(l);
    events.push({
      date: l.instance.departure_date,
      time: '',
      what: { stack: [strong('Departure'), ...(travel ? [travel] : [])] },
      order: '0',
    });
  }
  if (l.accommodation && l.check_in_date) {
    events.push({
      date: l.check_in_date,
      time: '',
      what: {
        stack: [
          strong(`Check in: ${[l.accommodation.name, l.accommodation.resort].filter(Boolean).join(', ')}`),
          ...(roomText(l) ? [roomText(l) as string] : []),
          sub(`${l.nights} ${l.nights === 1 ? 'night' : 'nights'}`),
        ],
      },
      order: '1',
    });
  }
  if (l.accommodation && l.check_out_date) {
    events.push({
      date: l.check_out_date,
      time: '',
      what: { stack: [strong(`Check out: ${l.accommodation.name}`)] },
      // Before a flight that day (the return), after everything else.
      order: '00',
    });
  }
  if (!flights.length && l.instance.duration) {
    events.push({
      date: addDays(l.instance.departure_date, l.instance.duration - 1),
      time: '',
      what: { stack: [strong('Return'), sub(`End of your ${l.instance.duration}-day holiday`)] },
      order: '3',
    });
  }
  return events.sort((a, b) => a.date.localeCompare(b.date) || a.order.localeCompare(b.order));
}

function lineTable(l: DocLine): Content {
  const rows: TableCell[][] = lineEvents(l).map((e) => [{ text: day(e.date), bold: true }, e.time, e.what]);
  return {
    stack: [
      table({
        title: l.tour.name,
        widths: [66, 70, '*'],
        head: ['DATE', 'TIME', 'DETAILS'],
        rows,
      }),
      { text: departureText(l), fontSize: 8.5, color: INK.muted, margin: [6, 3, 0, 0] },
      ...(l.airline_ref
        ? [
            {
              text: `Airline booking reference: ${l.airline_ref}`,
              fontSize: 8.5,
              margin: [6, 2, 0, 0] as [number, number, number, number],
            },
          ]
        : []),
    ],
  };
}

function accommodationContacts(d: BookingDocumentData): Content[] {
  const seen = new Set<number>();
  const rows: TableCell[][] = [];
  for (const l of d.lines) {
    const a = l.accommodation;
    if (!a || seen.has(a.id)) continue;
    seen.add(a.id);
    rows.push([
      { text: [a.name, a.resort].filter(Boolean).join(', '), bold: true },
      a.address ?? '',
      a.phone ?? '',
    ]);
  }
  if (!rows.length) return [];
  return [
    table({
      title: 'Where you are staying',
      keepTogether: true,
      widths: [160, '*', 90],
      head: ['ACCOMMODATION', 'ADDRESS', 'TELEPHONE'],
      rows,
    }),
  ];
}

/** The Travel Itinerary's document definition (see the module comment). */
export function itineraryDocument(d: BookingDocumentData): TDocumentDefinitions {
  const b = d.booking;
  const c = d.company;
  const contact = [
    c.company_phone && `call ${c.company_phone}`,
    c.company_email && `email ${c.company_email}`,
  ]
    .filter(Boolean)
    .join(' or ');
  return onLetterhead(c, {
    title: 'Travel Itinerary',
    reference: `Booking ${b.booking_ref}`,
    content: [
      opening(
        [
          title('Travel Itinerary', 'Your holiday, day by day.'),
          { ...customerAddressee(d), margin: [0, 14, 0, 0] },
        ],
        [
          ['Booking ref', b.booking_ref],
          ['Departure', day(b.departure_date) || '—'],
          ['Passengers', String(d.passengers.length)],
          ['Status', b.status],
        ],
      ),
      ...d.lines.map(lineTable),
      passengersSection(d, 'Travellers'),
      ...accommodationContacts(d),
      note(
        `Please arrive in good time: at the airport at least two hours before your flight, at the pick-up point fifteen minutes before the coach. Take your passport and this itinerary with you.${contact ? ` Questions before you travel? Please ${contact}.` : ''}`,
        [0, 16, 0, 0],
      ),
    ],
  });
}
