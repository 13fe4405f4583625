import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { type BankCsvMapping, splitProblem } from '../../../shared/api/bank-statements';
import {
  type BookingCandidate,
  bookingRefsIn,
  matchBankLine,
  nameWords,
  payerSurname,
} from '../../../shared/bank-matching';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { conflict, HttpError, notFound, validationError } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import type { AtolDeps } from '../bookings';
import { recordPaymentIn } from '../payments';
import { agentNames, bookingsByRef, suggestionCandidates } from './queries';

/**
 * Bank statements (issue #26): import a file, match its lines, record confirmed lines as BACS
 * payments. A line is used once: lines are unique per account, format and the bank's id, so a
 * repeated or overlapping import skips what is already here, and a line is locked and refused once
 * recorded.
 */

export const LINE_MESSAGES = {
  recorded: 'This bank line is already recorded.',
  debit: 'A debit is listed only; it cannot be recorded as a payment.',
  noMapping: (bank: string) => `There is no saved CSV mapping for ${bank}; save one first.`,
  needBank: 'Choose the bank whose CSV mapping reads this file.',
} as const;

const MATCH_BATCH = 2500;

/**
 * Matches every open credit line of a statement (unmatched, suggested or matched — again, as
 * balances move) by the shared rule, `MATCH_BATCH` lines at a time: the bookings of all the
 * batch's references in one statement, then bounded suggestion queries for the lines still
 * without a match (by amount, payer surname and named agents), then one UPDATE of the batch.
 * Ends with the statement 'ready'. `progress` reports lines done of total.
 */
export async function matchStatement(
  db: Db,
  statementId: number,
  progress?: (done: number, total: number) => Promise<void>,
): Promise<{ matched: number; suggested: number; unmatched: number }> {
  const lines = await queryRows<{ id: number; amount: string; reference: string; payer: string }>(
    db,
    sql`select id, amount::text as amount, reference, payer from bank_statement_lines
        where statement_id = ${statementId} and status in ('unmatched', 'suggested', 'matched')
        order by line_no`,
  );
  const agents = (await agentNames(db))
    .map((a) => ({ ...a, words: nameWords(a.name) }))
    .filter((a) => a.words.length);
  const tally = { matched: 0, suggested: 0, unmatched: 0 };
  for (let start = 0; start < lines.length; start += MATCH_BATCH) {
    const batch = lines.slice(start, start + MATCH_BATCH);
    const refsOf = new Map(batch.map((l) => [l.id, bookingRefsIn(l.reference)]));
    const byRef = new Map<string, BookingCandidate>();
    for (const c of await bookingsByRef(db, [...new Set([...refsOf.values()].flat())]))
      byRef.set(c.booking_ref, c);
    const first = new Map(
      batch.map((l) => [
        l.id,
        matchBankLine(
          l,
          (refsOf.get(l.id) ?? []).flatMap((r) => byRef.get(r) ?? []),
        ),
      ]),
    );
    // Lines without a match look further: bookings owing their amount, their payer's, an agent's.
    const open = batch.filter((l) => first.get(l.id)?.status !== 'matched');
    const agentsOf = new Map(
      open.map((l) => {
        const words = nameWords(l.payer);
        return [l.id, agents.filter((a) => a.words.every((w) => words.includes(w))).map((a) => a.id)];
      }),
    );
    const more = await suggestionCandidates(db, {
      amounts: [...new Set(open.map((l) => l.amount))],
      surnames: [
        ...new Set(open.map((l) => payerSurname(l.payer)?.toLowerCase()).filter((s): s is string => !!s)),
      ],
      agentIds: [...new Set([...agentsOf.values()].flat())],
    });
    const found = new Map<string, BookingCandidate[]>();
    for (const c of more) found.set(c.found_by, [...(found.get(c.found_by) ?? []), c]);
    const updates = batch.map((l) => {
      let m = first.get(l.id) ?? matchBankLine(l, []);
      if (m.status !== 'matched' && m.status !== 'debit') {
        const refCandidates = (refsOf.get(l.id) ?? []).flatMap((r) => byRef.get(r) ?? []);
        const candidates = [
          ...refCandidates,
          ...(found.get(l.amount) ?? []),
          ...(found.get(payerSurname(l.payer)?.toLowerCase() ?? '') ?? []),
          ...(agentsOf.get(l.id) ?? []).flatMap((a) => found.get(String(a)) ?? []),
        ];
        m = matchBankLine(l, candidates);
      }
      if (m.status === 'matched' || m.status === 'suggested' || m.status === 'unmatched') tally[m.status]++;
      return {
        id: l.id,
        status: m.status,
        booking_id: m.booking_id,
        score: m.score,
        suggestions: m.suggestions,
      };
    });
    await db.execute(
      sql`update bank_statement_lines l
          set status = u.status, booking_id = u.booking_id, score = u.score, suggestions = u.suggestions, updated_at = now()
          from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
               as u(id int, status text, booking_id int, score int, suggestions jsonb)
          where l.id = u.id and l.status in ('unmatched', 'suggested', 'matched')`,
    );
    await progress?.(Math.min(start + MATCH_BATCH, lines.length), lines.length);
  }
  await db.execute(
    sql`update bank_statements set status = 'ready', updated_at = now() where id = ${statementId}`,
  );
  return tally;
}

