import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilityInput,
  cloneInput,
  discountInput,
  END_DATE_MESSAGE,
  MAX_RANGE_NIGHTS,
  multipleDiscountInput,
  priceUpdateInput,
} from '../../../shared/api/availability';
import { blankToUndefined, idSchema, optionalYmd, ymdSchema } from '../../../shared/api/common';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import type { AreaDeps } from '../deps';
import { availabilityTable, getPrice, listDiscounts, listPrices } from './queries';
import {
  applyAvailabilityChange,
  availabilityMessage,
  clonePrices,
  deleteDiscount,
  deletePrice,
  saveDiscount,
  saveMultipleDiscounts,
  updatePrice,
} from './service';

const priceParams = z.object({ priceId: idSchema });

const requiredDate = (label: string) =>
  z.preprocess(blankToUndefined, z.string({ error: `${label} is required.` }).pipe(ymdSchema));
const rangeBody = z
  .object({ start_date: requiredDate('Start date'), end_date: requiredDate('End date') })
  .refine((v) => v.end_date >= v.start_date, { path: ['end_date'], message: END_DATE_MESSAGE })
  .refine((v) => (Date.parse(v.end_date) - Date.parse(v.start_date)) / 86_400_000 < MAX_RANGE_NIGHTS, {
    path: ['end_date'],
    message: `The range may cover at most ${MAX_RANGE_NIGHTS} nights.`,
  });

/**
 * Room availability, accommodation prices and price discounts (spec 3 §2 'Accommodation room edit',
 * §4, §5, §7 'Accommodation'). Reads are open to staff; every write is role 1 only (spec 3 §6).
 */
export const availabilityRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['availability'];
  app.post(
    '/accommodation/room/availability/:id',
    {
      config: { permission: 'availability.update' },
      schema: {
        tags,
        summary:
          'Apply a change type over a date range and/or save a price for each night, in one transaction; answers data.nights_changed, data.prices_saved.',
        params: idParams,
        body: availabilityInput,
      },
    },
    async (req) => {
      const result = await applyAvailabilityChange(db, req.params.id, req.body);
      return ok(availabilityMessage(req.body.type, result), { data: result });
    },
  );
  app.get(
    '/accommodation/room/availability/:id/table',
    {
      schema: {
        tags,
        summary:
          'Availability of room {id} per night from startDate to endDate, DataTables protocol (page size 25).',
        params: idParams,
        querystring: z.strictObject({ ...dataTablesShape, startDate: optionalYmd, endDate: optionalYmd }),
      },
    },
    async (req) => {
      const { startDate, endDate, ...table } = req.query;
      return availabilityTable(db, req.params.id, table, { startDate, endDate });
    },
  );
  app.post(
    '/accommodation/room/get-availability/:id/prices',
    {
      config: { permission: 'prices.read' },
      schema: {
        tags,
        summary: 'Prices of room {id} per night in the range: {status, data, message}.',
        params: idParams,
        body: rangeBody,
      },
    },
    async (req) => {
      const data = await listPrices(db, req.params.id, req.body.start_date, req.body.end_date);
      return { status: true, data, message: `${data.length} price${data.length === 1 ? '' : 's'} found.` };
    },
  );
  app.post(
    '/accommodation/room/update-availability/:id/prices',
    {
      config: { permission: 'prices.update' },
      schema: {
        tags,
        summary: 'Save one price row of room {id} (inline edit).',
        params: idParams,
        body: priceUpdateInput,
      },
    },
    async (req) => {
      await updatePrice(db, req.params.id, req.body);
      return ok('Price updated successfully.', { data: await getPrice(db, req.body.price_id) });
    },
  );
  app.post(
    '/accommodation/room/delete-availability/:id/prices',
    {
      config: { permission: 'prices.delete' },
      schema: {
        tags,
        summary: 'Delete one price of room {id} with its discounts.',
        params: idParams,
        body: z.object({ price_id: idSchema }),
      },
    },
    async (req) => {
      await deletePrice(db, req.params.id, req.body.price_id);
      return ok('Price deleted successfully.');
    },
  );
  app.get(
    '/accommodation/room/price-discount/:priceId',
    {
      schema: {
        tags,
        summary: 'A price and its discounts: data.price, data.discounts.',
        params: priceParams,
      },
    },
    async (req) => ({
      success: true,
      data: {
        price: await getPrice(db, req.params.priceId),
        discounts: await listDiscounts(db, req.params.priceId),
      },
    }),
  );
  app.post(
    '/accommodation/room/price-discount/:priceId/handle',
    {
      config: { permission: 'prices.discount' },
      schema: {
        tags,
        summary:
          'Add (flag add) or edit (flag edit, id) a discount of the price; overlapping windows are refused.',
        params: priceParams,
        body: discountInput,
      },
    },
    async (req) => {
      const id = await saveDiscount(db, req.params.priceId, req.body);
      return ok(req.body.flag === 'add' ? 'Discount added successfully.' : 'Discount updated successfully.', {
        data: { id },
      });
    },
  );
  app.post(
    '/accommodation/room/handle-multiple-prices-discount',
    {
      config: { permission: 'prices.discount' },
      schema: {
        tags,
        summary: 'Add the same discount to every price in multiple_price_ids, all or nothing.',
        body: multipleDiscountInput,
      },
    },
    async (req) => {
      const n = await saveMultipleDiscounts(db, req.body);
      return ok(`Discount added to ${n} price${n === 1 ? '' : 's'}.`, { data: { added: n } });
    },
  );
  app.post(
    '/accommodation/room/price-discount/:priceId/delete-discount/:discountId',
    {
      config: { permission: 'prices.discount' },
      schema: {
        tags,
        summary: 'Delete one discount of the price.',
        params: z.object({ priceId: idSchema, discountId: idSchema }),
      },
    },
    async (req) => {
      await deleteDiscount(db, req.params.priceId, req.params.discountId);
      return ok('Discount deleted successfully.');
    },
  );
  app.post(
    '/accommodation/room/handle-prices-clonnig',
    {
      config: { permission: 'prices.clone' },
      schema: {
        tags,
        summary: 'Copy the selected prices (with discounts) to the same nights of room accomodation_room_id.',
        body: cloneInput,
      },
    },
    async (req) => {
      const r = await clonePrices(db, req.body);
      return ok(`${r.copied} price${r.copied === 1 ? '' : 's'} copied to ${r.room}.`, {
        data: { copied: r.copied },
      });
    },
  );
};
