import Decimal from 'decimal.js';
import { stageParts } from '../../../../shared/payment-schedule';
import { INK } from '../../../documents/letterhead';
import type { Content, TableCell } from '../../../documents/pdf';
import type { BookingDocumentData, DocLine } from './data-types';
import {
  airportText,
  day,
  type Figure,
  figuresTable,
  flightText,
  gbp,
  londonDay,
  passengerName,
  section,
  TOUR_TYPE_LABELS,
  table,
} from './format';

/**
 * The sections several booking documents share (spec 1 §3, §9): the holiday lines, passengers,
 * extras, discounts, payments and the figures. Every amount is the booking's own (stored or from
 * booking-totals.ts through the data loader); nothing here adds money up.
 */

const small = (text: string, color: string = INK.muted): Content => ({
  text,
  fontSize: 8.5,
  color,
  margin: [0, 1.5, 0, 0],
});

/** How the guests get there: flying from an airport, a coach pick-up point, or self drive. */
export function travelText(l: DocLine): string | null {
  if (l.instance.airport) return `Flying from ${airportText(l.instance.airport)}`;
  if (l.instance.pick_up_point) return `Coach pick-up: ${l.instance.pick_up_point}`;
  if (l.instance.self_drive || l.tour.tour_type === 'self-drive') return 'Self drive';
  return null;
}

