import Decimal from 'decimal.js';
import { poundsText } from './money-text';

/**
 * How a bank statement's lines find their bookings (issue #26): one rule, pure, used by the import
 * (server) and quoted by its unit tests. Amounts are pounds as decimal text, never floats.
 *
 * - A debit (amount below 0) is listed and left alone: 'debit'.
 * - A booking reference in the line's reference text (the product's 'HB' + digits, case and
 *   spaces tolerated: 'hb 100 001', 'HB-100001') whose booking still owes at least the amount →
 *   'matched' to that booking, score 100.
 * - Otherwise 'suggested' when some candidate scores at least SUGGEST_AT: the referenced booking
 *   owing less than the amount (the overpayment question), a booking whose balance equals the
 *   amount, a booking of a customer or agent named in the payer text; best first, at most five.
 * - Else 'unmatched'.
 */

/** The line as the matcher reads it. */
export interface BankLineFacts {
  amount: string;
  reference: string;
  payer: string;
}

/** A booking the server found for a line (by reference, by balance, or by the payer's name). */
export interface BookingCandidate {
  booking_id: number;
  booking_ref: string;
  /** What is still owed: total due (or cancellation value) − paid, floored at 0. */
  owed: string;
  /** The customer's full name, or null for an agent's booking without one. */
  customer_name: string | null;
  agent_id: number | null;
  agent_name: string | null;
}

export type BankLineStatus = 'matched' | 'suggested' | 'unmatched' | 'debit' | 'recorded' | 'ignored';

/** One suggestion kept on the line (bank_statement_lines.suggestions) and shown on the review screen. */
export interface BankSuggestion {
  booking_id: number;
  booking_ref: string;
  name: string | null;
  owed: string;
  score: number;
  /** Why, in words staff read: 'reference, amount above balance', 'balance equals amount', 'payer name'. */
  reason: string;
  /** Set when the payer is an agent: its transfer may be split across the agent's bookings. */
  agent_id: number | null;
}

export interface BankLineMatch {
  status: Exclude<BankLineStatus, 'recorded' | 'ignored'>;
  booking_id: number | null;
  score: number | null;
  suggestions: BankSuggestion[];
}

/** Suggestions scoring below this are not kept. */
export const SUGGEST_AT = 40;
const MAX_SUGGESTIONS = 5;

/** 'HB' followed by 6–8 digits, letters case-free, spaces or a hyphen allowed between the parts. */
const REF_PATTERN = /(?<![A-Z0-9])H\s?B[\s-]?((?:\d\s?){5,7}\d)(?!\d)/gi;

/**
 * The booking references in a line's text, normalised ('HB100001'), in the order they appear,
 * without repeats. 'Holiday hb 100 001 dep' → ['HB100001'].
 */
export function bookingRefsIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(REF_PATTERN)) {
    const ref = `HB${m[1].replace(/\s/g, '')}`;
    if (!out.includes(ref)) out.push(ref);
  }
  return out;
}

