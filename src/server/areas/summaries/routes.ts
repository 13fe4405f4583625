import type { FastifyPluginAsync } from 'fastify';
import { summariesApi } from '../../../shared/api/summaries';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { artworkTable, paymentInvoiceTable, preData, tourSummaryTable } from './queries';

/**
 * Summaries (spec 2 §2 Summaries, §7 Summaries): the endpoints of `summariesApi`. All only read;
 * the POST tables take their filters in the query (the spec) and, with the DataTables fields, in
 * the body (the web app's table) — the body wins where both are sent.
 */
export const summaryRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['summaries'];
  route(app, summariesApi.paymentInvoices, { tags }, async (req) => paymentInvoiceTable(db, req.query));
  route(app, summariesApi.artwork, { tags }, async (req) => artworkTable(db, { ...req.query, ...req.body }));
  route(app, summariesApi.tours, { tags }, async (req) =>
    tourSummaryTable(db, { ...req.query, ...req.body }),
  );
  route(app, summariesApi.preData, { tags }, async () => ({
    success: true as const,
    status: true as const,
    data: await preData(db),
  }));
};
