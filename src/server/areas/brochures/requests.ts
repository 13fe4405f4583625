import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import {
  type brochureRequestInput,
  brochureRequestsApi,
  type CustomerBrochureRequest,
} from '../../../shared/api/brochures';
import { type Db, queryRows } from '../../db/client';
import { brochure_requests } from '../../db/schema';
import { isForeignKeyViolation } from '../../http/db-errors';
import { notFound, validationError } from '../../http/errors';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';

type RequestValues = z.output<typeof brochureRequestInput>;

/** A customer's brochure requests, newest first (spec 2 §7 GET brochures/requests/by_customer). */
export async function brochureRequestsByCustomer(
  db: Db,
  customerId: number,
): Promise<CustomerBrochureRequest[]> {
  const [customer] = await queryRows<{ id: number }>(
    db,
    sql`select id from customers where id = ${customerId}`,
  );
  if (!customer) throw notFound('Customer not found.');
  return queryRows<CustomerBrochureRequest>(
    db,
    sql`select r.id, r.brochure_id, b.brochure_name, b.brochure_name as brochures_names, r.qty, r.sent,
               r.affiliate_id, a.name as affiliate_name, r.batch_id, r.created_at
        from brochure_requests r
        join brochures b on b.id = r.brochure_id
        left join affiliates a on a.id = r.affiliate_id
        where r.customer_id = ${customerId}
        order by r.created_at desc, r.id desc`,
  );
}

/**
 * Records a customer's brochure request (spec 2 §7 POST brochures/requests). The customer, an
 * active brochure and the affiliate (when given) must exist: 422 per field otherwise.
 */
export async function createBrochureRequest(db: Db, v: RequestValues): Promise<number> {
  const [row] = await queryRows<{ customer: boolean; brochure: boolean | null; affiliate: boolean }>(
    db,
    sql`select exists(select 1 from customers where id = ${v.customer_id}) as customer,
               (select is_active from brochures where id = ${v.brochure_id}) as brochure,
               ${v.affiliate_id == null ? sql`true` : sql`exists(select 1 from affiliates where id = ${v.affiliate_id})`} as affiliate`,
  );
  const errors: Record<string, string[]> = {};
  if (!row.customer) errors.customer_id = ['The selected customer does not exist.'];
  if (row.brochure == null) errors.brochure_id = ['The selected brochure does not exist.'];
  else if (!row.brochure) errors.brochure_id = ['The selected brochure is no longer active.'];
  if (!row.affiliate) errors.affiliate_id = ['The selected affiliate does not exist.'];
  if (Object.keys(errors).length) throw validationError(errors);
  try {
    const [created] = await db
      .insert(brochure_requests)
      .values({
        customer_id: v.customer_id,
        brochure_id: v.brochure_id as number,
        affiliate_id: v.affiliate_id ?? null,
        qty: v.qty,
      })
      .returning({ id: brochure_requests.id });
    return created.id;
  } catch (e) {
    // A row removed between the check and the insert.
    if (isForeignKeyViolation(e))
      throw validationError({
        brochure_id: ['The request could not be saved: a linked record no longer exists.'],
      });
    throw e;
  }
}

/**
 * Brochure requests made from the customer edit screen (spec 2 §2 'Request brochure', §7): the
 * endpoints of `brochureRequestsApi`. The brochure-request list and its processing belong with the
 * brochure requests screens.
 */
export const brochureRequestRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['brochure requests'];
  route(app, brochureRequestsApi.byCustomer, { tags }, async (req) => ({
    success: true as const,
    data: await brochureRequestsByCustomer(db, req.params.customerId),
  }));
  route(app, brochureRequestsApi.create, { tags }, async (req) =>
    ok('Brochure request added successfully.', { data: { id: await createBrochureRequest(db, req.body) } }),
  );
};