/** Words of a name or payer text, upper case, letters only, titles and initials dropped. */
const TITLES = new Set([
  'MR',
  'MRS',
  'MS',
  'MISS',
  'DR',
  'REV',
  'SIR',
  'LADY',
  'LTD',
  'LIMITED',
  'AND',
  'THE',
]);
export function nameWords(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .toUpperCase()
    .replace(/[^A-Z\s'-]/g, ' ')
    .split(/[\s'-]+/)
    .filter((w) => w.length > 1 && !TITLES.has(w));
}

/** The surname a payer text most likely carries (its last word of two letters or more), or null. */
export function payerSurname(payer: string): string | null {
  const words = nameWords(payer);
  return words.length ? words[words.length - 1] : null;
}

/** True when every word of `name` (an agent's) or the surname (a customer's last word) is in the payer text. */
function nameInPayer(payerWords: string[], name: string | null, whole: boolean): boolean {
  const words = nameWords(name);
  if (!words.length) return false;
  if (whole) return words.every((w) => payerWords.includes(w));
  return payerWords.includes(words[words.length - 1]);
}

/**
 * Scores one candidate for a credit line: 70 for its reference in the text (the amount is then
 * above what it owes, or it would be matched), +45 when the amount equals what it owes, +40 when
 * the customer's surname or every word of the agent's name is in the payer text, +10 when the
 * amount is below what it owes and the name fits (a part payment). At most 99: only a reference
 * with a fitting amount is matched without staff.
 */
export function scoreCandidate(line: BankLineFacts, c: BookingCandidate, refs: string[]): BankSuggestion {
  const amount = new Decimal(line.amount);
  const owed = new Decimal(c.owed);
  const payerWords = nameWords(line.payer);
  const reasons: string[] = [];
  let score = 0;
  if (refs.includes(c.booking_ref)) {
    score += 70;
    reasons.push(owed.gt(0) ? 'reference, amount above balance' : 'reference, nothing owed');
  }
  if (owed.gt(0) && amount.eq(owed)) {
    score += 45;
    reasons.push('balance equals amount');
  }
  const byCustomer = nameInPayer(payerWords, c.customer_name, false);
  const byAgent = nameInPayer(payerWords, c.agent_name, true);
  if (byCustomer || byAgent) {
    score += 40;
    reasons.push(byAgent ? 'agent named' : 'payer name');
    if (amount.lt(owed)) score += 10;
  }
  return {
    booking_id: c.booking_id,
    booking_ref: c.booking_ref,
    name: c.customer_name ?? c.agent_name,
    owed: owed.toFixed(2),
    score: Math.min(score, 99),
    reason: reasons.join('; '),
    agent_id: byAgent ? c.agent_id : null,
  };
}

/**
 * Matches one line against the candidates the server found for it (those of its references and
 * those by balance or name; duplicates allowed). See the module comment for the rule.
 */
export function matchBankLine(line: BankLineFacts, candidates: readonly BookingCandidate[]): BankLineMatch {
  const amount = new Decimal(line.amount);
  if (amount.lte(0)) return { status: 'debit', booking_id: null, score: null, suggestions: [] };
  const refs = bookingRefsIn(line.reference);
  const byId = new Map<number, BookingCandidate>();
  for (const c of candidates) byId.set(c.booking_id, c);
  const unique = [...byId.values()];
  for (const ref of refs) {
    const c = unique.find((b) => b.booking_ref === ref);
    if (c && new Decimal(c.owed).gte(amount)) {
      return { status: 'matched', booking_id: c.booking_id, score: 100, suggestions: [] };
    }
  }
  const suggestions = unique
    .map((c) => scoreCandidate(line, c, refs))
    .filter((s) => s.score >= SUGGEST_AT)
    .sort((a, b) => b.score - a.score || a.booking_id - b.booking_id)
    .slice(0, MAX_SUGGESTIONS);
  if (!suggestions.length) return { status: 'unmatched', booking_id: null, score: null, suggestions: [] };
  return { status: 'suggested', booking_id: null, score: suggestions[0].score, suggestions };
}

/**
 * A split of a line's amount across bookings, in the order given, each taking up to what it owes:
 * what the split editor offers before staff change it. Answers pounds as text; `left` is what no
 * booking took (an overpayment once recorded on the last, or to allocate by hand).
 */
export function proposeSplit(
  amount: string,
  bookings: readonly { booking_id: number; owed: string }[],
): { allocations: { booking_id: number; amount: string }[]; left: string } {
  let left = new Decimal(amount);
  const allocations: { booking_id: number; amount: string }[] = [];
  for (const b of bookings) {
    if (left.lte(0)) break;
    const take = Decimal.min(left, Decimal.max(0, new Decimal(b.owed)));
    if (take.lte(0)) continue;
    allocations.push({ booking_id: b.booking_id, amount: take.toFixed(2) });
    left = left.minus(take);
  }
  return { allocations, left: left.toFixed(2) };
}

/** Σ of allocated amounts, pounds as text (decimal.js). */
export const allocatedTotal = (allocations: readonly { amount: string }[]) =>
  allocations.reduce((sum, a) => sum.plus(a.amount || 0), new Decimal(0)).toFixed(2);

/** The message when a split does not add up to the line. */
export const splitMismatch = (line: string, allocated: string) =>
  `The split adds up to ${poundsText(allocated)}, not the line's ${poundsText(line)}.`;
