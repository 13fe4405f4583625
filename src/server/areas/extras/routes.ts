import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { extrasApi } from '../../../shared/api/extras';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { createExtra, deleteExtra, extraTable, getExtra, updateExtra } from './queries';

/**
 * An `onSend` hook: a 422 answer with field errors also carries the first message as `error`,
 * which the tour screen reads (spec 3 §7 Tours: 'POST extras ... error read from error'). Other
 * answers pass unchanged.
 */
async function withFirstError(_req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 422 || typeof payload !== 'string') return payload;
  try {
    const body = JSON.parse(payload) as { errors?: Record<string, string[]> };
    const first = Object.values(body.errors ?? {})[0]?.[0];
    return first ? JSON.stringify({ ...body, error: first }) : payload;
  } catch {
    return payload;
  }
}

/**
 * Extras (spec 3 §2 'Discounts and extras', §7 'extras', and the tour-extra calls under §7 Tours):
 * the endpoints of `extrasApi`. Writes are role 1 only (spec 3 §6).
 */
export const extraRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['extras'];
  route(app, extrasApi.table, { tags }, async (req) => extraTable(db, req.query));
  route(app, extrasApi.get, { tags }, async (req) => ({
    success: true as const,
    data: await getExtra(db, req.params.id),
  }));
  // POST extras in a context of its own, so its refusals (the schema's and the service's) carry `error`.
  await app.register(async (scoped) => {
    scoped.addHook('onSend', withFirstError);
    route(scoped, extrasApi.create, { tags }, async (req) =>
      ok('Extra created successfully.', { data: { id: await createExtra(db, req.body) } }),
    );
  });
  route(app, extrasApi.update, { tags }, async (req) => {
    await updateExtra(db, req.params.id, req.body);
    return ok('Extra updated successfully.');
  });
  route(app, extrasApi.delete, { tags }, async (req) => {
    await deleteExtra(db, req.params.id);
    return ok('Extra deleted successfully.');
  });
  for (const remove of [extrasApi.deleteTourExtra, extrasApi.deleteTourExtraNoSlash]) {
    route(app, remove, { tags: ['tours'] }, async (req) => {
      await deleteExtra(db, req.params.id, { tourExtraOnly: true });
      return ok('Tour extra deleted successfully.');
    });
  }
};
