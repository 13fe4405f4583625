import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { PAYMENT_FOR } from '../../../shared/api/group-payments';
import {
  INVOICE_MESSAGES,
  type InvoiceFor,
  type InvoiceValues,
  type linkGroupsInput,
} from '../../../shared/api/invoices';
import { leftToLink, moreThan, sumAmounts } from '../../../shared/money-owed';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { party_invoices, tour_group_payments } from '../../db/schema';
import { isUniqueViolation } from '../../http/db-errors';
import { conflict, notFound, validationError } from '../../http/errors';
import { assertPdf, type UploadedFile } from '../../http/uploads';
import { recordAudit } from '../../lib/audit';
import type { FileStore } from '../../storage/files';
import { AUDIT, invoiceAuditView, partyScope, paymentAuditView } from './audit';
import { lockedPayments } from './payments-service';
import { assertParty, findInvoice, rateOn } from './queries';

// The history's views live in ./audit.ts; other areas (group payments) import them from here.
export { AUDIT, invoiceAuditView, partyScope };

/**
 * Changing party invoices (spec 2 §2 'Invoices section', §4, §5, §7): add / edit / delete an
 * invoice (its recorded payments: payments-service.ts), link an invoice to tour groups. Each change is ONE
 * transaction with its audit rows (lib/audit.ts; scope '{invoice_for}:{party id}', so the party's
 * screen lists its history). The money rules run under `select … for update` of the invoice row:
 * two people paying the last £100 at once give one payment and one 422; `total_paid` and
 * `total_linked` never pass the amount (the table's checks back this up).
 */

/** File store area of invoice PDFs ('invoices/…'). */
const AREA = 'invoices';
/** 422 on the file field unless the upload is a PDF by its bytes. */
export function invoiceFileErrors(file: UploadedFile | undefined): Record<string, string[]> {
  if (!file) return {};
  try {
    assertPdf(file, 'payment_invoice_file');
    return {};
  } catch {
    return { payment_invoice_file: ['The invoice must be a PDF file.'] };
  }
}

/**
 * Adds an invoice of party (`values.invoice_for`, `partyId`), or edits `values.invoice_id`. The
 * rate: Sterling is 1; USD and EUR use the rate given, else the currency exchange rate in force on
 * the invoice date (422 when there is none). On edit the amount may not fall below what is paid or
 * linked. A new PDF replaces the old one (removed after commit). 422 when the number is already the
 * party's. Answers the invoice id and whether it was created.
 */
export async function saveInvoice(
  db: Db,
  files: FileStore,
  partyId: number,
  values: InvoiceValues,
  file: UploadedFile | undefined,
  userId: number,
): Promise<{ id: number; created: boolean }> {
  const f = values.invoice_for;
  await assertParty(db, f, partyId);
  let rate = values.currency_type === 'Sterling' ? '1' : values.currency_exchange_rate;
  if (!rate) rate = (await rateOn(db, values.currency_type, values.invoice_date)) ?? undefined;
  if (!rate)
    throw validationError({
      currency_exchange_rate: [
        `No ${values.currency_type} exchange rate is in force on the invoice date: give the rate.`,
      ],
    });
  const key = file ? await files.save(AREA, file.data, 'pdf') : null;
  let oldKey: string | null = null;
  try {
    const result = await inTransaction(db, async (tx) => {
      const row = {
        invoice_number: values.invoice_number,
        currency_type: values.currency_type,
        currency_exchange_rate: rate,
        invoice_amount: values.invoice_amount,
        invoice_date: values.invoice_date,
        invoice_due_date: values.invoice_due_date,
        ...(key && file ? { payment_invoice_file_key: key, payment_invoice_name: file.filename } : {}),
      };
      const scope = partyScope(f, partyId);
      if (!values.invoice_id) {
        const [created] = await tx
          .insert(party_invoices)
          .values({
            ...row,
            invoice_for: f,
            supplier_id: f === 'supplier' ? partyId : null,
            tour_manager_id: f === 'tour_manager' ? partyId : null,
            affiliate_id: f === 'affiliate' ? partyId : null,
          })
          .returning({ id: party_invoices.id });
        const after = await findInvoice(tx, created.id);
        await recordAudit(tx, {
          entity: AUDIT.invoice,
          entityId: created.id,
          action: 'created',
          after: invoiceAuditView(after),
          userId,
          scope,
        });
        return { id: created.id, created: true };
      }
      const before = await findInvoice(tx, values.invoice_id, { f, id: partyId }, true);
      if (moreThan(before.total_paid, values.invoice_amount))
        throw validationError(
          { invoice_amount: [INVOICE_MESSAGES.amountBelowPaid(before.total_paid)] },
          INVOICE_MESSAGES.amountBelowPaid(before.total_paid),
        );
      if (moreThan(before.total_linked, values.invoice_amount))
        throw validationError(
          { invoice_amount: [INVOICE_MESSAGES.amountBelowLinked(before.total_linked)] },
          INVOICE_MESSAGES.amountBelowLinked(before.total_linked),
        );
      await tx
        .update(party_invoices)
        .set({ ...row, updated_at: sql`now()` })
        .where(eq(party_invoices.id, before.id));
      const after = await findInvoice(tx, before.id);
      await recordAudit(tx, {
        entity: AUDIT.invoice,
        entityId: before.id,
        action: 'updated',
        before: invoiceAuditView(before),
        after: invoiceAuditView(after),
        userId,
        scope,
      });
      if (key) oldKey = before.payment_invoice_file_key;
      return { id: before.id, created: false };
    });
    if (oldKey) await files.remove(oldKey);
    return result;
  } catch (e) {
    if (key) await files.remove(key);
    if (isUniqueViolation(e)) {
      const message = INVOICE_MESSAGES.numberTaken(f);
      throw validationError({ invoice_number: [message] }, message);
    }
    throw e;
  }
}