/**
 * POST bank-statement-lines/{id}/record: in ONE transaction, locks the line (`for update`; 409 once
 * recorded, 422 for a debit or a split that does not add up to it), then each booking in ascending
 * id order through the payments service — BACS, the line's reference as the transaction id, the
 * bank line named, the overpayment question (422 on `allocations.N.amount` naming the booking unless
 * `allow_overpayment`), history, recomputed totals and a first ATOL certificate — and marks the
 * line recorded with an audit row. Answers the payment ids and the overpaid part in pounds.
 */
export async function recordLine(
  db: Db,
  lineId: number,
  input: { allocations: { booking_id: number; amount: string }[]; allow_overpayment?: boolean },
  userId: number,
  docs?: AtolDeps,
): Promise<{ paymentIds: number[]; overpaid: string }> {
  return inTransaction(db, async (tx) => {
    const [line] = await queryRows<{
      id: number;
      amount: string;
      status: string;
      reference: string;
      statement_id: number;
    }>(
      tx,
      sql`select id, amount::text as amount, status, reference, statement_id
          from bank_statement_lines where id = ${lineId} for update`,
    );
    if (!line) throw notFound('Bank line not found.');
    if (line.status === 'recorded') throw conflict(LINE_MESSAGES.recorded);
    if (line.status === 'debit')
      throw validationError({ allocations: [LINE_MESSAGES.debit] }, LINE_MESSAGES.debit);
    const problem = splitProblem(line.amount, input.allocations);
    if (problem) throw validationError({ allocations: [problem] }, problem);
    const order = input.allocations.map((a, i) => ({ ...a, i })).sort((a, b) => a.booking_id - b.booking_id);
    const paymentIds: number[] = [];
    let overpaid = new Decimal(0);
    for (const a of order) {
      try {
        const r = await recordPaymentIn(
          tx,
          {
            bookingId: a.booking_id,
            method: 'bacs',
            amount: a.amount,
            transactionId: line.reference.slice(0, 100) || null,
            allowOverpayment: input.allow_overpayment === true,
            bankLineId: line.id,
          },
          userId,
          docs,
        );
        paymentIds.push(r.paymentId);
        overpaid = overpaid.plus(r.overpaid);
      } catch (e) {
        if (e instanceof HttpError && e.statusCode === 422 && order.length > 1) {
          const [ref] = await queryRows<{ booking_ref: string | null }>(
            tx,
            sql`select booking_ref from bookings where id = ${a.booking_id}`,
          );
          const message = `${ref?.booking_ref ?? `Booking ${a.booking_id}`}: ${e.message}`;
          throw validationError({ [`allocations.${a.i}.amount`]: [message] }, message);
        }
        throw e;
      }
    }
    const first = input.allocations[0].booking_id;
    await tx.execute(
      sql`update bank_statement_lines set status = 'recorded', booking_id = ${first}, recorded_by = ${userId}, updated_at = now()
          where id = ${line.id}`,
    );
    await recordAudit(tx, {
      entity: 'bank_statement_line',
      entityId: line.id,
      action: 'updated',
      before: { status: line.status },
      after: { status: 'recorded', payments: paymentIds.join(', ') },
      userId,
      scope: `bank_statement:${line.statement_id}`,
    });
    return { paymentIds, overpaid: overpaid.toFixed(2) };
  });
}

