import { z } from 'zod';
import {
  blankToUndefined,
  idSchema,
  moneySchema,
  optionalId,
  optionalText,
  requiredText,
  ymdSchema,
} from './common';
import { endpoint, fileAnswer, MEDIA, moneyAnswer, okAnswer, timestampAnswer } from './contract';
import { dataTablesShape, tableAnswer } from './datatables';
import { idParams } from './params';

/**
 * Invoices of suppliers, tour managers and affiliates, their recorded payments and their links to
 * tour groups (spec 2 §2 'Invoices section', §3 Invoice / Recorded payment, §4, §5, §7 'Suppliers,
 * tour managers and invoices', §8, §9). Money is decimal text; an invoice's amounts (amount, paid,
 * outstanding, left to link, payments, amounts linked) are in the invoice's own currency; the
 * converted amount is in pounds (amount ÷ rate).
 *
 * Permissions (spec 2 §6 gives role 1 the saves of the supplier and tour-manager screens): adding,
 * editing and deleting invoices and linking them to tour groups are role 1 only; recording and
 * editing a payment is any staff's (the accountant's daily work, as for booking payments); deleting
 * a recorded payment is role 1 only (as voiding a booking payment). Reads are any staff's.
 */

/** Spec 2 §9 'Payment-for options in invoices'. */
export const INVOICE_FOR = ['supplier', 'tour_manager', 'affiliate'] as const;
export type InvoiceFor = (typeof INVOICE_FOR)[number];
/** Spec 2 §9: invoice currencies; Sterling (rate 1) is the default. */
export const INVOICE_CURRENCIES = ['USD', 'Sterling', 'EUR'] as const;
export type InvoiceCurrency = (typeof INVOICE_CURRENCIES)[number];
/** Spec 2 §9: payment modes, spelling as in the product. */
export const PAYMENT_MODES = ['Bax', 'Card', 'checque', 'cash', 'bank'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** How each party is named in messages. */
export const PARTY_LABEL: Record<InvoiceFor, string> = {
  supplier: 'supplier',
  tour_manager: 'tour manager',
  affiliate: 'affiliate',
};

/** Spec 2 §5 and §8 (word for word) and the server's own refusals. */
export const INVOICE_MESSAGES = {
  /** Spec 2 §5: deleting an invoice. */
  confirmDelete: 'Are you sure you want to delete payment ?',
  /** Spec 2 §5: deleting a recorded payment. */
  confirmDeletePayment: 'Are you sure you want to delete this recorded payment ?',
  /** Spec 2 §5 / §8: a payment beyond what is left on the invoice. */
  amountUpto: (left: string) => `Please provide a valid amount upto ${left}`,
  /** Spec 3 §5: an amount assigned to a group beyond the invoice's amount. */
  assignedLessThan: (amount: string) => `Please provide valid invoice amount less than ${amount}`,
  /** Linking more than is left to link. */
  overLink: (left: string) => `The amounts to link are more than is left to link on this invoice (${left}).`,
  numberTaken: (party: InvoiceFor) => `This invoice number is already used for this ${PARTY_LABEL[party]}.`,
  notFound: 'Invoice not found.',
  paymentNotFound: 'Recorded payment not found.',
  linkedCannotDelete: 'This invoice is linked to tour groups: remove its group payments first.',
  amountBelowPaid: (paid: string) => `The amount may not be less than what is already paid (${paid}).`,
  amountBelowLinked: (linked: string) =>
    `The amount may not be less than what is already linked to tour groups (${linked}).`,
  nothingToLink: 'Choose at least one group with an invoice amount and a service type.',
  affiliateNoLink: 'Only supplier and tour manager invoices can be linked to tour groups.',
  chooseTour: 'Please select a tour first.',
  fileNotFound: 'File not found',
} as const;

/** The file part of the invoice form (multipart): the invoice PDF, checked on the server by content. */
export const INVOICE_FILE_FIELD = 'payment_invoice_file';

const required = <T extends z.ZodType>(label: string, schema: T) =>
  z.preprocess(
    blankToUndefined,
    z
      .any()
      .refine((v) => v !== undefined, `${label} is required.`)
      .pipe(schema),
  );

const requiredDate = (label: string) => required(label, ymdSchema);

/** An exchange rate: '1 X = rate Sterling', more than 0, at most 6 decimals. */
export const rateSchema = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: 'The exchange rate must be a number, e.g. 1.1628.' })
    .regex(/^\d{1,6}(\.\d{1,6})?$/, 'The exchange rate must be a number, e.g. 1.1628.')
    .refine((s) => Number(s) > 0, 'The exchange rate must be greater than 0.'),
);

