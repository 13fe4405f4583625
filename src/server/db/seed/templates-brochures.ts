import { BOOKING_CHANGES_TEMPLATE } from '../../../shared/email-templates';
import type { Db } from '../client';
import * as s from '../schema';
import { insertRows } from './bulk';

/**
 * Demo brochures, the brochure cover letter and email templates (spec 3 §3 Brochure, Cover letter,
 * EmailTemplate). Fixed rows: the screens look the same on every demo database. Pickup regions and
 * points come with the catalogue.
 */
export async function seedTemplatesAndBrochures(db: Db): Promise<void> {
  await insertRows(db, s.brochures, BROCHURES);
  await insertRows(db, s.site_contents, [{ type: 'brochure_cover_letter_content', content: COVER_LETTER }]);
  await insertRows(db, s.email_templates, EMAIL_TEMPLATES);
}

const BROCHURES: (typeof s.brochures.$inferInsert)[] = [
  { brochure_name: 'Europe by Coach 2027', is_active: true },
  { brochure_name: 'River Cruises 2027', is_active: true },
  { brochure_name: 'Lakes & Mountains 2027', is_active: true },
  { brochure_name: 'Worldwide Escorted Tours 2027', is_active: true },
  { brochure_name: 'UK Short Breaks 2027', is_active: true },
  { brochure_name: 'Europe by Coach 2026', is_active: false },
];

const COVER_LETTER =
  '<p>Dear {customer},</p>' +
  '<p>Thank you for asking for our brochures. Please find them enclosed, with this year’s full range of ' +
  '<strong>escorted coach tours, river cruises and worldwide holidays</strong>.</p>' +
  '<h2>Why travel with us</h2>' +
  '<ul><li><p>Door-to-door pickups from over 60 points across the UK</p></li>' +
  '<li><p>Experienced tour managers on every escorted tour</p></li>' +
  '<li><p>Fully ATOL and ABTA protected holidays</p></li></ul>' +
  '<p>To book, call our reservations team on <strong>0161 496 0750</strong> (Monday to Saturday, ' +
  '9am to 5.30pm) or visit <a href="https://www.example.co.uk/tours">our website</a>.</p>' +
  '<p>We look forward to welcoming you on tour.</p>' +
  '<p>Kind regards,<br>The Reservations Team</p>';

