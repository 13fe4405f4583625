import { bookingTotals } from '../../../../shared/booking-totals';
import { equalInstalments } from '../../../../shared/instalments';
import { paymentSchedule } from '../../../../shared/payment-schedule';
import type { BookingDocumentData, DocFlight, DocLine } from './data-types';

/**
 * The booking of widest-figures.test.ts (issue #22 point 4): every amount seven figures, the
 * longest names we meet. Test data only.
 */

export const LONG_TOUR =
  'Grand Tour of the Scottish Highlands, Islands and Whisky Distilleries with Loch Ness Cruise';
export const LONG_HOTEL =
  'The Right Honourable Duke of Westminster’s Grand Highland Lochside Spa Resort & Conference Centre';
export const LONG_SURNAME = 'Featherstonehaugh-Wolfeschlegelsteinhausenbergerdorff';
export const BIG = '1234567.89';

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

export function widestBooking(cancelled: boolean): BookingDocumentData {
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
