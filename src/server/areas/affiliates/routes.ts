import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { affiliateActiveInput, affiliateInput } from '../../../shared/api/affiliates';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import { parseFields } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import {
  advertiseSizes,
  affiliateBookingsTable,
  affiliateList,
  affiliateTable,
  createAffiliate,
  deleteAffiliate,
  getAffiliate,
  setAffiliateActive,
  updateAffiliate,
} from './queries';

/** The form sends the fields flat; `{affiliate: {...}}` is accepted too. */
const unwrap = (b: unknown) =>
  b && typeof b === 'object' && 'affiliate' in b && typeof b.affiliate === 'object' ? b.affiliate : b;
const affiliateBody = z.preprocess(unwrap, affiliateInput);

/**
 * Affiliates (spec 2 §2 Affiliates, §7 'Affiliates'). Create, update (the active switch too) and
 * delete are role 1 only (spec 2 §6). Advertisements come with a later issue.
 */
export const affiliateRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['affiliates'];
  app.get(
    '/affiliates/table',
    {
      schema: {
        summary: 'Affiliates, DataTables protocol; quick search on name and code.',
        tags,
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => affiliateTable(db, req.query),
  );
  app.get(
    '/affiliates',
    {
      schema: {
        tags,
        summary:
          'Affiliates for selects: data [{id, name, code}] by name; type=active gives only active ones.',
        querystring: z.strictObject({ type: z.enum(['active', 'all']).optional() }),
      },
    },
    async (req) => ({ success: true, data: await affiliateList(db, req.query.type === 'active') }),
  );
  app.get(
    '/affiliates/:id',
    {
      schema: {
        tags,
        summary: 'One affiliate: data.affiliate, with data.advertiseSizes for the advertisement form.',
        params: idParams,
      },
    },
    async (req) => {
      const [affiliate, sizes] = await Promise.all([getAffiliate(db, req.params.id), advertiseSizes(db)]);
      return { success: true, data: { affiliate, advertiseSizes: sizes } };
    },
  );
  app.get(
    '/affiliates/holiday/:id/bookings',
    {
      schema: {
        tags,
        summary: "The affiliate's bookings (Bookings tab), DataTables protocol, 5 a page by default.",
        params: idParams,
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => affiliateBookingsTable(db, req.params.id, req.query),
  );
  app.post(
    '/affiliates',
    {
      config: { permission: 'affiliates.create' },
      schema: {
        tags,
        summary: 'Create an affiliate; answers data.id (code must be unique).',
        body: affiliateBody,
      },
    },
    async (req) =>
      ok('Affiliate created successfully.', { data: { id: await createAffiliate(db, req.body) } }),
  );
  app.post(
    '/affiliates/:id',
    {
      config: { permission: 'affiliates.update' },
      schema: {
        tags,
        summary: 'Update an affiliate: the full form, or {is_active} only (the list switch).',
        params: idParams,
        body: z.looseObject({}),
      },
    },
    async (req) => {
      const body = unwrap(req.body) as Record<string, unknown>;
      const keys = Object.keys(body ?? {});
      if (keys.length === 1 && keys[0] === 'is_active') {
        const { is_active } = parseFields(affiliateActiveInput, body);
        await setAffiliateActive(db, req.params.id, is_active);
        return ok(is_active ? 'The affiliate is now active.' : 'The affiliate is now inactive.');
      }
      await updateAffiliate(db, req.params.id, parseFields(affiliateInput, body));
      return ok('Affiliate updated successfully.');
    },
  );
  app.post(
    '/affiliates/:id/delete',
    {
      config: { permission: 'affiliates.delete' },
      schema: {
        tags,
        summary: 'Delete an affiliate (refused while bookings point at it).',
        params: idParams,
      },
    },
    async (req) => {
      await deleteAffiliate(db, req.params.id);
      return ok('Affiliate deleted successfully.');
    },
  );
};
