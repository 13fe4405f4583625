import type { FastifyPluginAsync } from 'fastify';
import { auditApi, INVOICE_FILE_FIELD, invoiceInput, invoicesApi } from '../../../shared/api/invoices';
import { HttpError, validationError } from '../../http/errors';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { parseFields, readFormOrJson, sendStoredFile } from '../../http/uploads';
import { auditHistory, auditScopeHistory } from '../../lib/audit';
import type { AreaDeps } from '../deps';
import { deletePayment, recordPayment } from './payments-service';
import {
  findInvoice,
  invoiceRowOf,
  invoiceTable,
  rateOn,
  recordedPayments,
  supplierInvoices,
} from './queries';
import { deleteInvoice, invoiceFile, invoiceFileErrors, linkGroups, saveInvoice } from './service';

/**
 * Party invoices (spec 2 §2 'Invoices section', §7 'Suppliers, tour managers and invoices'): the
 * endpoints of `invoicesApi`, and the audit history (`auditApi`) every screen's History reads.
 * Permissions: the table's `invoices.*` keys (src/shared/permissions.ts).
 */
export const invoiceRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db, files }) => {
  const tags = ['invoices'];

  /** The invoice's Total / Paid / Left and its payments (the payment modal). */
  const paymentsOf = async (f: Parameters<typeof findInvoice>[2], invoiceId: number) => {
    const inv = await findInvoice(db, invoiceId, f);
    return {
      status: true as const,
      success: true as const,
      selected_invoice: await invoiceRowOf(db, inv),
      recorded_payments: await recordedPayments(db, inv.id),
    };
  };

  route(app, invoicesApi.table, { tags }, async (req) =>
    invoiceTable(db, req.body.invoice_for, req.body.invoice_for_id, req.body),
  );

  route(app, invoicesApi.save, { tags }, async (req) => {
    const { fields, files: uploads } = await readFormOrJson(req).catch((e: unknown) => {
      if (e instanceof HttpError && e.statusCode === 422 && e.errors?.file)
        throw validationError({ [INVOICE_FILE_FIELD]: e.errors.file });
      throw e;
    });
    const file = uploads[INVOICE_FILE_FIELD];
    const errors = invoiceFileErrors(file);
    let values: ReturnType<typeof parseFields<typeof invoiceInput>> | undefined;
    try {
      values = parseFields(invoiceInput, fields);
    } catch (e) {
      if (!(e instanceof HttpError) || !e.errors) throw e;
      Object.assign(errors, e.errors);
    }
    if (!values || Object.keys(errors).length > 0) throw validationError(errors);
    const { id, created } = await saveInvoice(db, files, req.params.id, values, file, req.user.id);
    return ok(created ? 'Invoice added successfully.' : 'Invoice updated successfully.', {
      status: true as const,
      invoices_added: created ? 1 : 0,
      data: { id },
    });
  });

  route(app, invoicesApi.delete, { tags }, async (req) => {
    await deleteInvoice(db, files, req.body.invoice_for, req.params.id, req.params.invoiceId, req.user.id);
    return ok('Invoice deleted successfully.', { status: true as const });
  });

  route(app, invoicesApi.download, { tags }, async (req, reply) => {
    const { key, name } = await invoiceFile(db, req.params.id);
    return sendStoredFile(reply, files, key, name);
  });

  route(app, invoicesApi.exchangeRate, { tags }, async (req) => ({
    success: true as const,
    data: { exchange_rate: await rateOn(db, req.query.currency_type, req.query.date) },
  }));

  route(app, invoicesApi.payments, { tags }, async (req) =>
    paymentsOf({ f: req.body.payment_for, id: req.body.payment_for_id }, req.body.invoice_id),
  );

  route(app, invoicesApi.recordPayment, { tags }, async (req) => {
    await recordPayment(db, req.body, req.user.id);
    return {
      ...(await paymentsOf({ f: req.body.payment_for, id: req.body.payment_for_id }, req.body.invoice_id)),
      message: req.body.flag === 'edit' ? 'Payment updated successfully.' : 'Payment recorded successfully.',
    };
  });

  route(app, invoicesApi.deletePayment, { tags }, async (req) => {
    await deletePayment(db, req.body, req.user.id);
    return {
      ...(await paymentsOf({ f: req.body.payment_for, id: req.body.payment_for_id }, req.body.invoice_id)),
      message: 'Payment deleted successfully.',
    };
  });

  route(app, invoicesApi.supplierInvoices, { tags }, async (req) => ({
    status: true as const,
    data: await supplierInvoices(db, req.body.invoice_for, req.body.invoice_for_id),
  }));

  route(app, invoicesApi.linkGroups, { tags }, async (req) => {
    const n = await linkGroups(db, req.body, req.user.id);
    return ok(n === 1 ? 'Invoice linked to 1 tour group.' : `Invoice linked to ${n} tour groups.`, {
      status: true as const,
    });
  });

  route(app, auditApi.history, { tags: ['audit'] }, async (req) => ({
    success: true as const,
    data: await auditHistory(db, req.params.entity, req.params.id),
  }));
  route(app, auditApi.scope, { tags: ['audit'] }, async (req) => ({
    success: true as const,
    data: await auditScopeHistory(db, `${req.params.scope}:${req.params.id}`),
  }));
};