/** Above this many matched lines, recording them all runs as a job. */
export const RECORD_INLINE_LINES = 50;

/**
 * Records every matched line of a statement, each in its own transaction (`recordLine`, no
 * overpayment allowed): a line whose booking no longer owes its amount, or that another person
 * recorded meanwhile, is left as it is and counted in `left`.
 */
export async function recordMatched(
  db: Db,
  statementId: number,
  userId: number,
  docs?: AtolDeps,
  progress?: (done: number, total: number) => Promise<void>,
): Promise<{ recorded: number; left: number }> {
  const lines = await matchedLines(db, statementId);
  let recorded = 0;
  for (const [i, l] of lines.entries()) {
    try {
      await recordLine(
        db,
        l.id,
        { allocations: [{ booking_id: l.booking_id, amount: l.amount }] },
        userId,
        docs,
      );
      recorded++;
    } catch (e) {
      if (!(e instanceof HttpError) || e.statusCode >= 500) throw e;
    }
    if (progress && (i % 25 === 24 || i === lines.length - 1)) await progress(i + 1, lines.length);
  }
  return { recorded, left: lines.length - recorded };
}

export const matchedLines = async (db: Db, statementId: number) => {
  const [s] = await queryRows<{ id: number }>(
    db,
    sql`select id from bank_statements where id = ${statementId}`,
  );
  if (!s) throw notFound('Bank statement not found.');
  return queryRows<{ id: number; booking_id: number; amount: string }>(
    db,
    sql`select id, booking_id, amount::text as amount from bank_statement_lines
        where statement_id = ${statementId} and status = 'matched' and booking_id is not null order by line_no`,
  );
};

/** Sets a credit line aside or back (409 once recorded, 422 for a debit), with an audit row. */
export async function ignoreLine(db: Db, lineId: number, ignored: boolean, userId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [line] = await queryRows<{ status: string; statement_id: number }>(
      tx,
      sql`select status, statement_id from bank_statement_lines where id = ${lineId} for update`,
    );
    if (!line) throw notFound('Bank line not found.');
    if (line.status === 'recorded') throw conflict(LINE_MESSAGES.recorded);
    if (line.status === 'debit') throw new HttpError(422, LINE_MESSAGES.debit);
    const status = ignored ? 'ignored' : 'unmatched';
    if (status === line.status) return;
    await tx.execute(
      sql`update bank_statement_lines set status = ${status}, updated_at = now() where id = ${lineId}`,
    );
    await recordAudit(tx, {
      entity: 'bank_statement_line',
      entityId: lineId,
      action: 'updated',
      before: { status: line.status },
      after: { status },
      userId,
      scope: `bank_statement:${line.statement_id}`,
    });
  });
  if (!ignored) {
    const [l] = await queryRows<{ statement_id: number }>(
      db,
      sql`select statement_id from bank_statement_lines where id = ${lineId}`,
    );
    await matchStatement(db, l.statement_id);
  }
}

/** Saves a bank's CSV mapping (replacing that bank's), with an audit row. */
export async function saveMapping(db: Db, m: BankCsvMapping, userId: number): Promise<number> {
  return inTransaction(db, async (tx) => {
    const [before] = await queryRows<BankCsvMapping & { id: number }>(
      tx,
      sql`select * from bank_csv_mappings where bank_name = ${m.bank_name} for update`,
    );
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into bank_csv_mappings (bank_name, date_column, amount_column, reference_column, payer_column, date_format)
          values (${m.bank_name}, ${m.date_column}, ${m.amount_column}, ${m.reference_column}, ${m.payer_column}, ${m.date_format})
          on conflict (bank_name) do update set date_column = excluded.date_column, amount_column = excluded.amount_column,
            reference_column = excluded.reference_column, payer_column = excluded.payer_column,
            date_format = excluded.date_format, updated_at = now()
          returning id`,
    );
    await recordAudit(tx, {
      entity: 'bank_csv_mapping',
      entityId: row.id,
      action: before ? 'updated' : 'created',
      before: before ? { ...before, id: undefined } : null,
      after: { ...m },
      userId,
    });
    return row.id;
  });
}
