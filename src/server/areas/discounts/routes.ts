import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blankToUndefined, flagSchema, optionalId, optionalText } from '../../../shared/api/common';
import { discountCreateInput, discountUpdateInput } from '../../../shared/api/discounts';
import { idList } from '../../../shared/api/extras';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import type { AreaDeps } from '../deps';
import {
  createDiscounts,
  deleteDiscount,
  discountTable,
  getDiscount,
  offeredDiscounts,
  updateDiscount,
} from './queries';

/** Discounts (spec 3 §2 'Discounts and extras', §7 'discounts'). Writes are role 1 only (spec 3 §6). */
export const discountRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['discounts'];
  app.get(
    '/discounts/table2',
    {
      schema: {
        tags,
        summary:
          'Discounts (code, description, value, tour), DataTables protocol; filters search_by_code, search_by_tour.',
        querystring: z.strictObject({
          ...dataTablesShape,
          search_by_code: optionalText(50),
          search_by_tour: optionalId,
        }),
      },
    },
    async (req) => {
      const { search_by_code, search_by_tour, ...table } = req.query;
      return discountTable(db, table, { code: search_by_code, tourId: search_by_tour });
    },
  );
  app.get(
    '/discounts',
    {
      schema: {
        tags,
        summary:
          'Discounts offered for tours (spec 1 §7): tour_ids[] (plus tourless ones), show_suppressed, fromAdmin=yes ' +
          '(staff: manual ones too, whatever the dates); data [{id, code, description, value, penalty_type 0|1, ' +
          'per_person, on_base_price, is_manual, tour_id}].',
        querystring: z.object({
          tour_ids: idList,
          show_suppressed: z.preprocess(blankToUndefined, flagSchema.optional()),
          fromAdmin: z.preprocess(blankToUndefined, flagSchema.optional()),
        }),
      },
    },
    async (req) => ({
      success: true,
      data: await offeredDiscounts(db, {
        tourIds: req.query.tour_ids,
        showSuppressed: req.query.show_suppressed ?? false,
        fromAdmin: req.query.fromAdmin ?? false,
      }),
    }),
  );
  app.get(
    '/discounts/:id',
    { schema: { tags, summary: 'One discount with its tour name: data.', params: idParams } },
    async (req) => ({ success: true, data: await getDiscount(db, req.params.id) }),
  );
  app.post(
    '/discounts',
    {
      config: { permission: 'discounts.create' },
      schema: {
        tags,
        summary:
          'Create a discount: one row per tour in tour_id (a list); answers data.id (the first) and data.ids.',
        body: discountCreateInput,
      },
    },
    async (req) => {
      const ids = await createDiscounts(db, req.body);
      const message =
        ids.length === 1 ? 'Discount created successfully.' : `${ids.length} discounts created successfully.`;
      return ok(message, { data: { id: ids[0], ids } });
    },
  );
  app.post(
    '/discounts/:id',
    {
      config: { permission: 'discounts.update' },
      schema: { tags, summary: 'Update a discount (one tour).', params: idParams, body: discountUpdateInput },
    },
    async (req) => {
      await updateDiscount(db, req.params.id, req.body);
      return ok('Discount updated successfully.');
    },
  );
  app.post(
    '/discounts/:id/delete',
    {
      config: { permission: 'discounts.delete' },
      schema: { tags, summary: 'Delete a discount (refused while bookings use it).', params: idParams },
    },
    async (req) => {
      await deleteDiscount(db, req.params.id);
      return ok('Discount deleted successfully.');
    },
  );
};
