import type { BookingTotals } from '../../../../shared/booking-totals';
import type { PaymentStage } from '../../../../shared/payment-schedule';
import type { CompanySettings } from '../../../documents/letterhead';

/**
 * The shape of what the booking documents print (data.ts loads it from the live booking; each
 * document module under booking/ reads it).
 */

/** An airport as printed: IATA code and name. */
export interface DocAirport {
  iata: string;
  name: string | null;
}

/** A flight of a line's departure (local date-times 'YYYY-MM-DD HH:mm:ss'). */
export interface DocFlight {
  id: number;
  flight_number: string;
  airline: { id: number; name: string } | null;
  from: DocAirport;
  to: DocAirport;
  departure_terminal: string | null;
  arrival_terminal: string | null;
  departure_time: string;
  arrival_time: string;
}

/** A tour line as the documents print it. Money pounds as decimal text, dates YYYY-MM-DD. */
export interface DocLine {
  id: number;
  tour: { id: number; name: string; tour_type: string };
  instance: {
    id: number;
    title: string | null;
    departure_date: string;
    group_start_date: string;
    duration: number | null;
    airport: DocAirport | null;
    pick_up_point: string | null;
    self_drive: boolean;
  };
  flights: DocFlight[];
  accommodation: {
    id: number;
    name: string;
    resort: string | null;
    address: string | null;
    phone: string | null;
  } | null;
  room: { name: string; board_basis: string | null; occupancy: number } | null;
  rooms: number;
  guests: number;
  /** The per-guest price charged (sale price when above 0.00, else price). */
  price_per_guest: string;
  /** price_per_guest × guests. */
  line_total: string;
  check_in_date: string | null;
  check_out_date: string | null;
  /** Nights of the stay (nightsOfStay), 0 without dates. */
  nights: number;
  airline_ref: string | null;
  special_requests: string | null;
  passenger_ids: number[];
}

/** A passenger (dob YYYY-MM-DD or null). */
export interface DocPassenger {
  id: number;
  title: string | null;
  first_name: string;
  last_name: string;
  dob: string | null;
}

/** An airline of the booking's flights, with what the check-in instructions print. */
export interface DocAirline {
  id: number;
  name: string;
  web_check_in_before_days: number | null;
  /** Rich HTML text (sanitised on save). */
  airline_content: string | null;
  instruction_doc_name: string | null;
  /** FileStore key of the instruction PDF. */
  instruction_doc_path: string | null;
}

/** Everything the booking documents print, from the live booking. */
export interface BookingDocumentData {
  booking: {
    id: number;
    booking_ref: string;
    status: string;
    /** ISO 8601 timestamps. */
    created_at: string;
    cancelled_at: string | null;
    cancellation_charge: string | null;
    total_due: string;
    paid: string;
    balance: string;
    balance_due: string | null;
    deposit_due: string | null;
    deposit: string;
    /** The payment schedule's stages (src/shared/payment-schedule.ts), as the booking detail answers them. */
    payment_schedule: PaymentStage[];
    departure_date: string | null;
    agent_comission_percent: string | null;
    booking_vat_percent: string;
    special_request: string | null;
  };
  /** Spec 1 §9 figures (booking-totals.ts), consistent with the stored total_due / paid / balance. */
  totals: BookingTotals;
  customer: {
    id: number;
    title: string | null;
    first_name: string;
    last_name: string;
    email: string | null;
    phone: string | null;
    address: string[];
  } | null;
  agent: {
    id: number;
    name: string;
    abta: string | null;
    email: string | null;
    phone: string | null;
    address: string[];
  } | null;
  lines: DocLine[];
  passengers: DocPassenger[];
  extras: {
    name: string;
    note: string | null;
    qty: number;
    price: string;
    total: string;
    commissionable: boolean;
  }[];
  discounts: { description: string; code: string; qty: number; amount: string }[];
  payments: {
    id: number;
    /** ISO 8601. */
    created_at: string;
    method: string;
    method_label: string;
    amount: string;
    transaction_id: string | null;
    voided: boolean;
    reverses_payment_id: number | null;
  }[];
  airlines: DocAirline[];
  company: CompanySettings;
}
