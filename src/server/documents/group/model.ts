import {
  type GroupDocumentCode,
  groupDocumentEndDate,
  groupDocumentLabel,
} from '../../../shared/api/group-documents';
import { daysBetween, londonDateTime, ukDate } from '../../../shared/dates';
import type { DocPassenger, GroupFlight, GroupHeader, ManifestPassenger, RoomingLine } from './data';

/**
 * A group document as both renderers read it (group/xlsx.ts, group/pdf-layout.ts): one table of
 * columns, its rows split into sections (an accommodation, a flight), a total under each section and
 * a summary table. Cell values: text, whole numbers, or calendar dates 'YYYY-MM-DD' / local
 * date-times 'YYYY-MM-DD HH:MM' (written as real dates in the spreadsheet).
 */

export type CellKind = 'text' | 'int' | 'date' | 'datetime';
export type Cell = string | number | null;

export interface DocColumn {
  key: string;
  header: string;
  kind: CellKind;
  /** Relative width in the PDF ('*' shares what is left); omitted columns are not printed. */
  pdf?: number | '*';
  /** Bold at the start of each run of equal values in the PDF, muted after (a room over its bookings). */
  pdfGroup?: boolean;
}

export interface DocSection {
  heading: string;
  /** A second line under the heading (address, route and times). */
  detail?: string;
  rows: Record<string, Cell>[];
  /** 'Rooms 4 · Guests 8', under the section. */
  total: string;
}

export interface GroupDocumentModel {
  code: GroupDocumentCode;
  /** 'Rooming List' */
  label: string;
  /** 'Rooming List — Andalucia Explorer (AND-8), group 12: 12/04/2027 to 19/04/2027' */
  title: string;
  /** 'Made 03/03/2027 14:05 · cancellations excluded' */
  subtitle: string;
  columns: DocColumn[];
  sections: DocSection[];
  /** An empty list says why (e.g. 'No bookings on this group'). */
  emptyText: string;
  summary: {
    title: string;
    columns: DocColumn[];
    rows: Record<string, Cell>[];
    /** A total row under the summary (bold). */
    total?: Record<string, Cell>;
  };
}

const passengerName = (p: DocPassenger) => [p.title, p.first_name, p.last_name].filter(Boolean).join(' ');

const nightsBetween = (checkIn: string | null, checkOut: string | null) =>
  checkIn && checkOut ? daysBetween(checkIn, checkOut) : null;

const requestsOf = (l: RoomingLine) =>
  [l.special_request, l.line_special_requests]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' / ');

const statusOf = (r: { cancelled: boolean; status: string }) => (r.cancelled ? 'Cancelled' : r.status);

/** 'YYYY-MM-DD HH:MM:SS' → 'YYYY-MM-DD HH:MM'. */
const minutes = (ts: string) => ts.slice(0, 16);

/** The title and subtitle lines every group document starts with. */
function headings(g: GroupHeader, code: GroupDocumentCode, excluded: boolean, madeAt: Date) {
  const label = groupDocumentLabel(code);
  const tour = g.tour_reference ? `${g.tour_name} (${g.tour_reference})` : g.tour_name;
  const dates = `${ukDate(g.start_date)} to ${ukDate(groupDocumentEndDate(g.start_date, g.duration))}`;
  const made = londonDateTime(madeAt);
  return {
    label,
    title: `${label} — ${tour}, group ${g.id}: ${dates}`,
    subtitle: `Made ${made} · ${excluded ? 'cancellations excluded' : 'cancellations included'}`,
  };
}

const leadSurname = (l: RoomingLine) => l.passengers[0]?.last_name ?? '';
const text = (a: string | null, b: string | null) =>
  (a ?? '\uffff').localeCompare(b ?? '\uffff', 'en-GB', { sensitivity: 'base', numeric: true });

