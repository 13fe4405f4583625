import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { accommodation_rooms, accommodations, tour_groups } from './catalogue';
import { money, timestamps } from './common';
import { affiliates, tour_managers } from './parties';
import { suppliers } from './reference';
import { service_types } from './settings';

/** Spec 2 §9: who an invoice is from ('Payment-for options in invoices'). */
export const INVOICE_FOR = ['supplier', 'tour_manager', 'affiliate'] as const;
/** Spec 2 §9: invoice currencies; Sterling (rate 1) is the default. */
export const INVOICE_CURRENCIES = ['USD', 'Sterling', 'EUR'] as const;
/** Spec 2 §9: payment modes, spelling as in the product. */
export const PAYMENT_MODES = ['Bax', 'Card', 'checque', 'cash', 'bank'] as const;

/** An exchange rate: '1 X = rate Sterling', so pounds = amount ÷ rate. numeric(12,6), > 0. */
const rate = (name: string) => numeric(name, { precision: 12, scale: 6 });

/**
 * Invoices a supplier, tour manager or affiliate sends us (spec 2 §3 Invoice). Exactly one party
 * column is set, the one `invoice_for` names; the invoice number is unique per party. The amount is
 * in the invoice's currency; converted to pounds = amount ÷ currency_exchange_rate (spec 2 §9).
 * `total_paid` is the sum of its recorded payments and `total_linked` the sum of the amounts
 * assigned to tour groups (internal payments), both kept in the transaction that changes them under
 * a row lock of the invoice, and both never beyond the amount (checks back the rule up).
 */
export const party_invoices = pgTable(
  'party_invoices',
  {
    id: serial('id').primaryKey(),
    invoice_for: text('invoice_for', { enum: INVOICE_FOR }).notNull(),
    supplier_id: integer('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    tour_manager_id: integer('tour_manager_id').references(() => tour_managers.id, { onDelete: 'restrict' }),
    affiliate_id: integer('affiliate_id').references(() => affiliates.id, { onDelete: 'restrict' }),
    invoice_number: text('invoice_number').notNull(),
    currency_type: text('currency_type', { enum: INVOICE_CURRENCIES }).notNull().default('Sterling'),
    currency_exchange_rate: rate('currency_exchange_rate').notNull().default('1'),
    invoice_amount: money('invoice_amount').notNull(),
    invoice_date: date('invoice_date', { mode: 'string' }).notNull(),
    invoice_due_date: date('invoice_due_date', { mode: 'string' }).notNull(),
    payment_invoice_file_key: text('payment_invoice_file_key'),
    payment_invoice_name: text('payment_invoice_name'),
    total_paid: money('total_paid').notNull().default('0'),
    total_linked: money('total_linked').notNull().default('0'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('party_invoices_supplier_number_uq').on(t.supplier_id, t.invoice_number),
    uniqueIndex('party_invoices_tour_manager_number_uq').on(t.tour_manager_id, t.invoice_number),
    uniqueIndex('party_invoices_affiliate_number_uq').on(t.affiliate_id, t.invoice_number),
    index('party_invoices_supplier_date_idx').on(t.supplier_id, t.invoice_date, t.id),
    index('party_invoices_tour_manager_date_idx').on(t.tour_manager_id, t.invoice_date, t.id),
    index('party_invoices_affiliate_date_idx').on(t.affiliate_id, t.invoice_date, t.id),
    index('party_invoices_due_idx').on(t.invoice_for, t.invoice_due_date, t.id),
    check(
      'party_invoices_party_check',
      sql`(${t.invoice_for} = 'supplier' and ${t.supplier_id} is not null and ${t.tour_manager_id} is null and ${t.affiliate_id} is null)
        or (${t.invoice_for} = 'tour_manager' and ${t.tour_manager_id} is not null and ${t.supplier_id} is null and ${t.affiliate_id} is null)
        or (${t.invoice_for} = 'affiliate' and ${t.affiliate_id} is not null and ${t.supplier_id} is null and ${t.tour_manager_id} is null)`,
    ),
    check('party_invoices_rate_check', sql`${t.currency_exchange_rate} > 0`),
    check('party_invoices_amount_check', sql`${t.invoice_amount} > 0`),
    check('party_invoices_paid_check', sql`${t.total_paid} >= 0 and ${t.total_paid} <= ${t.invoice_amount}`),
    check(
      'party_invoices_linked_check',
      sql`${t.total_linked} >= 0 and ${t.total_linked} <= ${t.invoice_amount}`,
    ),
  ],
);

/**
 * Payments recorded against an invoice (spec 2 §3 Recorded payment), in the invoice's currency.
 * Deleted with their invoice. Their sum is the invoice's `total_paid`.
 */
export const invoice_payments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => party_invoices.id, { onDelete: 'cascade' }),
    paid_amount: money('paid_amount').notNull(),
    payment_mode: text('payment_mode', { enum: PAYMENT_MODES }).notNull(),
    transaction_number: text('transaction_number'),
    payment_date: date('payment_date', { mode: 'string' }).notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoice_id, t.id),
    index('invoice_payments_date_idx').on(t.payment_date, t.id),
    check('invoice_payments_amount_check', sql`${t.paid_amount} > 0`),
  ],
);

