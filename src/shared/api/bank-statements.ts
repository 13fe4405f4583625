import Decimal from 'decimal.js';
import { z } from 'zod';
import { allocatedTotal, type BankLineStatus, splitMismatch } from '../bank-matching';
import {
  flagSchema,
  idSchema,
  moneySchema,
  optionalId,
  optionalText,
  plainString,
  requiredText,
} from './common';
import { endpoint, moneyAnswer, okAnswer, timestampAnswer } from './contract';
import { dataTablesShape, tableAnswer } from './datatables';
import { idParams } from './params';

/**
 * Bank statements that match themselves (issue #26): import a CAMT.053, OFX or bank CSV file, see
 * each credit line matched to a booking (or suggestions, or nothing), confirm → BACS payments
 * naming the line. The matching rule is `shared/bank-matching.ts`.
 */

export const BANK_FORMATS = ['camt053', 'ofx', 'csv'] as const;
export const BANK_FORMAT_LABELS: Record<(typeof BANK_FORMATS)[number], string> = {
  camt053: 'CAMT.053',
  ofx: 'OFX',
  csv: 'CSV',
};
export const BANK_LINE_STATUSES = [
  'matched',
  'suggested',
  'unmatched',
  'recorded',
  'ignored',
  'debit',
] as const satisfies readonly BankLineStatus[];
export const BANK_LINE_STATUS_LABELS: Record<BankLineStatus, string> = {
  matched: 'Matched',
  suggested: 'Suggested',
  unmatched: 'Unmatched',
  recorded: 'Recorded',
  ignored: 'Ignored',
  debit: 'Debit',
};
/** Above this many new lines an import matches them in a job (progress on screen). */
export const BANK_IMPORT_INLINE_LINES = 500;

/** A bank's CSV columns (saved per bank name; the import names the bank). */
export const bankCsvMappingInput = z.object({
  bank_name: requiredText('Bank name', 100),
  date_column: requiredText('Date column', 100),
  amount_column: requiredText('Amount column', 100),
  reference_column: requiredText('Reference column', 100),
  payer_column: requiredText('Payer column', 100),
  date_format: z.enum(['DD/MM/YYYY', 'YYYY-MM-DD'], 'Choose a date format.').default('DD/MM/YYYY'),
});
export type BankCsvMapping = z.output<typeof bankCsvMappingInput>;
export const bankCsvMappingRow = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  date_column: z.string(),
  amount_column: z.string(),
  reference_column: z.string(),
  payer_column: z.string(),
  date_format: z.enum(['DD/MM/YYYY', 'YYYY-MM-DD']),
});

/** The multipart form of POST bank-statements: the file, and the bank's name for a CSV. */
export const bankImportBody = z.object({ file: z.unknown(), bank_name: optionalText(100) });
export const BANK_FILE_FIELD = 'file';

const counts = {
  matched: z.number().int(),
  suggested: z.number().int(),
  unmatched: z.number().int(),
  recorded: z.number().int(),
  ignored: z.number().int(),
  debit: z.number().int(),
};

export const bankStatementRow = z.object({
  id: z.number().int(),
  created_at: timestampAnswer,
  file_name: z.string(),
  format: z.enum(BANK_FORMATS),
  account: z.string(),
  imported_by_name: z.string().nullable(),
  status: z.string(),
  lines_in_file: z.number().int(),
  lines_skipped: z.number().int(),
  ...counts,
});
export type BankStatementRow = z.infer<typeof bankStatementRow>;

export const bankStatementAnswer = bankStatementRow.extend({
  job_id: z.number().int().nullable(),
  /** Σ of the credit lines still to record (matched + suggested + unmatched), pounds. */
  credits_open: moneyAnswer,
});
export type BankStatement = z.infer<typeof bankStatementAnswer>;

export const bankSuggestionAnswer = z.object({
  booking_id: z.number().int(),
  booking_ref: z.string(),
  name: z.string().nullable(),
  owed: z.string(),
  score: z.number().int(),
  reason: z.string(),
  agent_id: z.number().int().nullable(),
});