/** Accommodation, room, check-in, then the lead passenger's surname (how a hotel looks guests up), ref. */
function roomingOrder(a: RoomingLine, b: RoomingLine) {
  return (
    text(a.accommodation_name, b.accommodation_name) ||
    (a.accommodation_id ?? 0) - (b.accommodation_id ?? 0) ||
    text(a.room_name, b.room_name) ||
    (a.room_id ?? 0) - (b.room_id ?? 0) ||
    text(a.check_in, b.check_in) ||
    text(leadSurname(a), leadSurname(b)) ||
    text(a.booking_ref, b.booking_ref)
  );
}

const ROOMING_COLUMNS: DocColumn[] = [
  { key: 'accommodation', header: 'Accommodation', kind: 'text' },
  { key: 'room', header: 'Room', kind: 'text', pdf: 70, pdfGroup: true },
  { key: 'board_basis', header: 'Board basis', kind: 'text', pdf: 58 },
  { key: 'check_in', header: 'Check-in', kind: 'date', pdf: 52 },
  { key: 'check_out', header: 'Check-out', kind: 'date', pdf: 52 },
  { key: 'nights', header: 'Nights', kind: 'int', pdf: 30 },
  { key: 'occupancy', header: 'Occupancy', kind: 'int', pdf: 46 },
  { key: 'rooms', header: 'Rooms', kind: 'int', pdf: 30 },
  { key: 'guests', header: 'Guests', kind: 'int', pdf: 32 },
  { key: 'passengers', header: 'Passengers', kind: 'text', pdf: '*' },
  { key: 'booking_ref', header: 'Booking ref', kind: 'text', pdf: 56 },
  { key: 'special_requests', header: 'Special requests', kind: 'text', pdf: 120 },
  { key: 'status', header: 'Status', kind: 'text', pdf: 48 },
];

/**
 * The rooming list (spec 3 §2): by accommodation, then room; per line its board basis, stay,
 * nights, occupancy, rooms, guests, passengers' names, booking ref, the booking's and the line's
 * special requests and status; rooms and guests totalled per accommodation.
 */
export function roomingModel(
  g: GroupHeader,
  lines: RoomingLine[],
  excluded: boolean,
  madeAt = new Date(),
): GroupDocumentModel {
  const bySection = new Map<string, { lines: RoomingLine[]; first: RoomingLine }>();
  for (const l of [...lines].sort(roomingOrder)) {
    const key = l.accommodation_id === null ? 'none' : String(l.accommodation_id);
    const s = bySection.get(key) ?? { lines: [], first: l };
    s.lines.push(l);
    bySection.set(key, s);
  }
  const sections: DocSection[] = [];
  const summaryRows: Record<string, Cell>[] = [];
  let allRooms = 0;
  let allGuests = 0;
  for (const { lines: ls, first } of bySection.values()) {
    const name = first.accommodation_name ?? 'No accommodation booked';
    // Cancelled lines are listed (when included) but hold no rooms: they do not count.
    const live = ls.filter((l) => !l.cancelled);
    const rooms = live.reduce((n, l) => n + l.rooms, 0);
    const guests = live.reduce((n, l) => n + l.guests, 0);
    allRooms += rooms;
    allGuests += guests;
    summaryRows.push({
      accommodation: name,
      rooms,
      guests,
      bookings: new Set(live.map((l) => l.booking_id)).size,
    });
    sections.push({
      heading: name,
      detail:
        [first.accommodation_address, first.accommodation_phone].filter(Boolean).join(' · ') || undefined,
      total: `${name}: ${rooms} ${rooms === 1 ? 'room' : 'rooms'}, ${guests} ${guests === 1 ? 'guest' : 'guests'}`,
      rows: ls.map((l) => ({
        accommodation: name,
        room: l.room_name ?? '',
        board_basis: l.board_basis ?? '',
        check_in: l.check_in,
        check_out: l.check_out,
        nights: nightsBetween(l.check_in, l.check_out),
        occupancy: l.occupancy,
        rooms: l.rooms,
        guests: l.guests,
        // One name a line (the PDF prints them stacked; the spreadsheet joins them with ', ').
        passengers: l.passengers.map(passengerName).join('\n'),
        booking_ref: l.booking_ref,
        special_requests: requestsOf(l),
        status: statusOf(l),
      })),
    });
  }
  const total =
    summaryRows.length > 1
      ? {
          accommodation: 'All accommodation',
          rooms: allRooms,
          guests: allGuests,
          bookings: new Set(lines.filter((l) => !l.cancelled).map((l) => l.booking_id)).size,
        }
      : undefined;
  return {
    code: 'rooming',
    ...headings(g, 'rooming', excluded, madeAt),
    columns: ROOMING_COLUMNS,
    sections,
    emptyText: 'No bookings on this group.',
    summary: {
      title: 'Totals per accommodation (cancelled bookings not counted)',
      columns: [
        { key: 'accommodation', header: 'Accommodation', kind: 'text', pdf: '*' },
        { key: 'bookings', header: 'Bookings', kind: 'int', pdf: 60 },
        { key: 'rooms', header: 'Rooms', kind: 'int', pdf: 60 },
        { key: 'guests', header: 'Guests', kind: 'int', pdf: 60 },
      ],
      rows: summaryRows,
      total,
    },
  };
}

