import { onLetterhead } from '../../../documents/letterhead';
import type { TDocumentDefinitions } from '../../../documents/pdf';
import {
  customerFigures,
  discountsSection,
  extrasSection,
  figuresRow,
  linesSection,
  passengersSection,
  paymentsSection,
  scheduleBlock,
} from './blocks';
import type { BookingDocumentData } from './data-types';
import { customerAddressee, day, londonDay, note, opening, section, title } from './format';

/**
 * The Confirmation (`invoice`, spec 1 §9): addressee, booking reference and date, the holiday
 * lines, passengers, extras, discounts, the figures (tours, extras, discounts, total due, paid,
 * balance; deposit and balance due dates) and the payments received.
 */
export function confirmationDocument(d: BookingDocumentData): TDocumentDefinitions {
  const b = d.booking;
  const company = d.company.company_name;
  return onLetterhead(d.company, {
    title: 'Booking Confirmation',
    reference: `Booking ${b.booking_ref}`,
    content: [
      opening(
        [
          title('Booking Confirmation', company ? `Thank you for booking with ${company}.` : undefined),
          { ...customerAddressee(d), margin: [0, 14, 0, 0] },
        ],
        [
          ['Booking ref', b.booking_ref],
          ['Booking date', londonDay(b.created_at)],
          ['Departure', day(b.departure_date) || '—'],
          ['Status', b.status],
        ],
      ),
      linesSection(d),
      passengersSection(d),
      ...extrasSection(d),
      ...discountsSection(d),
      figuresRow(scheduleBlock(d), customerFigures(d)),
      paymentsSection(d),
      ...(b.special_request?.trim()
        ? [section('Special requests', { text: b.special_request.trim() }, { keepTogether: true })]
        : []),
      note(
        'Please check every detail of this confirmation, especially the passengers’ names, which must match their passports. Tell us at once if anything is wrong.',
        [0, 16, 0, 0],
      ),
    ],
  });
}
