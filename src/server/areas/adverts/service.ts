import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { advertBilled, advertProductTotals, exceeds } from '../../../shared/advert-money';
import {
  ADVERT_GRAPHIC_FIELD,
  ADVERT_INVOICE_FIELD,
  ADVERT_MESSAGES,
  type AdvertDetail,
  type AdvertValues,
  type advertPaymentInput,
  type artworkStatusInput,
} from '../../../shared/api/adverts';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { detectFileType, isPdf, UPLOAD_IMAGE_TYPES, type UploadedFile } from '../../http/uploads';
import { recordAudit } from '../../lib/audit';
import type { FileStore } from '../../storage/files';
import { advertProducts, exists, findAdvert, lockAdvert, productsSum, type StoredAdvert } from './queries';

/** File store area of advert graphics and invoices ('adverts/…'). */
const AREA = 'adverts';
/** The audit history's entity name of an advertisement (its products are written under it too). */
export const ADVERT_ENTITY = 'advertisement';

/** The name a browser gave a file, without any folder part, at most 200 characters. */
function originalName(filename: string, fallback: string): string {
  const base = path.win32.basename(path.posix.basename(filename)).trim();
  return (base || fallback).slice(0, 200);
}

/** The image type of a file by its bytes (file-type), or undefined when it is not an accepted image. */
async function imageKind(data: Buffer) {
  const kind = await detectFileType(data);
  return kind && UPLOAD_IMAGE_TYPES.includes(kind.mime) ? kind : undefined;
}

/**
 * The uploads of the advertisement form checked by content: the graphic must be a JPEG, PNG, GIF
 * or WebP image, the invoice a PDF. Answers the 422 messages per field (empty when both are fine).
 */
export async function advertFileErrors(files: { graphic?: UploadedFile; invoice?: UploadedFile }) {
  const errors: Record<string, string[]> = {};
  if (files.graphic && !(await imageKind(files.graphic.data))) {
    errors[ADVERT_GRAPHIC_FIELD] = ['The graphic must be an image (JPEG, PNG, GIF or WebP).'];
  }
  if (files.invoice && !isPdf(files.invoice.data)) {
    errors[ADVERT_INVOICE_FIELD] = ['The invoice must be a PDF file.'];
  }
  return errors;
}

/** What the audit history compares: the advert's fields as staff know them (no file keys). */
function auditView(a: StoredAdvert | null) {
  if (!a) return null;
  return {
    size: a.size_name,
    placemenet_date: a.placemenet_date,
    expiry_date: a.expiry_date,
    total_cost: a.total_cost,
    submission_deadline_date: a.submission_deadline_date,
    is_graphic_created: a.is_graphic_created,
    is_sent: a.is_sent,
    paid_status: a.paid_status,
    invoice_number: a.invoice_number,
    invoice_amount: a.invoice_amount,
    invoice_due_date: a.invoice_due_date,
    invoice_name: a.invoice_name,
    graphic_name: a.graphic_name,
    payment_mode: a.payment_mode,
    payment_mode_number: a.payment_mode_number,
    payment_date: a.payment_date,
    payment_amount: a.payment_amount,
  };
}

/** 422 on `field` when `amount` is more than the advert's bill (its invoice amount, else its cost). */
function checkPaymentAmount(
  amount: string | undefined,
  invoiceAmount: string | null,
  totalCost: string | null,
) {
  if (amount === undefined || (invoiceAmount === null && totalCost === null)) return;
  const billed = advertBilled(invoiceAmount, totalCost);
  if (exceeds(amount, billed))
    throw validationError({ payment_amount: [ADVERT_MESSAGES.amountUpto(billed)] });
}

/**
 * Creates an advertisement for affiliate `affiliateId`, or updates `values.advertisement_id`
 * (POST affiliates/advertisement/{affiliateId}/submit, spec 2 §2 Advertisement form). Files are
 * checked by content (422 per field) and stored first; then, in one transaction, the advert is
 * locked (edit), checked and written with its audit row. A cost below what its products already
 * take, or a paid amount above the bill, answers 422 with nothing saved. A new file replaces the
 * old one, which is removed after commit; new files are removed again when the change fails.
 * 404 for an unknown affiliate or an advert of another affiliate.
 */
