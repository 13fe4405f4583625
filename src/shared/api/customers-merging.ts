import { z } from 'zod';
import { idSchema, optionalId, optionalText, plainString } from './common';
import { endpoint, timestampAnswer } from './contract';
import { dataTablesShape, tableAnswer } from './datatables';

/**
 * Duplicate customers and merging (spec 2 §2 'Duplicate customers', 'Duplicate customer detail',
 * §4 merge flow, §5, §7 customers-merging calls, §9: 25 rows, reload 500 ms after a merge).
 *
 * A duplicate group is named by a **key**, the detail screen's route parameter
 * (/customers/duplicate-customer-detail/{key}) and the `email` of `get-duplicate-record`:
 * - an email address (the legacy's groups: one email held by more than one customer);
 * - `same-name-postcode:{first}|{last}|{POSTCODE}` and `same-phone:{digits}` — beyond the legacy,
 *   likely duplicates with different emails. An email address never holds ':' before its '@' in
 *   practice, so the prefixes cannot be mistaken for one.
 */

/** The kinds of duplicate group: one email, or likely duplicates by name and postcode or by phone. */
export const DUPLICATE_KINDS = ['email', 'name_postcode', 'phone'] as const;
export type DuplicateKind = (typeof DUPLICATE_KINDS)[number];

/** How the table and the detail screen mark a likely duplicate group. */
export const LIKELY_REASONS: Record<Exclude<DuplicateKind, 'email'>, string> = {
  name_postcode: 'Likely: same name and postcode',
  phone: 'Likely: same phone',
};

const NAME_POSTCODE_PREFIX = 'same-name-postcode:';
const PHONE_PREFIX = 'same-phone:';

/** A parsed duplicate key (see the module comment). */
export type DuplicateKey =
  | { kind: 'email'; email: string }
  | { kind: 'name_postcode'; first: string; last: string; postcode: string }
  | { kind: 'phone'; phone: string };

/** Postcode as compared: upper case without spaces ('sw1a 1aa' → 'SW1A1AA'). */
export const postcodeKey = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, '').toUpperCase();

/**
 * A phone number as compared: without spaces and the separators ' -()+./', a leading 44 (from +44)
 * read as 0; null unless what is left is 9 digits or more (too short, or text such as 'ext 2', to
 * say two customers share it). The SQL twin is `phoneKeySql` (areas/customers-merging/queries.ts).
 */
export function phoneKey(s: string | null | undefined): string | null {
  let d = (s ?? '').replace(/[ \-()+./]/g, '');
  if (!/^\d{9,}$/.test(d)) return null;
  if (d.startsWith('44') && d.length >= 11) d = `0${d.slice(2)}`;
  return d;
}

/** Reads a route parameter / `email` field as a duplicate key; null when it names nothing usable. */
export function parseDuplicateKey(raw: string): DuplicateKey | null {
  const s = raw.trim();
  if (s.startsWith(NAME_POSTCODE_PREFIX)) {
    const [first, last, postcode] = s.slice(NAME_POSTCODE_PREFIX.length).split('|');
    if (!first || !last || postcode === undefined || !postcode) return null;
    return {
      kind: 'name_postcode',
      first: first.toLowerCase(),
      last: last.toLowerCase(),
      postcode: postcodeKey(postcode),
    };
  }
  if (s.startsWith(PHONE_PREFIX)) {
    const phone = phoneKey(s.slice(PHONE_PREFIX.length));
    return phone ? { kind: 'phone', phone } : null;
  }
  return s ? { kind: 'email', email: s.toLowerCase() } : null;
}

/** The key of a parsed group (the inverse of parseDuplicateKey). */
export function duplicateKeyText(k: DuplicateKey): string {
  if (k.kind === 'email') return k.email;
  if (k.kind === 'phone') return `${PHONE_PREFIX}${k.phone}`;
  return `${NAME_POSTCODE_PREFIX}${k.first}|${k.last}|${k.postcode}`;
}

/** A row of the duplicate customers table (spec 2 §3 'Duplicate customer group': email, count). */
export const duplicateGroupRow = z.object({
  /** The detail screen's route parameter (the email for email groups). */
  key: z.string(),
  kind: z.enum(DUPLICATE_KINDS),
  /** The shared email (email groups); for likely groups the members' emails, comma separated. */
  email: z.string(),
  /** The members' distinct names, comma separated. */
  names: z.string(),
  /** The members' distinct postcodes, comma separated. */
  postcodes: z.string(),
  /** Customers in the group. */
  count: z.number().int(),
  /** Customers the duplicate script would merge away (same email, name and postcode); 0 for likely groups. */
  exact_duplicates: z.number().int(),
  /** 'Likely: same name and postcode' / 'Likely: same phone'; null for email groups. */
  likely_reason: z.string().nullable(),
});
export type DuplicateGroupRow = z.input<typeof duplicateGroupRow>;

/** One customer card of the detail screen (spec 2 §2 Duplicate customer detail). */
export const duplicateCustomer = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  mobile_number: z.string().nullable(),
  street_address: z.string().nullable(),
  town: z.string().nullable(),
  postcode: z.string().nullable(),
  created_at: timestampAnswer,
  /** Bookings pointing at the customer (current and linked old-system ones). */
  total_bookings: z.number().int(),
});
export type DuplicateCustomer = z.input<typeof duplicateCustomer>;