/** A positive amount with at most 2 decimals ('Amount' label), required. */
const positiveMoney = (label: string) =>
  required(label, moneySchema(label, { min: 0.01, max: 9_999_999_999.99 }));

/**
 * The invoice form (spec 2 §2 'Invoice form', §3 Invoice, §5: empty values are omitted): add, or
 * edit `invoice_id` (flag 'edit'). Sterling always has rate 1. The due date may not be before the
 * invoice date. The PDF travels as the file part `payment_invoice_file`.
 */
export const invoiceInput = z
  .object({
    flag: z.preprocess(blankToUndefined, z.enum(['add', 'edit']).optional()),
    invoice_id: optionalId,
    invoice_for: z.enum(INVOICE_FOR, { error: 'invoice_for must be supplier, tour_manager or affiliate.' }),
    currency_type: z.preprocess(
      blankToUndefined,
      z.enum(INVOICE_CURRENCIES, { error: 'Choose a currency: USD, Sterling or EUR.' }).default('Sterling'),
    ),
    currency_exchange_rate: z.preprocess(blankToUndefined, rateSchema.optional()),
    invoice_number: requiredText('Invoice number', 100),
    invoice_date: requiredDate('Invoice date'),
    invoice_due_date: requiredDate('Due date'),
    invoice_amount: positiveMoney('Total amount'),
  })
  .superRefine((v, ctx) => {
    if (v.flag === 'edit' && !v.invoice_id)
      ctx.addIssue({ code: 'custom', path: ['invoice_id'], message: 'invoice_id is required to edit.' });
    if (v.invoice_date && v.invoice_due_date && v.invoice_due_date < v.invoice_date)
      ctx.addIssue({
        code: 'custom',
        path: ['invoice_due_date'],
        message: 'The due date must be on or after the invoice date.',
      });
  });
export type InvoiceInput = z.input<typeof invoiceInput>;
export type InvoiceValues = z.output<typeof invoiceInput>;

/** The multipart body: the fields, and the PDF beside them. */
export const invoiceFormBody = z.object({
  ...invoiceInput.shape,
  [INVOICE_FILE_FIELD]: z.unknown().optional(),
});

const partyBody = {
  payment_for: z.enum(INVOICE_FOR, { error: 'payment_for must be supplier, tour_manager or affiliate.' }),
  payment_for_id: idSchema,
  invoice_id: idSchema,
};

/**
 * POST invoice/record-payment (spec 2 §2 'Record payment modal', §3 Recorded payment, §4 flag add or
 * edit): the amount (> 0, at most what is left: 'Please provide a valid amount upto {left}'), mode,
 * number and date.
 */
export const recordPaymentInput = z
  .object({
    flag: z.preprocess(blankToUndefined, z.enum(['add', 'edit']).default('add')),
    ...partyBody,
    invoice_payment_id: optionalId,
    paid_amount: positiveMoney('Amount paid'),
    payment_mode: required(
      'Payment mode',
      z.enum(PAYMENT_MODES, { error: 'Choose a payment mode: Bax, Card, checque, cash or bank.' }),
    ),
    transaction_number: optionalText(100),
    payment_date: requiredDate('Paid date'),
  })
  .superRefine((v, ctx) => {
    if (v.flag === 'edit' && !v.invoice_payment_id)
      ctx.addIssue({
        code: 'custom',
        path: ['invoice_payment_id'],
        message: 'invoice_payment_id is required to edit.',
      });
  });