export const bankLineRow = z.object({
  id: z.number().int(),
  line_no: z.number().int(),
  booked_on: z.string(),
  amount: moneyAnswer,
  reference: z.string(),
  payer: z.string(),
  status: z.enum(BANK_LINE_STATUSES),
  score: z.number().int().nullable(),
  booking_id: z.number().int().nullable(),
  booking_ref: z.string().nullable(),
  /** What the matched booking owes now (pounds), null without one. */
  booking_owed: moneyAnswer.nullable(),
  booking_name: z.string().nullable(),
  suggestions: z.array(bankSuggestionAnswer),
  /** The payments recorded from this line: their bookings' ids and references, and amounts. */
  payments: z.array(
    z.object({
      id: z.number().int(),
      booking_id: z.number().int(),
      booking_ref: z.string().nullable(),
      amount: z.string(),
    }),
  ),
});
export type BankLineRow = z.infer<typeof bankLineRow>;

export const bankLinesRequest = z.strictObject({
  ...dataTablesShape,
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(BANK_LINE_STATUSES).optional()),
});

/** One allocation of a line to a booking. */
export const bankAllocation = z.object({
  booking_id: idSchema,
  amount: moneySchema('Amount', { min: 0.01, max: 9_999_999 }),
});

/**
 * Confirming a line: its amount allocated to one booking or split across several (an agent's
 * transfer, a group's cheque), summing exactly to the line; `allow_overpayment` answers the
 * payment form's question when an allocation goes beyond what a booking owes.
 */