/**
 * Deletes invoice `invoiceId` of party (`f`, `partyId`) with its recorded payments (each written
 * to the history); refused (409) while tour groups use it. Its PDF is removed after commit.
 */
export async function deleteInvoice(
  db: Db,
  files: FileStore,
  f: InvoiceFor,
  partyId: number,
  invoiceId: number,
  userId: number,
): Promise<void> {
  const key = await inTransaction(db, async (tx) => {
    const inv = await findInvoice(tx, invoiceId, { f, id: partyId }, true);
    const [linked] = await queryRows(
      tx,
      sql`select 1 from tour_group_payments where supplier_invoice_id = ${inv.id} limit 1`,
    );
    if (linked) throw conflict(INVOICE_MESSAGES.linkedCannotDelete);
    const payments = await lockedPayments(tx, inv.id);
    const scope = partyScope(f, partyId);
    for (const p of payments) {
      await recordAudit(tx, {
        entity: AUDIT.payment,
        entityId: p.id,
        action: 'deleted',
        before: paymentAuditView(p, inv.invoice_number),
        userId,
        scope,
      });
    }
    await tx.delete(party_invoices).where(eq(party_invoices.id, inv.id));
    await recordAudit(tx, {
      entity: AUDIT.invoice,
      entityId: inv.id,
      action: 'deleted',
      before: invoiceAuditView(inv),
      userId,
      scope,
    });
    return inv.payment_invoice_file_key;
  });
  if (key) await files.remove(key);
}

type LinkValues = z.output<typeof linkGroupsInput>;

/**
 * POST invoice/link-groups (spec 2 §2 'Link-tour modal', §4 'Left to link'): assigns parts of a
 * supplier's or tour manager's invoice to tour groups, each as an internal payment of the group
 * (the estimate `selected_estimated_cost` it now covers, else a new one) with the amount and service
 * type. Under the invoice's row lock the sum may not exceed what is left to link (422, nothing
 * saved). Each group payment and the invoice's total linked are written to the history.
 */