/** 'Departure 01/06/2027 · Spring Break · group from 30/05/2027'. */
export function departureText(l: DocLine): string {
  return [
    `${TOUR_TYPE_LABELS[l.tour.tour_type] ?? 'Holiday'} · departs ${day(l.instance.departure_date)}`,
    l.instance.title,
    l.instance.group_start_date !== l.instance.departure_date
      ? `tour group from ${day(l.instance.group_start_date)}`
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** 'Double Room · Half Board · sleeps 2 · 1 room'. */
export function roomText(l: DocLine): string | null {
  if (!l.room) return null;
  return [
    l.room.name,
    l.room.board_basis,
    `sleeps ${l.room.occupancy}`,
    `${l.rooms} ${l.rooms === 1 ? 'room' : 'rooms'}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** 'Check-in 01/06/2027 · Check-out 05/06/2027 · 4 nights'. */
export function stayText(l: DocLine): string | null {
  if (!l.check_in_date || !l.check_out_date) return null;
  return `Check-in ${day(l.check_in_date)} · Check-out ${day(l.check_out_date)} · ${l.nights} ${l.nights === 1 ? 'night' : 'nights'}`;
}

/** What a line is, as a stack: tour, departure, travel, flights, accommodation, room and stay. */
export function lineDescription(l: DocLine): Content {
  const travel = travelText(l);
  const parts: Content[] = [
    { text: l.tour.name, bold: true, fontSize: 10 },
    small([departureText(l), travel].filter(Boolean).join(' · ')),
  ];
  for (const f of l.flights) parts.push(small(`Flight ${flightText(f)}`, INK.text));
  if (l.accommodation) {
    const acc = [l.accommodation.name, l.accommodation.resort].filter(Boolean).join(', ');
    parts.push({
      text: [
        { text: acc, color: INK.text },
        ...(l.accommodation.address
          ? [{ text: ` · ${l.accommodation.address}`, color: INK.muted, fontSize: 8.5 }]
          : []),
      ],
      fontSize: 9,
      margin: [0, 2, 0, 0],
    });
  }
  const room = roomText(l);
  if (room) parts.push(small(room, INK.text));
  const stay = stayText(l);
  if (stay) parts.push(small(stay));
  if (l.airline_ref) parts.push(small(`Airline reference ${l.airline_ref}`));
  return { stack: parts };
}

/** The holiday lines with guests, price per guest and line total; the tours total under them. */
export function linesSection(d: BookingDocumentData, heading = 'Your holiday'): Content {
  if (!d.lines.length)
    return section(heading, { text: 'No tours have been linked to this booking.', color: INK.muted });
  return table({
    title: heading,
    widths: ['*', 40, 70, 75],
    head: ['HOLIDAY', 'GUESTS', 'PER GUEST', 'TOTAL'],
    align: ['left', 'center', 'right', 'right'],
    rows: d.lines.map((l) => [
      lineDescription(l),
      String(l.guests),
      gbp(l.price_per_guest),
      gbp(l.line_total),
    ]),
    footRows: [['Tours total', '', '', gbp(d.totals.tours_total)]],
  });
}

/** Passengers: number, name, and date of birth when any is known. */
export function passengersSection(d: BookingDocumentData, heading = 'Passengers'): Content {
  const withDob = d.passengers.some((p) => p.dob);
  return table({
    title: heading,
    keepTogether: d.passengers.length <= 12,
    widths: withDob ? [18, '*', 90] : [18, '*'],
    head: withDob ? ['#', 'NAME', 'DATE OF BIRTH'] : ['#', 'NAME'],
    align: withDob ? ['right', 'left', 'left'] : ['right', 'left'],
    rows: d.passengers.map((p, i) => {
      const row: TableCell[] = [String(i + 1), passengerName(p)];
      if (withDob) row.push(day(p.dob));
      return row;
    }),
  });
}

/** Extras (description, qty, price, total) with their total; nothing when there are none. */
export function extrasSection(d: BookingDocumentData): Content[] {
  if (!d.extras.length) return [];
  return [
    table({
      title: 'Extras',
      keepTogether: d.extras.length <= 10,
      widths: ['*', 40, 70, 75],
      head: ['EXTRA', 'QTY', 'PRICE', 'TOTAL'],
      align: ['left', 'center', 'right', 'right'],
      rows: d.extras.map((e) => [
        e.note ? { stack: [e.name, small(e.note)] } : e.name,
        String(e.qty),
        gbp(e.price),
        gbp(e.total),
      ]),
      footRows: [['Extras total', '', '', gbp(d.totals.extras_total)]],
    }),
  ];
}

/** Discounts (description, qty, amount taken off); nothing when there are none. */
export function discountsSection(d: BookingDocumentData): Content[] {
  if (!d.discounts.length) return [];
  return [
    table({
      title: 'Discounts',
      keepTogether: d.discounts.length <= 10,
      widths: ['*', 40, 75],
      head: ['DISCOUNT', 'QTY', 'AMOUNT'],
      align: ['left', 'center', 'right'],
      rows: d.discounts.map((x) => [
        x.code && x.code !== x.description ? `${x.description} (${x.code})` : x.description,
        String(x.qty),
        `-${gbp(x.amount)}`,
      ]),
      footRows: [['Discounts total', '', `-${gbp(d.totals.discounts_total)}`]],
    }),
  ];
}

/**
 * Payments as the ledger shows them: each receipt with its date, method, reference and amount;
 * refunds negative; a voided receipt marked, its reversal row naming it. Paid is their plain sum.
 */
export function paymentsSection(d: BookingDocumentData): Content {
  if (!d.payments.length)
    return section(
      'Payments received',
      { text: 'No payments have been received yet.', color: INK.muted },
      { keepTogether: true },
    );
  return table({
    title: 'Payments received',
    keepTogether: d.payments.length <= 10,
    widths: [62, 90, '*', 75],
    head: ['DATE', 'METHOD', 'REFERENCE', 'AMOUNT'],
    align: ['left', 'left', 'left', 'right'],
    rows: d.payments.map((p) => {
      const ref = p.reverses_payment_id
        ? `Reversal of voided receipt #${p.reverses_payment_id}`
        : [p.transaction_id, p.voided ? `Receipt #${p.id} (voided)` : null].filter(Boolean).join(' · ');
      const muted = p.voided || p.reverses_payment_id !== null;
      const color = muted ? INK.muted : INK.text;
      return [
        { text: londonDay(p.created_at), color },
        { text: p.method_label, color },
        { text: ref, color },
        { text: gbp(p.amount), color },
      ];
    }),
    footRows: [['Total paid', '', '', gbp(d.booking.paid)]],
  });
}