export const bankRecordInput = z
  .object({
    allocations: z.array(bankAllocation).min(1, 'Choose a booking.').max(500),
    allow_overpayment: flagSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const ids = v.allocations.map((a) => a.booking_id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({
        code: 'custom',
        path: ['allocations'],
        message: 'A booking appears twice in the split.',
      });
  });
export type BankRecordInput = z.input<typeof bankRecordInput>;

/** 422 unless the allocations add up to the line's amount (checked on the server, shown in the editor). */
export function splitProblem(lineAmount: string, allocations: readonly { amount: string }[]): string | null {
  const total = allocatedTotal(allocations);
  return new Decimal(total).eq(lineAmount) ? null : splitMismatch(lineAmount, total);
}

export const bankSplitQuery = z.strictObject({ agent_id: optionalId, group_id: optionalId });
/** A booking a line may be recorded against: who, when it departs, what it still owes (£). */
export const bankBookingChoice = z.object({
  booking_id: z.number().int(),
  booking_ref: z.string().nullable(),
  name: z.string().nullable(),
  departure_date: z.string().nullable(),
  owed: moneyAnswer,
});
export type BankBookingChoice = z.infer<typeof bankBookingChoice>;

export const bankSplitAnswer = z.object({
  amount: moneyAnswer,
  bookings: z.array(bankBookingChoice),
  allocations: z.array(z.object({ booking_id: z.number().int(), amount: z.string() })),
  left: z.string(),
});
export type BankSplit = z.infer<typeof bankSplitAnswer>;

export const bankPartiesAnswer = z.object({
  agents: z.array(z.object({ id: z.number().int(), name: z.string() })),
  groups: z.array(z.object({ id: z.number().int(), label: z.string() })),
});

export const bankStatementsApi = {
  table: endpoint({
    method: 'GET',
    path: '/bank-statements/table',
    summary: 'Imported bank statements, DataTables protocol, newest first, with counts of lines per status.',
    query: z.strictObject(dataTablesShape),
    answer: tableAnswer(bankStatementRow),
  }),
  get: endpoint({
    method: 'GET',
    path: '/bank-statements/:id',
    summary: 'One imported statement with its counts and the id of the job matching it.',
    params: idParams,
    answer: okAnswer({ data: bankStatementAnswer }),
  }),
  lines: endpoint({
    method: 'GET',
    path: '/bank-statements/:id/lines',
    summary:
      "A statement's lines, DataTables protocol, filtered by `status`; matched booking, suggestions, payments.",
    params: idParams,
    query: bankLinesRequest,
    answer: tableAnswer(bankLineRow),
  }),
  import: endpoint({
    method: 'POST',
    path: '/bank-statements',
    summary:
      'Import a statement (multipart `file`: camt.053 XML, OFX, or CSV with `bank_name` naming a saved column mapping). ' +
      'Lines already imported (same account and bank id) are skipped. Answers the statement id and, for a large file, the matching job.',
    permission: 'bankStatements.import',
    multipart: true,
    body: bankImportBody,
    answer: okAnswer({
      data: z.object({
        id: z.number().int(),
        job_id: z.number().int().nullable(),
        lines_new: z.number().int(),
        lines_skipped: z.number().int(),
      }),
    }),
  }),
  mappings: endpoint({
    method: 'GET',
    path: '/bank-statements/csv-mappings',
    summary: 'Saved CSV column mappings, one per bank.',
    answer: okAnswer({ data: z.array(bankCsvMappingRow) }),
  }),
  saveMapping: endpoint({
    method: 'POST',
    path: '/bank-statements/csv-mappings',
    summary: "Save a bank's CSV column mapping (by bank name: replaces that bank's).",
    permission: 'bankStatements.import',
    body: bankCsvMappingInput,
    answer: okAnswer({ data: z.object({ id: z.number().int() }) }),
  }),
  record: endpoint({
    method: 'POST',
    path: '/bank-statement-lines/:id/record',
    summary:
      'Record a credit line as BACS payments on the chosen bookings (one, or a split summing to the line) in one transaction; ' +
      '422 with the overpayment question unless allow_overpayment; 409 when the line is already recorded.',
    permission: 'bankStatements.record',
    params: idParams,
    body: bankRecordInput,
    answer: okAnswer({
      data: z.object({ payment_ids: z.array(z.number().int()), overpaid: moneyAnswer }),
    }),
  }),
  recordMatched: endpoint({
    method: 'POST',
    path: '/bank-statements/:id/record-matched',
    summary:
      'Record every matched line of a statement (each in its own transaction; a line whose booking no longer owes its amount is left for review). ' +
      'Answers the counts, or a job id when there are many.',
    permission: 'bankStatements.record',
    params: idParams,
    answer: okAnswer({
      data: z.object({
        job_id: z.number().int().nullable(),
        recorded: z.number().int(),
        left: z.number().int(),
      }),
    }),
  }),
  ignore: endpoint({
    method: 'POST',
    path: '/bank-statement-lines/:id/ignore',
    summary: 'Set a credit line aside (ignored: true) or back for matching (false). 409 once recorded.',
    permission: 'bankStatements.record',
    params: idParams,
    body: z.object({ ignored: flagSchema }),
    answer: okAnswer(),
  }),
  split: endpoint({
    method: 'GET',
    path: '/bank-statement-lines/:id/split',
    summary:
      "The bookings an agent's transfer or a group's cheque may be split across (those owing, oldest balance due first) and a proposed split of the line.",
    params: idParams,
    query: bankSplitQuery,
    answer: okAnswer({ data: bankSplitAnswer }),
  }),
  parties: endpoint({
    method: 'GET',
    path: '/bank-statements/split-parties',
    summary: 'Agents and tour groups whose name matches `q` (ten of each), for choosing a split.',
    query: z.strictObject({ q: plainString().max(100).optional() }),
    answer: okAnswer({ data: bankPartiesAnswer }),
  }),
  bookings: endpoint({
    method: 'GET',
    path: '/bank-statements/bookings',
    summary:
      "Live bookings whose reference starts with `q` or whose customer's surname is `q` (twenty, those owing first), to record a line against by hand when it carries no usable reference.",
    query: z.strictObject({ q: plainString().max(100).optional() }),
    answer: okAnswer({ data: z.array(bankBookingChoice) }),
  }),
};