const MANIFEST_COLUMNS: DocColumn[] = [
  { key: 'flight', header: 'Flight', kind: 'text' },
  { key: 'airline', header: 'Airline', kind: 'text' },
  { key: 'route', header: 'Route', kind: 'text' },
  { key: 'departs', header: 'Departs', kind: 'datetime' },
  { key: 'title', header: 'Title', kind: 'text', pdf: 30 },
  { key: 'last_name', header: 'Surname', kind: 'text', pdf: '*' },
  { key: 'first_name', header: 'First name', kind: 'text', pdf: '*' },
  { key: 'dob', header: 'Date of birth', kind: 'date', pdf: 54 },
  { key: 'gender', header: 'Gender', kind: 'text', pdf: 38 },
  { key: 'passport_no', header: 'Passport no', kind: 'text', pdf: 62 },
  { key: 'passport_nationality', header: 'Nationality', kind: 'text', pdf: 58 },
  { key: 'passport_issue', header: 'Passport issued', kind: 'date', pdf: 54 },
  { key: 'passport_expiry', header: 'Passport expires', kind: 'date', pdf: 54 },
  { key: 'booking_ref', header: 'Booking ref', kind: 'text', pdf: 56 },
  { key: 'airline_ref', header: 'Airline ref', kind: 'text', pdf: 56 },
  { key: 'status', header: 'Status', kind: 'text', pdf: 48 },
];

const byName = (a: ManifestPassenger, b: ManifestPassenger) =>
  a.last_name.localeCompare(b.last_name, 'en-GB', { sensitivity: 'base' }) ||
  a.first_name.localeCompare(b.first_name, 'en-GB', { sensitivity: 'base' }) ||
  a.booking_ref.localeCompare(b.booking_ref);

/**
 * A flight manifest (spec 3 §2; air tours only — the caller refuses other types): per flight of
 * the group's instances in that direction (number, airline, route, date and time) its passengers
 * (title, names, date of birth, gender, passport details when held, booking and airline refs) and
 * their count. Passengers of an instance with no flight that way are listed under their instance,
 * so nobody travelling is left off.
 */