/** The customer figures of spec 1 §9: tours, extras, discounts (price changes), total due, paid, balance (and credit). */
export function customerFigures(d: BookingDocumentData): Figure[] {
  const figures: Figure[] = [
    { label: 'Tours', amount: d.totals.tours_total },
    { label: 'Extras', amount: d.totals.extras_total },
    {
      label: 'Discounts',
      amount: new Decimal(d.totals.discounts_total).isZero() ? '0.00' : `-${d.totals.discounts_total}`,
    },
  ];
  // Price changes after booking (issue #27, PTR 2018 reg. 10), only when there are any.
  if (!new Decimal(d.totals.price_changes_total ?? 0).isZero())
    figures.push({ label: 'Price changes', amount: d.totals.price_changes_total });
  if (d.booking.cancelled_at) return [...figures, ...cancellationFigures(d)];
  figures.push(
    { label: 'Total due', amount: d.booking.total_due, total: true },
    { label: 'Paid', amount: d.booking.paid },
    { label: 'Balance', amount: d.booking.balance, emphasis: true },
  );
  if (new Decimal(d.totals.credit).gt(0)) figures.push({ label: 'In credit', amount: d.totals.credit });
  return figures;
}

/**
 * A cancelled booking's figures (spec 1 §4): the invoice value struck through, the cancellation
 * charge (0.00 if none), paid, and the stored balance outstanding (the charge — or the total due
 * while no charge was ever set — less paid); a refund due when more was paid.
 */
export function cancellationFigures(d: BookingDocumentData): Figure[] {
  const b = d.booking;
  const figures: Figure[] = [
    { label: 'Invoice value', amount: b.total_due, strike: true },
    { label: 'Cancellation charge', amount: b.cancellation_charge ?? '0.00', total: true },
    { label: 'Paid', amount: b.paid },
    { label: 'Balance outstanding', amount: b.balance, emphasis: true },
  ];
  if (new Decimal(d.totals.refund_due).gt(0))
    figures.push({ label: 'Refund due to you', amount: d.totals.refund_due });
  return figures;
}

/**
 * The payment schedule beside the figures, stage by stage as the one rule gives it
 * (src/shared/payment-schedule.ts: 'Deposit £200.00 — paid 27/11/2026', 'Balance £998.00 — due by
 * 09/06/2027'; a booking inside the balance window: 'Full amount … due by …'); none once cancelled.
 */
export function scheduleBlock(d: BookingDocumentData): Content {
  if (d.booking.cancelled_at || !d.booking.payment_schedule.length) return { text: '' };
  return {
    stack: [
      {
        text: 'PAYMENT SCHEDULE',
        fontSize: 7.5,
        bold: true,
        color: INK.muted,
        characterSpacing: 0.6,
        margin: [0, 0, 0, 4],
      },
      ...d.booking.payment_schedule.map((stage) => {
        const p = stageParts(stage);
        return {
          stack: [
            {
              columns: [
                { text: p.what, width: '*' },
                { text: p.when, width: 'auto', bold: true },
              ],
            },
            ...(p.note ? [small(p.note)] : []),
          ],
          margin: [0, 0, 0, 3] as [number, number, number, number],
        };
      }),
    ],
  };
}

/** Figures on the right, with an optional block (schedule, notes) on the left. */
export function figuresRow(left: Content, figures: Figure[], title = 'Summary'): Content {
  return section(
    title,
    {
      columns: [
        { width: '*', stack: [left], margin: [0, 4, 0, 0] },
        { width: 250, stack: [figuresTable(figures)] },
      ],
      columnGap: 24,
    },
    { keepTogether: true },
  );
}
