import type { FastifyPluginAsync } from 'fastify';
import { availabilityApi } from '../../../shared/api/availability';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Room availability, accommodation prices and price discounts (spec 3 §2 'Accommodation room edit',
 * §4, §5, §7 'Accommodation'): the endpoints of `availabilityApi`. Reads are open to staff; every
 * write is role 1 only (spec 3 §6).
 */
export const availabilityRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['availability'];
  const api = availabilityApi;
  route(app, api.change, { tags }, async (req) => {
    const result = await applyAvailabilityChange(db, req.params.id, req.body);
    return ok(availabilityMessage(req.body.type, result), { data: result });
  });
  route(app, api.table, { tags }, async (req) => {
    const { startDate, endDate, ...table } = req.query;
    return availabilityTable(db, req.params.id, table, { startDate, endDate });
  });
  route(app, api.prices, { tags }, async (req) => {
    const data = await listPrices(db, req.params.id, req.body.start_date, req.body.end_date);
    return { status: true as const, data, message: `${plural(data.length, 'price')} found.` };
  });
  route(app, api.updatePrice, { tags }, async (req) => {
    await updatePrice(db, req.params.id, req.body);
    return ok('Price updated successfully.', { data: await getPrice(db, req.body.price_id) });
  });
  route(app, api.deletePrice, { tags }, async (req) => {
    await deletePrice(db, req.params.id, req.body.price_id);
    return ok('Price deleted successfully.');
  });
  route(app, api.discounts, { tags }, async (req) => ({
    success: true as const,
    data: {
      price: await getPrice(db, req.params.priceId),
      discounts: await listDiscounts(db, req.params.priceId),
    },
  }));
  route(app, api.saveDiscount, { tags }, async (req) => {
    const id = await saveDiscount(db, req.params.priceId, req.body);
    return ok(req.body.flag === 'add' ? 'Discount added successfully.' : 'Discount updated successfully.', {
      data: { id },
    });
  });
  route(app, api.addMultipleDiscounts, { tags }, async (req) => {
    const n = await saveMultipleDiscounts(db, req.body);
    return ok(`Discount added to ${plural(n, 'price')}.`, { data: { added: n } });
  });
  route(app, api.deleteDiscount, { tags }, async (req) => {
    await deleteDiscount(db, req.params.priceId, req.params.discountId);
    return ok('Discount deleted successfully.');
  });
  route(app, api.clonePrices, { tags }, async (req) => {
    const r = await clonePrices(db, req.body);
    return ok(`${plural(r.copied, 'price')} copied to ${r.room}.`, { data: { copied: r.copied } });
  });
};
