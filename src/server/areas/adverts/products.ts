import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { advertProductTotals, exceeds } from '../../../shared/advert-money';
import { ADVERT_MESSAGES, type advertProductInput } from '../../../shared/api/adverts';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { notFound, validationError } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import { exists, lockAdvert, productLabel, productsSum } from './queries';
import { ADVERT_ENTITY } from './service';

/** The products of an advertisement (spec 2 §2 Products modal): what each takes of the advert's cost. */

const productText = (p: { tour: string; size: string | null; amount: string }) =>
  `${p.tour}${p.size ? ` / ${p.size}` : ''} / ${p.amount}`;

/**
 * Adds a product to advertisement `advertId`, or edits one (`advertisement_invoice_id` or `id`)
 * (POST affiliates/advertisement-products/{id}/submit, spec 2 §2 Products modal). In one
 * transaction with the advert row locked, so two people cannot both take the last of the cost: the
 * amount may not exceed what is left of the cost besides this product (422 on `amount`, 'Please
 * provide a valid amount upto {left}'). Unknown tour or size: 422; unknown advert or product: 404.
 * The change is written to the advert's audit history as 'Product {id}'.
 */
export async function saveAdvertProduct(
  db: Db,
  advertId: number,
  input: z.output<typeof advertProductInput>,
  userId: number,
): Promise<void> {
  const productId = input.advertisement_invoice_id ?? input.id;
  const amount = input.amount ?? '0.00';
  const errors: Record<string, string[]> = {};
  if (!(await exists(db, 'tours', input.tour_id))) errors.tour_id = ['The selected tour does not exist.'];
  if (input.size_id && !(await exists(db, 'advertise_sizes', input.size_id)))
    errors.size_id = ['The selected size does not exist.'];
  if (input.flag === 'edit' && !productId) errors.advertisement_invoice_id = ['Choose the product to edit.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);

  await inTransaction(db, async (tx) => {
    const advert = await lockAdvert(tx, advertId);
    if (!advert) throw notFound(ADVERT_MESSAGES.notFound);
    let before: { tour: string; size: string | null; amount: string } | null = null;
    if (productId) {
      const [row] = await queryRows<{ tour: string; size: string | null; amount: string }>(
        tx,
        sql`select t.name as tour, s.size_name as size, p.amount from advertisement_products p
            join tours t on t.id = p.tour_id left join advertise_sizes s on s.id = p.size_id
            where p.id = ${productId} and p.advertisement_id = ${advertId}`,
      );
      if (!row) throw notFound(ADVERT_MESSAGES.productNotFound);
      before = row;
    }
    const others = await productsSum(tx, advertId, productId);
    const { left } = advertProductTotals(advert.total_cost, [others]);
    if (exceeds(amount, left)) throw validationError({ amount: [ADVERT_MESSAGES.amountUpto(left)] });
    let id = productId;
    if (productId) {
      await tx.execute(sql`update advertisement_products set tour_id = ${input.tour_id}, size_id = ${input.size_id ?? null},
          amount = ${amount}, updated_at = now() where id = ${productId}`);
    } else {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into advertisement_products (advertisement_id, tour_id, size_id, amount)
            values (${advertId}, ${input.tour_id}, ${input.size_id ?? null}, ${amount}) returning id`,
      );
      id = row.id;
    }
    const label = await productLabel(tx, input.tour_id, input.size_id ?? null);
    const field = `Product ${id}`;
    await recordAudit(tx, {
      entity: ADVERT_ENTITY,
      entityId: advertId,
      action: 'updated',
      before: { [field]: before ? productText(before) : null },
      after: { [field]: productText({ ...label, amount }) },
      userId,
    });
  });
}

/** Deletes product `productId` of advertisement `advertId` (404 when it is not the advert's); audited. */
export async function deleteAdvertProduct(db: Db, advertId: number, productId: number, userId: number) {
  await inTransaction(db, async (tx) => {
    const advert = await lockAdvert(tx, advertId);
    if (!advert) throw notFound(ADVERT_MESSAGES.notFound);
    const [row] = await queryRows<{ tour: string; size: string | null; amount: string }>(
      tx,
      sql`delete from advertisement_products p using tours t
          where p.id = ${productId} and p.advertisement_id = ${advertId} and t.id = p.tour_id
          returning t.name as tour, (select size_name from advertise_sizes where id = p.size_id) as size, p.amount`,
    );
    if (!row) throw notFound(ADVERT_MESSAGES.productNotFound);
    const field = `Product ${productId}`;
    await recordAudit(tx, {
      entity: ADVERT_ENTITY,
      entityId: advertId,
      action: 'updated',
      before: { [field]: productText(row) },
      after: { [field]: null },
      userId,
    });
  });
}
