import { z } from 'zod';
import { bankDetailsAnswerShape, bankDetailsShape, optionalPhone } from './bank';
import { optionalEmail, optionalText, requiredText } from './common';
import { createdAnswer, endpoint, messageAnswer } from './contract';
import { dataTablesRequestSchema, tableAnswer } from './datatables';
import { partyInvoiceBrief } from './invoices';
import { idParams } from './params';

/**
 * A supplier as the form sends it (spec 2 §3 Supplier): supplier_name is required; email, phones
 * and bank details are checked when given.
 */
export const supplierInput = z.object({
  supplier_name: requiredText('Supplier name', 150),
  contact_phone_number: optionalPhone,
  email: optionalEmail,
  mobile_number: optionalPhone,
  address: optionalText(500),
  nominal_code: optionalText(30),
  ...bankDetailsShape,
});
export type SupplierInput = z.input<typeof supplierInput>;

/** The spec sends 'the supplier JSON'; `{supplier: {...}}` is accepted too. */
const supplierBody = z.preprocess(
  (b) => (b && typeof b === 'object' && 'supplier' in b && typeof b.supplier === 'object' ? b.supplier : b),
  supplierInput,
);

/** A supplier as the API answers it (GET suppliers/{id} → data). */
export const supplierAnswer = z.object({
  id: z.number().int(),
  supplier_name: z.string(),
  contact_phone_number: z.string().nullable(),
  email: z.string().nullable(),
  mobile_number: z.string().nullable(),
  address: z.string().nullable(),
  nominal_code: z.string().nullable(),
  ...bankDetailsAnswerShape,
});
export type Supplier = z.input<typeof supplierAnswer>;

/** A row of the suppliers table. */
export const supplierRow = supplierAnswer.pick({
  id: true,
  supplier_name: true,
  email: true,
  contact_phone_number: true,
});
export type SupplierRow = z.input<typeof supplierRow>;

/**
 * Suppliers (spec 2 §2 Suppliers, §7 'Suppliers, tour managers and invoices'). Reads are open to
 * staff; create, update and delete are role 1 only (spec 2 §6). Invoices come with their own area.
 */
export const suppliersApi = {
  table: endpoint({
    method: 'GET',
    path: '/suppliers/table',
    summary: 'Suppliers, DataTables protocol (All allowed); quick search on name, email, nominal code.',
    query: dataTablesRequestSchema,
    answer: tableAnswer(supplierRow),
  }),
  get: endpoint({
    method: 'GET',
    path: '/suppliers/:id',
    summary: 'One supplier: data, with payment_invoices (its invoices, newest first).',
    params: idParams,
    answer: z.object({
      success: z.literal(true),
      data: supplierAnswer.extend({ payment_invoices: z.array(partyInvoiceBrief) }),
    }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/suppliers',
    summary: 'Create a supplier; answers data.id.',
    permission: 'suppliers.create',
    body: supplierBody,
    answer: createdAnswer,
  }),
  update: endpoint({
    method: 'POST',
    path: '/suppliers/:id',
    summary: 'Update a supplier.',
    permission: 'suppliers.update',
    params: idParams,
    body: supplierBody,
    answer: messageAnswer,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/suppliers/:id/delete',
    summary: 'Delete a supplier (refused while accommodation uses it).',
    permission: 'suppliers.delete',
    params: idParams,
    answer: messageAnswer,
  }),
};