export type RecordPaymentInput = z.input<typeof recordPaymentInput>;

/** One group of the Link Tour modal (spec 2 §7 invoice/link-groups selected_groups). */
export const linkGroupInput = z.object({
  group_id: idSchema,
  start_date: z.preprocess(blankToUndefined, ymdSchema.optional()),
  invoice_amount: positiveMoney('Invoice amount'),
  service_type: required('Service type', idSchema),
  /** Sent by the product (the group's payments as listed); not read. */
  internal_payments: z.unknown().optional(),
  /** An estimate of the group (an internal payment without invoice) the invoice now covers, if any. */
  selected_estimated_cost: optionalId,
});

/**
 * POST invoice/link-groups (spec 2 §2 'Link-tour modal', §5: only groups with both an invoice
 * amount and a service type are sent): the sum linked may not exceed what is left to link.
 */
export const linkGroupsInput = z.object({
  invoice_id: idSchema,
  invoice_for: z.enum(INVOICE_FOR),
  invoice_for_id: idSchema,
  selected_groups: z.array(linkGroupInput).max(200),
});
export type LinkGroupsInput = z.input<typeof linkGroupsInput>;

/** A tour group an invoice is linked to (Invoice.internal_payments, spec 2 §3). */
export const linkedGroupAnswer = z.object({
  tour_group_payment_id: z.number().int(),
  tour_group_id: z.number().int(),
  tour_ref_name: z.string(),
  start_date: z.string(),
  invoice_amount: moneyAnswer,
  service_name: z.string().nullable(),
  estimated_cost: moneyAnswer.nullable(),
});
export type LinkedGroup = z.input<typeof linkedGroupAnswer>;

/** 'Invoice Use' (spec 3 §4: paid_status, values not shown): how much of the invoice is linked to groups. */
export const INVOICE_USE = ['Not linked', 'Part linked', 'Fully linked'] as const;

/** A row of the invoices table (and the invoice of the payment modal). */
export const invoiceRowAnswer = z.object({
  id: z.number().int(),
  invoice_for: z.enum(INVOICE_FOR),
  party_id: z.number().int(),
  invoice_number: z.string(),
  currency_type: z.enum(INVOICE_CURRENCIES),
  /** '1 X = rate Sterling', trailing zeros trimmed ('1.1628'). */
  currency_exchange_rate: z.string(),
  invoice_amount: moneyAnswer,
  /** amount ÷ rate, pounds. */
  converted_amount: moneyAnswer,
  payment_invoice_name: z.string().nullable(),
  invoice_date: z.string(),
  invoice_due_date: z.string(),
  invoice_use: z.enum(INVOICE_USE),
  total_paid: moneyAnswer,
  outstanding: moneyAnswer,
  total_linked: moneyAnswer,
  left_to_link: moneyAnswer,
  internal_payments: z.array(linkedGroupAnswer),
});
export type InvoiceRow = z.input<typeof invoiceRowAnswer>;

/** A recorded payment as answered. */
export const recordedPaymentAnswer = z.object({
  id: z.number().int(),
  invoice_payment_id: z.number().int(),
  invoice_id: z.number().int(),
  paid_amount: moneyAnswer,
  payment_mode: z.enum(PAYMENT_MODES),
  transaction_number: z.string().nullable(),
  payment_date: z.string(),
  created_by_name: z.string().nullable(),
  created_at: timestampAnswer,
});
export type RecordedPayment = z.input<typeof recordedPaymentAnswer>;

