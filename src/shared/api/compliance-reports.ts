import { z } from 'zod';
import { addDays, addMonths } from '../dates';
import { blankToUndefined, ymdSchema } from './common';
import { endpoint, fileAnswer, MEDIA } from './contract';

/**
 * The compliance reports of issue #27 (on the reports screen beside the twelve of issue #15): the
 * refunds of cancelled bookings with the days they took (PTR 2018 reg. 14) and the ATOL APC return
 * for a month or quarter. Request schemas shared by the screen's form and the server (422 per field).
 */

export const COMPLIANCE_REPORT_MESSAGES = {
  refundsFrom: 'Please select a cancelled from date',
  refundsTo: 'Please select a cancelled to date',
  toBeforeFrom: 'The to date must not be before the from date.',
  period: 'Please choose a month or a quarter',
} as const;

const m = COMPLIANCE_REPORT_MESSAGES;

// ── Refunds (POST reports/refunds) ─────────────────────────────────────────────────────────

export const refundsReportShape = {
  /** The London days of the cancellations, both ends included. */
  cancelledFrom: z.preprocess(blankToUndefined, ymdSchema.optional()),
  cancelledTo: z.preprocess(blankToUndefined, ymdSchema.optional()),
};
export const refundsReportSchema = z.object(refundsReportShape).superRefine((v, ctx) => {
  if (!v.cancelledFrom) ctx.addIssue({ code: 'custom', path: ['cancelledFrom'], message: m.refundsFrom });
  if (!v.cancelledTo) ctx.addIssue({ code: 'custom', path: ['cancelledTo'], message: m.refundsTo });
  if (v.cancelledFrom && v.cancelledTo && v.cancelledTo < v.cancelledFrom)
    ctx.addIssue({ code: 'custom', path: ['cancelledTo'], message: m.toBeforeFrom });
});
export type RefundsReportInput = z.output<typeof refundsReportSchema>;

// ── ATOL APC return (POST reports/atol-apc-return) ─────────────────────────────────────────

/** A return period: a month 'YYYY-MM' or a quarter 'YYYY-Qn' (calendar quarters: Q1 = January–March). */
export const APC_PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2]|Q[1-4])$/;

export const apcReturnShape = {
  period: z.preprocess(
    blankToUndefined,
    z
      .string({ error: m.period })
      .regex(APC_PERIOD_PATTERN, m.period)
      .meta({ examples: ['2026-Q1', '2026-03'] }),
  ),
};
export const apcReturnSchema = z.object(apcReturnShape);
export type ApcReturnInput = z.output<typeof apcReturnSchema>;

/**
 * A return period's first and last days (YYYY-MM-DD) and its name ('March 2026', 'Q1 2026
 * (January–March)'). Throws on a period not matching APC_PERIOD_PATTERN (the schema refuses those).
 */
export function apcPeriod(period: string): { from: string; to: string; label: string } {
  const match = APC_PERIOD_PATTERN.exec(period);
  if (!match) throw new Error(`Not a return period: ${period}`);
  const [, year, part] = match;
  const quarter = part.startsWith('Q') ? Number(part.slice(1)) : null;
  const firstMonth = quarter ? (quarter - 1) * 3 + 1 : Number(part);
  const from = `${year}-${String(firstMonth).padStart(2, '0')}-01`;
  const to = addDays(addMonths(from, quarter ? 3 : 1), -1);
  const monthName = (ymd: string) =>
    new Date(`${ymd}T12:00:00Z`).toLocaleDateString('en-GB', { month: 'long', timeZone: 'UTC' });
  const label = quarter
    ? `Q${quarter} ${year} (${monthName(from)}–${monthName(to)})`
    : `${monthName(from)} ${year}`;
  return { from, to, label };
}

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

export const complianceReportsApi = {
  refunds: endpoint({
    method: 'POST',
    path: '/reports/refunds',
    summary:
      'Refunds of bookings cancelled in a date range: amount, due by (14 days, PTR 2018 reg. 14), refunded on, days taken, late → Refunds-Report.xlsx (streamed).',
    permission: 'reports.run',
    body: refundsReportSchema,
    answer: fileAnswer,
    files: [MEDIA.xlsx],
  }),
  apcReturn: endpoint({
    method: 'POST',
    path: '/reports/atol-apc-return',
    summary:
      'ATOL APC return for a month or quarter: certificates issued, passengers aged 2+, APC at the rate of the day, licensable revenue → ATOL-APC-Return-{period}.xlsx (streamed).',
    permission: 'reports.run',
    body: apcReturnSchema,
    answer: fileAnswer,
    files: [MEDIA.xlsx],
  }),
};