/**
 * A group's internal payment (spec 3 §3 Internal payment): what a supplier (payment_for 1) or tour
 * manager (2) costs the group — an estimate (in `currency_type` at `currency_exchange_rate`, per
 * person or for the group) and/or a share of one of the party's invoices
 * (`invoice_asigned_amount`, in the invoice's currency; spelling as in the spec).
 * `accommodation_room_id` null with an accommodation means the room choice 'All' (id 0 on the wire).
 */
export const tour_group_payments = pgTable(
  'tour_group_payments',
  {
    id: serial('id').primaryKey(),
    tour_group_id: integer('tour_group_id')
      .notNull()
      .references(() => tour_groups.id, { onDelete: 'restrict' }),
    payment_for: smallint('payment_for').notNull(),
    supplier_id: integer('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    tour_manager_id: integer('tour_manager_id').references(() => tour_managers.id, { onDelete: 'restrict' }),
    service_type_id: integer('service_type_id').references(() => service_types.id, { onDelete: 'restrict' }),
    accommodation_id: integer('accommodation_id').references(() => accommodations.id, {
      onDelete: 'restrict',
    }),
    accommodation_room_id: integer('accommodation_room_id').references(() => accommodation_rooms.id, {
      onDelete: 'restrict',
    }),
    estimated_cost: money('estimated_cost'),
    currency_type: text('currency_type', { enum: INVOICE_CURRENCIES }).notNull().default('Sterling'),
    currency_exchange_rate: rate('currency_exchange_rate').notNull().default('1'),
    per_person_basis: boolean('per_person_basis').notNull().default(false),
    supplier_invoice_id: integer('supplier_invoice_id').references(() => party_invoices.id, {
      onDelete: 'restrict',
    }),
    invoice_asigned_amount: money('invoice_asigned_amount'),
    ...timestamps,
  },
  (t) => [
    index('tour_group_payments_group_idx').on(t.tour_group_id, t.id),
    index('tour_group_payments_invoice_idx').on(t.supplier_invoice_id),
    check(
      'tour_group_payments_party_check',
      sql`(${t.payment_for} = 1 and ${t.supplier_id} is not null and ${t.tour_manager_id} is null)
        or (${t.payment_for} = 2 and ${t.tour_manager_id} is not null and ${t.supplier_id} is null)`,
    ),
    check('tour_group_payments_rate_check', sql`${t.currency_exchange_rate} > 0`),
    check(
      'tour_group_payments_money_check',
      sql`coalesce(${t.estimated_cost}, 0) >= 0 and coalesce(${t.invoice_asigned_amount}, 0) >= 0`,
    ),
    check(
      'tour_group_payments_invoice_check',
      sql`(${t.supplier_invoice_id} is null) = (${t.invoice_asigned_amount} is null)`,
    ),
  ],
);

/**
 * Per-entity audit history: one row per create/update/delete, written in the change's own
 * transaction (`src/server/lib/audit.ts` `recordAudit`). `changes` is `[{field, from, to}]`.
 */
export const audit_log = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    entity: text('entity').notNull(),
    entity_id: integer('entity_id').notNull(),
    action: text('action', { enum: ['created', 'updated', 'deleted'] }).notNull(),
    changes: jsonb('changes').notNull().default([]),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The record the change belongs to, to show a screen's history in one list even after the
     * entity is deleted: 'supplier:12', 'tour_manager:3', 'affiliate:5', 'tour_group:40'.
     */
    scope: text('scope'),
    /** Who acted when it was not a member of staff: 'customer' (the customer's side, issue #23). */
    actor: text('actor'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entity_id, t.id),
    index('audit_log_scope_idx').on(t.scope, t.id),
  ],
);