/** What the spec's screens send as the group: `email` (an email or a likely-duplicate key). */
export const duplicateRecordInput = z.object({
  email: plainString({ error: 'Please give the email of the duplicate group.' })
    .trim()
    .min(1, 'Please give the email of the duplicate group.')
    .max(400),
});

/** The script's optional body: one email (the row's 'Run Duplicate Script'); none merges every email. */
export const mergeScriptInput = z
  .object({
    email: optionalText(320),
  })
  .optional();

/** Spec 2 §5: the merge flow's message when two main users are marked. */
export const ONE_MAIN_USER_MESSAGE = 'Can only select one Main User';
/** Two staff merging overlapping sets: the one that comes second is told this (409). */
export const CUSTOMERS_CHANGED_MESSAGE = 'These customers have changed; reload and try again.';

/**
 * POST customers-merging/merge-customers (spec 2 §7): two or more distinct customer ids, and the
 * main one (optional; none → the oldest record).
 */
export const mergeCustomersInput = z
  .object({
    selected_customer_ids: z
      .array(idSchema, { error: 'Please select the customers to merge.' })
      .max(200, 'Please merge at most 200 customers at once.'),
    selected_main_customer: optionalId,
  })
  .superRefine((v, ctx) => {
    const ids = new Set(v.selected_customer_ids);
    if (ids.size < 2)
      ctx.addIssue({
        code: 'custom',
        path: ['selected_customer_ids'],
        message: 'Please select at least two customers to merge.',
      });
    if (v.selected_main_customer !== undefined && !ids.has(v.selected_main_customer))
      ctx.addIssue({
        code: 'custom',
        path: ['selected_main_customer'],
        message: 'The main customer must be one of the selected customers.',
      });
  });
export type MergeCustomersInput = z.input<typeof mergeCustomersInput>;

/** Rows a merge moved from one table to the main customer: how many, and their ids. */
export const movedRows = z.object({ count: z.number().int(), ids: z.array(z.number().int()) });

/** What one merge moved (also written, with the ids, into the audit entry). */
export const mergeSummary = z.object({
  main_customer_id: z.number().int(),
  removed_customer_ids: z.array(z.number().int()),
  bookings: z.number().int(),
  old_system_bookings: z.number().int(),
  notes: z.number().int(),
  brochure_requests: z.number().int(),
  booking_requests: z.number().int(),
  /** Blank fields of the main customer filled from the others (names). */
  filled_fields: z.array(z.string()),
});
export type MergeSummary = z.input<typeof mergeSummary>;

/** The kind of the background job 'merge every exact duplicate' (spec 2 §2 the top button). */
export const CUSTOMERS_MERGE_JOB = 'customers-merge-duplicates';

/** The job's result, shown on screen once done. */
export interface MergeScriptResult {
  summary: string;
  groups: number;
  customers_removed: number;
  bookings: number;
  old_system_bookings: number;
  notes: number;
  brochure_requests: number;
  booking_requests: number;
  merged: { main_customer_id: number; name: string; email: string; removed_customer_ids: number[] }[];
  skipped: { customer_ids: number[]; reason: string }[];
}

/**
 * Duplicate customers (spec 2 §7 customers-merging). Reading is open to any signed-in staff member;
 * merging — one set, or the script — is role 1 ('Manage customers', spec 2 §6).
 */
export const customersMergingApi = {
  table: endpoint({
    method: 'GET',
    path: '/customers-merging/get-duplicate-table',
    summary:
      'Duplicate groups, DataTables protocol (25 rows): emails held by more than one customer, then likely duplicates (same name and postcode, or same phone) with different emails; optional pincode_search, email_search.',
    query: z.strictObject({
      ...dataTablesShape,
      pincode_search: optionalText(20),
      email_search: optionalText(320),
    }),
    answer: tableAnswer(duplicateGroupRow),
  }),
  mergeScript: endpoint({
    method: 'POST',
    path: '/customers-merging/merge-customers-script',
    summary:
      "Starts the background job merging every exact duplicate (same email, name and postcode) into its oldest record — or only those of `email` (a row's 'Run Duplicate Script'); answers job_id.",
    permission: 'customersMerging.merge',
    body: mergeScriptInput,
    answer: z.object({ status: z.literal(true), message: z.string(), job_id: z.number().int() }),
  }),
  record: endpoint({
    method: 'POST',
    path: '/customers-merging/get-duplicate-record',
    summary:
      'The customers of one duplicate group (`email`: an email or a likely-duplicate key), oldest first, with their total bookings.',
    permission: 'customersMerging.read',
    body: duplicateRecordInput,
    answer: z.object({
      status: z.literal(true),
      kind: z.enum(DUPLICATE_KINDS),
      likely_reason: z.string().nullable(),
      data: z.array(duplicateCustomer),
    }),
  }),
  merge: endpoint({
    method: 'POST',
    path: '/customers-merging/merge-customers',
    summary:
      'Merges the selected customers into the main one (default the oldest) in one transaction: bookings, old-system bookings, notes, brochure and booking requests move, blanks are filled, the others removed, one audit entry. 409 when one is gone already.',
    permission: 'customersMerging.merge',
    body: mergeCustomersInput,
    answer: z.object({ status: z.literal(true), message: z.string(), data: mergeSummary }),
  }),
};