export async function linkGroups(db: Db, v: LinkValues, userId: number): Promise<number> {
  if (v.invoice_for === 'affiliate')
    throw validationError(
      { invoice_for: [INVOICE_MESSAGES.affiliateNoLink] },
      INVOICE_MESSAGES.affiliateNoLink,
    );
  if (v.selected_groups.length === 0)
    throw validationError(
      { selected_groups: [INVOICE_MESSAGES.nothingToLink] },
      INVOICE_MESSAGES.nothingToLink,
    );
  const groupIds = [...new Set(v.selected_groups.map((g) => g.group_id))];
  const serviceIds = [...new Set(v.selected_groups.map((g) => g.service_type))];
  const idList = (ids: number[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  return inTransaction(db, async (tx) => {
    const inv = await findInvoice(tx, v.invoice_id, { f: v.invoice_for, id: v.invoice_for_id }, true);
    const groups = await queryRows<{ id: number }>(
      tx,
      sql`select id from tour_groups where id in (${idList(groupIds)})`,
    );
    if (groups.length !== groupIds.length)
      throw validationError({ selected_groups: ['A chosen tour group no longer exists.'] });
    const services = await queryRows<{ id: number }>(
      tx,
      sql`select id from service_types where id in (${idList(serviceIds)})`,
    );
    if (services.length !== serviceIds.length)
      throw validationError({ selected_groups: ['A chosen service type no longer exists.'] });
    const left = leftToLink(inv.invoice_amount, [inv.total_linked]);
    const sum = sumAmounts(v.selected_groups.map((g) => g.invoice_amount));
    if (moreThan(sum, left)) {
      const message = INVOICE_MESSAGES.overLink(left);
      throw validationError({ selected_groups: [message] }, message);
    }
    const paymentFor = v.invoice_for === 'supplier' ? PAYMENT_FOR.supplier : PAYMENT_FOR.tourManager;
    const partyCol =
      v.invoice_for === 'supplier' ? tour_group_payments.supplier_id : tour_group_payments.tour_manager_id;
    for (const g of v.selected_groups) {
      const scope = `tour_group:${g.group_id}`;
      if (g.selected_estimated_cost) {
        const [est] = await tx
          .select()
          .from(tour_group_payments)
          .where(
            and(
              eq(tour_group_payments.id, g.selected_estimated_cost),
              eq(tour_group_payments.tour_group_id, g.group_id),
              eq(partyCol, v.invoice_for_id),
            ),
          )
          .for('update');
        if (!est || est.supplier_invoice_id !== null)
          throw validationError({
            selected_groups: [
              'The chosen estimate is not an estimate of this party without an invoice on that group.',
            ],
          });
        await tx
          .update(tour_group_payments)
          .set({
            supplier_invoice_id: inv.id,
            invoice_asigned_amount: g.invoice_amount,
            service_type_id: g.service_type,
            updated_at: sql`now()`,
          })
          .where(eq(tour_group_payments.id, est.id));
        await recordAudit(tx, {
          entity: AUDIT.groupPayment,
          entityId: est.id,
          action: 'updated',
          before: {
            supplier_invoice: null,
            invoice_asigned_amount: null,
            service_type_id: est.service_type_id,
          },
          after: {
            supplier_invoice: inv.invoice_number,
            invoice_asigned_amount: g.invoice_amount,
            service_type_id: g.service_type,
          },
          userId,
          scope,
        });
      } else {
        const [created] = await tx
          .insert(tour_group_payments)
          .values({
            tour_group_id: g.group_id,
            payment_for: paymentFor,
            supplier_id: v.invoice_for === 'supplier' ? v.invoice_for_id : null,
            tour_manager_id: v.invoice_for === 'tour_manager' ? v.invoice_for_id : null,
            service_type_id: g.service_type,
            currency_type: inv.currency_type,
            currency_exchange_rate: inv.currency_exchange_rate,
            supplier_invoice_id: inv.id,
            invoice_asigned_amount: g.invoice_amount,
          })
          .returning({ id: tour_group_payments.id });
        await recordAudit(tx, {
          entity: AUDIT.groupPayment,
          entityId: created.id,
          action: 'created',
          after: {
            payment_for: paymentFor,
            supplier_invoice: inv.invoice_number,
            invoice_asigned_amount: g.invoice_amount,
            service_type_id: g.service_type,
          },
          userId,
          scope,
        });
      }
    }
    await tx
      .update(party_invoices)
      .set({ total_linked: sql`${party_invoices.total_linked} + ${sum}::numeric`, updated_at: sql`now()` })
      .where(eq(party_invoices.id, inv.id));
    const after = await findInvoice(tx, inv.id);
    await recordAudit(tx, {
      entity: AUDIT.invoice,
      entityId: inv.id,
      action: 'updated',
      before: invoiceAuditView(inv),
      after: invoiceAuditView(after),
      userId,
      scope: partyScope(v.invoice_for, v.invoice_for_id),
    });
    return v.selected_groups.length;
  });
}

/** The stored PDF of invoice `id` (key and name); 404 'File not found' when it has none. */
export async function invoiceFile(db: Db, id: number): Promise<{ key: string; name: string }> {
  const [row] = await queryRows<{ key: string | null; name: string | null }>(
    db,
    sql`select payment_invoice_file_key as key, payment_invoice_name as name from party_invoices where id = ${id}`,
  );
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  if (!row.key) throw notFound(INVOICE_MESSAGES.fileNotFound);
  return { key: row.key, name: row.name ?? 'Invoice.pdf' };
}
