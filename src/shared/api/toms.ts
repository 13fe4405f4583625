import { z } from 'zod';
import { endpoint, fileAnswer, MEDIA, moneyAnswer } from './contract';
import { idParams } from './params';

/**
 * TOMS, the VAT margin scheme for tour operators (issue #27; HMRC VAT Notice 709/5; the rule is
 * src/shared/toms.ts): one booking's margin for the booking screen, and the quarterly working
 * spreadsheet of the reports screen.
 */

/** The message of a quarter that is not a month 'YYYY-MM'. */
export const TOMS_QUARTER_MESSAGE = 'Please select a valid VAT quarter';

/** POST reports/toms-working: the VAT quarter by its first month, 'YYYY-MM' (three months from it). */
export const tomsWorkingReportSchema = z.object({
  quarter: z
    .string({ error: TOMS_QUARTER_MESSAGE })
    .refine(
      (v) =>
        /^\d{4}-(0[1-9]|1[0-2])$/.test(v) && Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100,
      { error: TOMS_QUARTER_MESSAGE },
    ),
});
export type TomsWorkingReportInput = z.output<typeof tomsWorkingReportSchema>;

/** One departure (tour group) whose invoiced costs fall in part on the booking. */
const groupShareAnswer = z.object({
  group_id: z.number().int(),
  tour: z.string(),
  start_date: z.string(),
  /** The group's invoice-linked supplier costs in pounds (each invoice amount ÷ its rate). */
  group_bought_in: moneyAnswer,
  /** The group's in-house costs (its tour managers' invoices when they are the operator's own). */
  group_in_house: moneyAnswer,
  /** The booking's live guests on the group, and all live guests of the group. */
  booking_guests: z.number().int(),
  group_guests: z.number().int(),
  bought_in_share: moneyAnswer,
  in_house_share: moneyAnswer,
});

/** A booking's TOMS figures (pounds; `tomsMargin` in src/shared/toms.ts). */
export const tomsFiguresAnswer = z.object({
  booking_id: z.number().int(),
  cancelled: z.boolean(),
  /** True when every tour line's tour has a destination outside the UK: the margin is zero-rated. */
  outside_uk: z.boolean(),
  /** The standard rate used, percent (setting vat_standard_rate). */
  vat_rate: z.string(),
  selling_price: moneyAnswer,
  airline_costs: moneyAnswer,
  supplier_costs: moneyAnswer,
  bought_in_uk: moneyAnswer,
  bought_in_non_uk: moneyAnswer,
  in_house: moneyAnswer,
  margin_uk: moneyAnswer,
  margin_non_uk: moneyAnswer,
  vat_due: moneyAnswer,
  groups: z.array(groupShareAnswer),
});
/** The figures as the server makes them (money as text). */
export type TomsFiguresAnswer = z.input<typeof tomsFiguresAnswer>;

export const tomsApi = {
  booking: endpoint({
    method: 'GET',
    path: '/toms/bookings/:id',
    summary:
      "A booking's VAT margin (TOMS, Notice 709/5): selling price, bought-in costs (invoices linked to its departures apportioned per live passenger, airline costs), in-house costs excluded, margin and VAT. 404 for an unknown booking.",
    params: idParams,
    answer: z.object({ success: z.literal(true), data: tomsFiguresAnswer }),
  }),
  working: endpoint({
    method: 'POST',
    path: '/reports/toms-working',
    summary:
      'TOMS working for a VAT quarter → TOMS-Working-{quarter}.xlsx (streamed): a row per booking departing in it, totals, and the filing summary.',
    permission: 'reports.run',
    body: tomsWorkingReportSchema,
    answer: fileAnswer,
    files: [MEDIA.xlsx],
  }),
};