const EMAIL_TEMPLATES: (typeof s.email_templates.$inferInsert)[] = [
  {
    template_name: 'Booking confirmation',
    template_type: 2,
    template_slug: 'booking-confirmation',
    template_subject: 'Your booking confirmation {booking_ref}',
    template_status: 1,
    selected_doc_types: ['invoice', 'atol'],
    template_body_content:
      '<p>Dear {customer_salutation},</p>' +
      '<p>Thank you for booking <strong>{tour_destination_name}</strong>, departing on {departure_date}. ' +
      'Your booking reference is <strong>{booking_ref}</strong>.</p>' +
      '<h2>Your accommodation</h2>' +
      '<table><tbody><tr><th><p>Hotel</p></th><td><p>{hotel}, {hotel_resort}</p></td></tr>' +
      '<tr><th><p>Room</p></th><td><p>{room_type}</p></td></tr>' +
      '<tr><th><p>Board basis</p></th><td><p>{board_basis}</p></td></tr></tbody></table>' +
      '<p>Please check the attached confirmation carefully and accept it: {accept_button}</p>' +
      '<p>You can view your booking at any time: {manage_booking}</p>' +
      '<p>Kind regards,<br>The Reservations Team</p>',
  },
  {
    template_name: 'Balance reminder',
    template_type: 2,
    template_slug: 'balance-reminder',
    template_subject: 'Balance due for booking {booking_ref}',
    template_status: 1,
    selected_doc_types: ['invoice'],
    template_body_content:
      '<p>Dear {customer_salutation},</p>' +
      '<p>The balance of <strong>{tour_balance}</strong> for your holiday to {tour_destination_name} ' +
      '(booking {booking_ref}) is due by <strong>{balance_due_date}</strong>.</p>' +
      '<blockquote><p>You can pay by card over the phone on 0161 496 0750 or by bank transfer, quoting your ' +
      'booking reference.</p></blockquote>' +
      '<p>Kind regards,<br>The Accounts Team</p>',
  },
  {
    template_name: 'Travel documents',
    template_type: 2,
    template_slug: 'travel-documents',
    template_subject: 'Your travel documents for {tour_destination_name}',
    template_status: 1,
    selected_doc_types: ['airline', 'airline-checkin', 'additional-documents'],
    template_body_content:
      '<p>Dear {customer_salutation},</p>' +
      '<p>Your holiday is nearly here! Your travel documents for booking {booking_ref} are attached.</p>' +
      '<h2>Your flights</h2>' +
      '<p>{flight_details}</p>' +
      '<ul><li><p>Outbound from {outbound_departure_airport} at {outbound_flight_time}</p></li>' +
      '<li><p>Return from {return_departure_airport} at {return_flight_time}</p></li></ul>' +
      '<p>Airline: {airline_name}, reference <strong>{airline_reference}</strong>.</p>' +
      '<p>{airline_content}</p>' +
      '<p>Have a wonderful holiday,<br>The Reservations Team</p>',
  },
  {
    template_name: 'Online check-in reminder',
    template_type: 2,
    template_slug: 'online-check-in-reminder',
    template_subject: 'Online check-in is now open for {airline_name}',
    template_status: 1,
    selected_doc_types: ['airline-checkin'],
    template_body_content:
      '<p>Dear {customer_salutation},</p>' +
      '<p>Online check-in for your flight with {airline_name} is now open. Use airline reference ' +
      '<strong>{airline_reference}</strong> with the instructions attached.</p>' +
      '<p>{airline_reference_email}</p>',
  },
  {
    template_name: 'Agent booking confirmation',
    template_type: 1,
    template_slug: 'agent-booking-confirmation',
    template_subject: 'Agent confirmation {booking_ref} – {customer}',
    template_status: 1,
    selected_doc_types: ['agent-invoice', 'atol'],
    template_body_content:
      '<p>Hello,</p>' +
      '<p>Please find attached the agent invoice for {customer}, booking <strong>{booking_ref}</strong> on ' +
      '{tour_destination_name} departing {departure_date}.</p>' +
      '<ol><li><p>Check the passenger names against passports.</p></li>' +
      '<li><p>Pay the balance of {tour_balance} by {balance_due_date}.</p></li></ol>' +
      '<p>Many thanks,<br>Trade Sales</p>',
  },
  {
    template_name: 'Cancellation confirmation',
    template_type: 1,
    template_slug: 'cancellation-confirmation',
    template_subject: 'Cancellation of booking {booking_ref}',
    template_status: 1,
    selected_doc_types: ['cancellation-invoice'],
    template_body_content:
      '<p>Dear {customer_salutation},</p>' +
      '<p>We confirm that booking <strong>{booking_ref}</strong> has been cancelled. The cancellation invoice ' +
      'attached shows any charges and refunds.</p>' +
      '<p>Kind regards,<br>The Reservations Team</p>',
  },
  {
    template_name: 'Tour covering email',
    template_type: 1,
    template_slug: 'tour-covering-email',
    template_subject: 'Information about your tour {booking_ref}',
    template_status: 0,
    selected_doc_types: ['airline'],
    template_body_content: '<p>Dear {customer_salutation},</p><p>{tour_covering_email}</p>',
  },
  {
    // Sent when changes are accepted with 'Yes' (spec 1 §4) and offered in the email modal.
    ...BOOKING_CHANGES_TEMPLATE,
    template_type: 2,
    template_status: 1,
    selected_doc_types: ['invoice'],
  },
];
