import type { FastifyPluginAsync } from 'fastify';
import { resortsApi } from '../../../shared/api/resorts';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { createResort, deleteResort, getResort, resortTable, updateResort } from './queries';

/** Resorts (spec 3 §2 Resorts, §7 'resorts'): the endpoints of `resortsApi`. */
export const resortRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['resorts'];
  route(app, resortsApi.table, { tags }, async (req) => resortTable(db, req.query));
  route(app, resortsApi.get, { tags }, async (req) => ({
    success: true as const,
    data: [await getResort(db, req.params.id)],
  }));
  route(app, resortsApi.create, { tags }, async (req) =>
    ok('Resort created successfully.', { data: { id: await createResort(db, req.body) } }),
  );
  route(app, resortsApi.update, { tags }, async (req) => {
    await updateResort(db, req.params.id, req.body);
    return ok('Resort updated successfully.');
  });
  route(app, resortsApi.delete, { tags }, async (req) => {
    await deleteResort(db, req.params.id);
    return ok('Resort deleted successfully.');
  });
};
