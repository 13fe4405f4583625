import type { FastifyPluginAsync } from 'fastify';
import { tomsApi } from '../../../shared/api/toms';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { loadTomsSettings, tomsFiguresOf } from './figures';

/**
 * TOMS (issue #27, Notice 709/5): a booking's VAT margin for the booking screen's read-only
 * section — any staff, as the booking's accounts. The quarterly working is a report
 * (reports/definitions/toms-working.ts) from the same `tomsFiguresOf`.
 */
export const tomsRoutes: FastifyPluginAsync<AreaDeps> = async (app, deps) => {
  const { db } = deps;
  route(app, tomsApi.booking, { tags: ['toms'] }, async (req) => {
    const figures = (await tomsFiguresOf(db, [req.params.id], await loadTomsSettings(db))).get(req.params.id);
    if (!figures) throw notFound('Booking not found.');
    return { success: true as const, data: figures };
  });
};
