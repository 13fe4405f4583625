import Decimal from 'decimal.js';
import { onLetterhead } from '../../../documents/letterhead';
import type { TDocumentDefinitions } from '../../../documents/pdf';
import {
  cancellationFigures,
  discountsSection,
  extrasSection,
  figuresRow,
  linesSection,
  paymentsSection,
} from './blocks';
import type { BookingDocumentData } from './data-types';
import {
  addressBlock,
  customerAddressee,
  day,
  type Figure,
  londonDay,
  note,
  opening,
  passengerName,
  title,
} from './format';

/**
 * The two invoices of spec 1 §9: the Agent invoice (commission at the booking's percent, VAT on the
 * commission, the balance due from the agent — the agent accounts formula of booking-totals.ts) and
 * the Cancellation invoice (spec 1 §4: the invoice value struck through, the charge, the balance
 * outstanding). Every amount is the booking's own.
 */

/** '10%' / '12.5%' from a percent as decimal text. */
const percent = (p: string | null | undefined) => `${new Decimal(p || 0).toString()}%`;

/** The lead passenger, else the customer: who the holiday is for, on documents sent to someone else. */
const leadName = (d: BookingDocumentData) => {
  const p = d.passengers[0] ?? d.customer;
  return p ? passengerName(p) : '—';
};

/** The Agent invoice's document definition (refused earlier when the booking has no agent). */
export function agentInvoiceDocument(d: BookingDocumentData, today: string): TDocumentDefinitions {
  const b = d.booking;
  const a = d.agent;
  const t = d.totals;
  const figures: Figure[] = [
    { label: 'Total due', amount: b.total_due, total: true },
    { label: 'Non-commissionable extras', amount: t.non_commissionable_extras },
    { label: `Commission at ${percent(b.agent_comission_percent)}`, amount: t.commission },
    { label: `VAT at ${percent(b.booking_vat_percent)} on commission`, amount: t.vat },
    { label: 'Paid', amount: b.paid },
    { label: 'Balance due from agent', amount: t.agent_balance, emphasis: true },
  ];
  return onLetterhead(d.company, {
    title: 'Agent Invoice',
    reference: `Booking ${b.booking_ref}`,
    content: [
      opening(
        [
          title('Agent Invoice'),
          {
            ...addressBlock(
              'Invoice to',
              a?.name ?? '',
              a?.address ?? [],
              [a?.abta ? `ABTA ${a.abta}` : '', a?.email ?? ''].filter(Boolean),
            ),
            margin: [0, 14, 0, 0],
          },
        ],
        [
          ['Invoice date', day(today)],
          ['Booking ref', b.booking_ref],
          ['Booking date', londonDay(b.created_at)],
          ['Departure', day(b.departure_date) || '—'],
          ['Lead name', leadName(d)],
        ],
      ),
      linesSection(d, 'Holiday'),
      ...(d.passengers.length
        ? [note(`Passengers: ${d.passengers.map(passengerName).join(', ')}`, [6, 4, 0, 0])]
        : []),
      ...extrasSection(d),
      ...discountsSection(d),
      figuresRow(
        note(
          'Commission is paid on the total due less non-commissionable extras; VAT is charged on the commission. The balance due from the agent is the total due less payments received, commission and VAT.',
          [0, 0, 0, 0],
        ),
        figures,
        'Agent account',
      ),
      paymentsSection(d),
    ],
  });
}

/** The Cancellation invoice's document definition (refused earlier when the booking is not cancelled). */
export function cancellationInvoiceDocument(d: BookingDocumentData): TDocumentDefinitions {
  const b = d.booking;
  const chargeSet = b.cancellation_charge !== null;
  const figures = cancellationFigures(d);
  const waived = chargeSet && new Decimal(b.cancellation_charge ?? 0).isZero();
  const explain = waived
    ? 'The cancellation charge has been waived: nothing more is due, and anything paid will be refunded.'
    : chargeSet
      ? 'The holiday has been cancelled: the invoice value is replaced by the cancellation charge. The balance outstanding is the charge less what has been paid.'
      : 'No cancellation charge has been set, so the invoice value remains due: the balance outstanding is the total due less what has been paid.';
  return onLetterhead(d.company, {
    title: 'Cancellation Invoice',
    reference: `Booking ${b.booking_ref}`,
    content: [
      opening(
        [
          title(
            'Cancellation Invoice',
            `Booking ${b.booking_ref} was cancelled on ${londonDay(b.cancelled_at)}.`,
          ),
          { ...customerAddressee(d), margin: [0, 14, 0, 0] },
        ],
        [
          ['Booking ref', b.booking_ref],
          ['Booking date', londonDay(b.created_at)],
          ['Cancelled on', londonDay(b.cancelled_at)],
          ['Departure was', day(b.departure_date) || '—'],
        ],
      ),
      linesSection(d, 'Cancelled holiday'),
      ...extrasSection(d),
      ...discountsSection(d),
      figuresRow(note(explain, [0, 0, 0, 0]), figures, 'Cancellation'),
      paymentsSection(d),
    ],
  });
}