export function manifestModel(
  g: GroupHeader,
  direction: 'outbound' | 'inbound',
  flights: GroupFlight[],
  passengers: ManifestPassenger[],
  excluded: boolean,
  madeAt = new Date(),
): GroupDocumentModel {
  const code: GroupDocumentCode = direction === 'outbound' ? 'flight-outbound' : 'flight-return';
  const ways = flights.filter((f) => f.direction === direction);
  const byFlight = new Map<number, GroupFlight[]>();
  for (const f of ways) byFlight.set(f.flight_id, [...(byFlight.get(f.flight_id) ?? []), f]);
  const sections: DocSection[] = [];
  const summaryRows: Record<string, Cell>[] = [];
  const passengerRow = (p: ManifestPassenger, flight: Record<string, Cell>) => ({
    ...flight,
    title: p.title ?? '',
    last_name: p.last_name,
    first_name: p.first_name,
    dob: p.dob,
    gender: p.gender ?? '',
    passport_no: p.passport_no ?? '',
    passport_nationality: p.passport_nationality ?? '',
    passport_issue: p.passport_issue,
    passport_expiry: p.passport_expiry,
    booking_ref: p.booking_ref,
    airline_ref: p.airline_ref ?? '',
    status: statusOf(p),
  });
  const counted = (ps: ManifestPassenger[]) => ps.filter((p) => !p.cancelled).length;
  for (const fs of byFlight.values()) {
    const f = fs[0];
    const instances = new Set(fs.map((x) => x.instance_id));
    const ps = passengers.filter((p) => instances.has(p.instance_id)).sort(byName);
    const route = `${f.from_iata} – ${f.to_iata}`;
    const flightCells = {
      flight: f.flight_number,
      airline: f.airline ?? '',
      route,
      departs: minutes(f.departure_time),
    };
    const n = counted(ps);
    const when = `${ukDate(f.departure_time.slice(0, 10))} ${f.departure_time.slice(11, 16)}`;
    sections.push({
      heading: `${f.flight_number}${f.airline ? ` · ${f.airline}` : ''} · ${route} · ${when}`,
      detail: `${f.from_name} to ${f.to_name}${f.departure_terminal ? ` · terminal ${f.departure_terminal}` : ''} · arrives ${ukDate(f.arrival_time.slice(0, 10))} ${f.arrival_time.slice(11, 16)}`,
      total: `${f.flight_number}: ${n} ${n === 1 ? 'passenger' : 'passengers'}`,
      rows: ps.map((p) => passengerRow(p, flightCells)),
    });
    summaryRows.push({ ...flightCells, passengers: n });
  }
  // Instances with no flight this way: their passengers still need a seat.
  const served = new Set(ways.map((f) => f.instance_id));
  const unserved = new Map<number, ManifestPassenger[]>();
  for (const p of passengers)
    if (!served.has(p.instance_id)) unserved.set(p.instance_id, [...(unserved.get(p.instance_id) ?? []), p]);
  for (const ps of unserved.values()) {
    const i = ps[0];
    const heading = `No ${direction === 'outbound' ? 'outbound' : 'return'} flight recorded · ${i.instance_label} · ${ukDate(i.departure_date)}`;
    const flightCells = { flight: '', airline: '', route: i.instance_label, departs: null };
    const n = counted(ps);
    sections.push({
      heading,
      total: `${i.instance_label}: ${n} ${n === 1 ? 'passenger' : 'passengers'} without a flight`,
      rows: [...ps].sort(byName).map((p) => passengerRow(p, flightCells)),
    });
    summaryRows.push({ ...flightCells, flight: 'No flight', passengers: n });
  }
  return {
    code,
    ...headings(g, code, excluded, madeAt),
    columns: MANIFEST_COLUMNS,
    sections,
    emptyText: 'No flights and no passengers on this group.',
    summary: {
      title: 'Passengers per flight (cancelled bookings not counted)',
      columns: [
        { key: 'flight', header: 'Flight', kind: 'text', pdf: 70 },
        { key: 'airline', header: 'Airline', kind: 'text', pdf: '*' },
        { key: 'route', header: 'Route', kind: 'text', pdf: '*' },
        { key: 'departs', header: 'Departs', kind: 'datetime', pdf: 90 },
        { key: 'passengers', header: 'Passengers', kind: 'int', pdf: 60 },
      ],
      rows: summaryRows,
    },
  };
}