/** The payment modal's data: the invoice (Total, Paid, Left) and its payments, oldest first. */
const paymentsAnswer = {
  status: z.literal(true),
  success: z.literal(true),
  selected_invoice: invoiceRowAnswer,
  recorded_payments: z.array(recordedPaymentAnswer),
};

/** A party's invoice as GET suppliers/{id} (tour managers, affiliates) answers it in payment_invoices. */
export const partyInvoiceBrief = z.object({
  id: z.number().int(),
  invoice_number: z.string(),
  currency_type: z.string(),
  currency_exchange_rate: z.string(),
  invoice_amount: moneyAnswer,
  invoice_date: z.string(),
  invoice_due_date: z.string(),
  total_paid: moneyAnswer,
  outstanding: moneyAnswer,
});
export type PartyInvoiceBrief = z.input<typeof partyInvoiceBrief>;

/** An invoice offered on the group payment form (spec 3 §3 Internal payment supplier_invoice). */
export const supplierInvoiceOption = z.object({
  id: z.number().int(),
  invoice_number: z.string(),
  invoice_amount: moneyAnswer,
  currency_type: z.string(),
  currency_exchange_rate: z.string(),
  payment_invoice_name: z.string().nullable(),
  payment_due_date: z.string(),
  left_to_link: moneyAnswer,
});
export type SupplierInvoiceOption = z.input<typeof supplierInvoiceOption>;

/** The invoices table request: the protocol plus the party (spec 2 §7 invoices-table). */
export const invoicesTableRequest = z.strictObject({
  ...dataTablesShape,
  invoice_for: z.enum(INVOICE_FOR),
  invoice_for_id: idSchema,
});

const partyParams = z.object({ id: idSchema });