export async function saveAdvert(
  db: Db,
  files: FileStore,
  affiliateId: number,
  values: AdvertValues,
  uploads: { graphic?: UploadedFile; invoice?: UploadedFile },
  userId: number,
): Promise<{ id: number; created: boolean }> {
  if (!(await exists(db, 'affiliates', affiliateId))) throw notFound('Affiliate not found.');
  const errors = await advertFileErrors(uploads);
  if (!(await exists(db, 'advertise_sizes', values.size_id)))
    errors.size_id = ['The selected size does not exist.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const stored: string[] = [];
  const graphicKind = uploads.graphic ? await imageKind(uploads.graphic.data) : undefined;
  const graphic =
    uploads.graphic && graphicKind
      ? {
          key: await files.save(AREA, uploads.graphic.data, graphicKind.ext),
          name: originalName(uploads.graphic.filename, 'artwork'),
        }
      : null;
  if (graphic) stored.push(graphic.key);
  const invoice = uploads.invoice
    ? {
        key: await files.save(AREA, uploads.invoice.data, 'pdf'),
        name: originalName(uploads.invoice.filename, 'Artwork-Invoice.pdf'),
      }
    : null;
  if (invoice) stored.push(invoice.key);

  const columns = {
    size_id: values.size_id,
    placemenet_date: values.placemenet_date,
    expiry_date: values.expiry_date,
    total_cost: values.total_cost ?? null,
    submission_deadline_date: values.submission_deadline_date ?? null,
    is_graphic_created: values.is_graphic_created ?? false,
    is_sent: values.is_sent ?? false,
    invoice_number: values.invoice_number ?? null,
    invoice_amount: values.invoice_amount ?? null,
    invoice_due_date: values.invoice_due_date ?? null,
    payment_mode: values.payment_mode ?? null,
    payment_mode_number: values.payment_mode_number ?? null,
    payment_date: values.payment_date ?? null,
    payment_amount: values.payment_amount ?? null,
  };
  checkPaymentAmount(values.payment_amount, columns.invoice_amount, columns.total_cost);

  try {
    const result = await inTransaction(db, async (tx) => {
      const editId = values.advertisement_id;
      let before: StoredAdvert | null = null;
      let id: number;
      if (editId) {
        const locked = await lockAdvert(tx, editId);
        if (!locked || locked.affiliate_id !== affiliateId) throw notFound(ADVERT_MESSAGES.notFound);
        before = locked;
        const taken = await productsSum(tx, editId);
        if (exceeds(taken, columns.total_cost ?? '0')) {
          throw validationError({
            total_cost: [`The cost cannot be less than its products already take (${taken}).`],
          });
        }
        await tx.execute(sql`update advertisements set
            size_id = ${columns.size_id}, placemenet_date = ${columns.placemenet_date}, expiry_date = ${columns.expiry_date},
            total_cost = ${columns.total_cost}, submission_deadline_date = ${columns.submission_deadline_date},
            is_graphic_created = ${columns.is_graphic_created}, is_sent = ${columns.is_sent},
            invoice_number = ${columns.invoice_number}, invoice_amount = ${columns.invoice_amount},
            invoice_due_date = ${columns.invoice_due_date}, payment_mode = ${columns.payment_mode},
            payment_mode_number = ${columns.payment_mode_number}, payment_date = ${columns.payment_date},
            payment_amount = ${columns.payment_amount},
            graphic_file_key = coalesce(${graphic?.key ?? null}, graphic_file_key),
            graphic_name = coalesce(${graphic?.name ?? null}, graphic_name),
            invoice_file_key = coalesce(${invoice?.key ?? null}, invoice_file_key),
            invoice_name = coalesce(${invoice?.name ?? null}, invoice_name),
            updated_at = now()
          where id = ${editId}`);
        id = editId;
      } else {
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into advertisements (affiliate_id, size_id, placemenet_date, expiry_date, total_cost,
                submission_deadline_date, is_graphic_created, is_sent, invoice_number, invoice_amount, invoice_due_date,
                payment_mode, payment_mode_number, payment_date, payment_amount, graphic_file_key, graphic_name,
                invoice_file_key, invoice_name)
              values (${affiliateId}, ${columns.size_id}, ${columns.placemenet_date}, ${columns.expiry_date},
                ${columns.total_cost}, ${columns.submission_deadline_date}, ${columns.is_graphic_created}, ${columns.is_sent},
                ${columns.invoice_number}, ${columns.invoice_amount}, ${columns.invoice_due_date}, ${columns.payment_mode},
                ${columns.payment_mode_number}, ${columns.payment_date}, ${columns.payment_amount},
                ${graphic?.key ?? null}, ${graphic?.name ?? null}, ${invoice?.key ?? null}, ${invoice?.name ?? null})
              returning id`,
        );
        id = row.id;
      }
      const after = await lockAdvert(tx, id);
      await recordAudit(tx, {
        entity: ADVERT_ENTITY,
        entityId: id,
        action: before ? 'updated' : 'created',
        before: auditView(before),
        after: auditView(after ?? null),
        userId,
      });
      return { id, created: !before, before };
    });
    // The replaced files go once the row points at the new ones.
    if (graphic && result.before?.graphic_file_key) await files.remove(result.before.graphic_file_key);
    if (invoice && result.before?.invoice_file_key) await files.remove(result.before.invoice_file_key);
    return { id: result.id, created: result.created };
  } catch (e) {
    for (const key of stored) await files.remove(key);
    throw e;
  }
}

/**
 * Deletes advertisement `advertId` of affiliate `affiliateId` with its products (POST
 * affiliates/advertisement/{affiliateId}/delete); its files are removed after commit. 404 when the
 * advert is not the affiliate's.
 */
export async function deleteAdvert(
  db: Db,
  files: FileStore,
  affiliateId: number,
  advertId: number,
  userId: number,
) {
  const before = await inTransaction(db, async (tx) => {
    const locked = await lockAdvert(tx, advertId);
    if (!locked || locked.affiliate_id !== affiliateId) throw notFound(ADVERT_MESSAGES.notFound);
    await tx.execute(sql`delete from advertisements where id = ${advertId}`);
    await recordAudit(tx, {
      entity: ADVERT_ENTITY,
      entityId: advertId,
      action: 'deleted',
      before: auditView(locked),
      after: null,
      userId,
    });
    return locked;
  });
  for (const key of [before.graphic_file_key, before.invoice_file_key]) if (key) await files.remove(key);
}

/**
 * The products modal's data (GET affiliates/{id}/advert-detail/{advertId}): the advert, its
 * affiliate, its products and Total / Paid / Left (`advertProductTotals`). 404 when the advert is not
 * the affiliate's (any affiliate when `affiliateId` is undefined).
 */
export async function advertDetail(db: Db, advertId: number, affiliateId?: number): Promise<AdvertDetail> {
  const advert = await findAdvert(db, advertId, affiliateId);
  if (!advert) throw notFound(ADVERT_MESSAGES.notFound);
  const [products, [affiliate]] = await Promise.all([
    advertProducts(db, advertId),
    queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from affiliates where id = ${advert.affiliate_id}`,
    ),
  ]);
  const totals = advertProductTotals(
    advert.total_cost === null ? null : String(advert.total_cost),
    products.map((p) => String(p.amount)),
  );
  return { ...advert, affiliate, products, totals };
}

/**
 * The products modal's three switches (POST affiliates/advertisement/update-artwork-status, spec 2
 * §4: each change saves all three): sets the columns sent, in one transaction with its audit row.
 */
export async function updateArtworkStatus(
  db: Db,
  input: z.output<typeof artworkStatusInput>,
  userId: number,
) {
  await inTransaction(db, async (tx) => {
    const before = await lockAdvert(tx, input.artwork_id);
    if (!before) throw notFound(ADVERT_MESSAGES.notFound);
    const set = Object.fromEntries(input.column_status.map((c) => [c.column, c.status])) as Partial<
      Record<'paid_status' | 'is_graphic_created' | 'is_sent', boolean>
    >;
    await tx.execute(sql`update advertisements set
        paid_status = ${set.paid_status ?? before.paid_status},
        is_graphic_created = ${set.is_graphic_created ?? before.is_graphic_created},
        is_sent = ${set.is_sent ?? before.is_sent},
        updated_at = now()
      where id = ${input.artwork_id}`);
    const after = await lockAdvert(tx, input.artwork_id);
    await recordAudit(tx, {
      entity: ADVERT_ENTITY,
      entityId: input.artwork_id,
      action: 'updated',
      before: auditView(before),
      after: auditView(after ?? null),
      userId,
    });
  });
}

/**
 * The payment details modal (POST affiliates/advertisement/update-payment-details, spec 2 §2):
 * invoice number, amount and due date, payment mode, number, date and amount — in one transaction
 * with the advert locked; the paid amount may not exceed the bill (invoice amount, else cost): 422
 * 'Please provide a valid amount upto {billed}'.
 */
export async function updateAdvertPayment(
  db: Db,
  input: z.output<typeof advertPaymentInput>,
  userId: number,
) {
  await inTransaction(db, async (tx) => {
    const before = await lockAdvert(tx, input.advertisement_id);
    if (!before) throw notFound(ADVERT_MESSAGES.notFound);
    checkPaymentAmount(input.payment_amount, input.invoice_amount ?? null, before.total_cost);
    await tx.execute(sql`update advertisements set
        invoice_number = ${input.invoice_number ?? null}, invoice_amount = ${input.invoice_amount ?? null},
        invoice_due_date = ${input.invoice_due_date ?? null}, payment_mode = ${input.payment_mode ?? null},
        payment_mode_number = ${input.payment_mode_number ?? null}, payment_date = ${input.payment_date ?? null},
        payment_amount = ${input.payment_amount ?? null}, updated_at = now()
      where id = ${input.advertisement_id}`);
    const after = await lockAdvert(tx, input.advertisement_id);
    await recordAudit(tx, {
      entity: ADVERT_ENTITY,
      entityId: input.advertisement_id,
      action: 'updated',
      before: auditView(before),
      after: auditView(after ?? null),
      userId,
    });
  });
}

/** The stored file of an advert for a download: graphic (its image) or invoice (a PDF; default name Artwork-Invoice.pdf). */
export async function advertFile(db: Db, advertId: number, type: 'graphic' | 'invoice') {
  const [row] = await queryRows<{
    graphic_file_key: string | null;
    graphic_name: string | null;
    invoice_file_key: string | null;
    invoice_name: string | null;
  }>(
    db,
    sql`select graphic_file_key, graphic_name, invoice_file_key, invoice_name from advertisements where id = ${advertId}`,
  );
  if (!row) throw notFound(ADVERT_MESSAGES.notFound);
  if (type === 'graphic') {
    return {
      key: row.graphic_file_key,
      name: row.graphic_name ?? 'Artwork',
    };
  }
  return {
    key: row.invoice_file_key,
    name: row.invoice_name ?? 'Artwork-Invoice.pdf',
  };
}
