import type { FastifyPluginAsync } from 'fastify';
import { dashboardApi } from '../../../shared/api/dashboard';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { globalSearch } from './search';
import { getDashboard } from './service';

/** The dashboard and the global search (issue #14): the endpoints of `dashboardApi`, any staff. */
export const dashboardRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['dashboard'];
  route(app, dashboardApi.get, { tags }, async () => getDashboard(db));
  route(app, dashboardApi.search, { tags }, async (req) => globalSearch(db, req.query.q));
};