export const invoicesApi = {
  table: endpoint({
    method: 'POST',
    path: '/invoices-table',
    summary:
      "A party's invoices, DataTables protocol (default 10 a page, sorted on invoice_date descending); " +
      'body invoice_for, invoice_for_id.',
    permission: 'invoices.read',
    body: invoicesTableRequest,
    answer: tableAnswer(invoiceRowAnswer),
  }),
  save: endpoint({
    method: 'POST',
    path: '/suppliers/:id/handle-invoices',
    summary:
      'Add an invoice of party {id} (invoice_for), or edit invoice_id (multipart: the form fields and ' +
      'payment_invoice_file, a PDF checked by content). Answers data.id and invoices_added.',
    permission: 'invoices.save',
    params: partyParams,
    multipart: true,
    body: invoiceFormBody,
    answer: okAnswer({
      status: z.literal(true),
      invoices_added: z.number().int(),
      data: z.object({ id: z.number().int() }),
    }),
  }),
  delete: endpoint({
    method: 'POST',
    path: '/suppliers/:id/delete-invoice/:invoiceId',
    summary:
      'Delete invoice {invoiceId} of party {id} (invoice_for) with its recorded payments; refused while linked to groups.',
    permission: 'invoices.delete',
    params: z.object({ id: idSchema, invoiceId: idSchema }),
    body: z.object({ invoice_for: z.enum(INVOICE_FOR) }),
    answer: okAnswer({ status: z.literal(true) }),
  }),
  download: endpoint({
    method: 'GET',
    path: '/invoices/:id/download',
    summary: "The invoice's PDF under its original name; 404 'File not found' when none.",
    params: idParams,
    answer: fileAnswer,
    files: [MEDIA.pdf],
  }),
  exchangeRate: endpoint({
    method: 'GET',
    path: '/invoices/exchange-rate',
    summary:
      'The rate proposed for an invoice: the currency exchange rate of currency_type (USD, EUR) in force on ' +
      'date (YYYY-MM-DD); Sterling 1; null when none is in force.',
    query: z.object({ currency_type: z.enum(INVOICE_CURRENCIES), date: ymdSchema }),
    answer: z.object({ success: z.literal(true), data: z.object({ exchange_rate: z.string().nullable() }) }),
  }),
  payments: endpoint({
    method: 'POST',
    path: '/invoice/get-invoice-payments',
    summary: "An invoice's Total / Paid / Left and its recorded payments.",
    permission: 'invoices.read',
    body: z.object(partyBody),
    answer: z.object(paymentsAnswer),
  }),
  recordPayment: endpoint({
    method: 'POST',
    path: '/invoice/record-payment',
    summary:
      "Add (flag add) or edit (flag edit, invoice_payment_id) a payment; at most what is left, under the invoice's row lock.",
    permission: 'invoices.payment',
    body: recordPaymentInput,
    answer: z.object({ ...paymentsAnswer, message: z.string() }),
  }),
  deletePayment: endpoint({
    method: 'POST',
    path: '/invoice/delete-record-payment',
    summary: 'Delete recorded payment invoice_payment_id of invoice invoice_id.',
    permission: 'invoices.paymentDelete',
    body: z.object({ ...partyBody, invoice_payment_id: idSchema }),
    answer: z.object({ ...paymentsAnswer, message: z.string() }),
  }),
  supplierInvoices: endpoint({
    method: 'POST',
    path: '/suppliers/invoice/get-supplier-invoices',
    summary:
      "A supplier's or tour manager's invoices for the group payment form (with left to link), and a supplier's " +
      'accommodation with rooms.',
    permission: 'invoices.read',
    body: z.object({ invoice_for: z.enum(INVOICE_FOR), invoice_for_id: idSchema }),
    answer: z.object({
      status: z.literal(true),
      data: z.object({
        invoices: z.array(supplierInvoiceOption),
        supplier_accomodations: z.array(
          z.object({
            id: z.number().int(),
            accommodation_name: z.string(),
            rooms: z.array(
              z.object({ id: z.number().int(), name: z.string(), board_basis: z.string().nullable() }),
            ),
          }),
        ),
      }),
    }),
  }),
  linkGroups: endpoint({
    method: 'POST',
    path: '/invoice/link-groups',
    summary:
      'Link an invoice to tour groups (selected_groups: group_id, invoice_amount, service_type, ' +
      'selected_estimated_cost); never more than is left to link.',
    permission: 'invoices.link',
    body: linkGroupsInput,
    answer: okAnswer({ status: z.literal(true) }),
  }),
};

// ---- audit history (the shared mechanism: src/server/lib/audit.ts) ----

/** One row of a record's history: who, when, what, and each field from → to. */
export const auditRowAnswer = z.object({
  id: z.number().int(),
  entity: z.string(),
  entity_id: z.number().int(),
  action: z.enum(['created', 'updated', 'deleted']),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  user_name: z.string().nullable(),
  created_at: timestampAnswer,
});
export type AuditRowAnswer = z.input<typeof auditRowAnswer>;

/** Screens whose history lists every change under them (audit_log.scope 'supplier:12'). */
export const AUDIT_SCOPES = ['supplier', 'tour_manager', 'affiliate', 'tour_group'] as const;

export const auditApi = {
  history: endpoint({
    method: 'GET',
    path: '/audit/:entity/:id',
    summary: "One record's audit history, newest first: who, when, action, [{field, from, to}].",
    params: z.object({
      entity: z.string().regex(/^[a-z_]{1,40}$/, 'Unknown entity.'),
      id: idSchema,
    }),
    answer: z.object({ success: z.literal(true), data: z.array(auditRowAnswer) }),
  }),
  scope: endpoint({
    method: 'GET',
    path: '/audit-scope/:scope/:id',
    summary:
      "The audit history of everything under a supplier's, tour manager's, affiliate's or tour group's screen, newest first.",
    params: z.object({ scope: z.enum(AUDIT_SCOPES), id: idSchema }),
    answer: z.object({ success: z.literal(true), data: z.array(auditRowAnswer) }),
  }),
};
