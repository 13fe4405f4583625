import type { FastifyPluginAsync } from 'fastify';
import { instalmentsApi } from '../../../shared/api/booking-instalments';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { previewInstalments, removeInstalments, setInstalments } from './instalments';

/** A booking's instalments (issue #26): the endpoints of `instalmentsApi`. */
export const bookingInstalmentRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['bookings'];
  const api = instalmentsApi;

  route(app, api.set, { tags }, async (req) => {
    const r = await setInstalments(db, req.params.id, req.body, req.user.id);
    const message = !r.changed
      ? 'Nothing to change.'
      : `Balance split into ${r.instalments.length} instalments.`;
    return ok(message, { data: { version: r.version, instalments: r.instalments } });
  });

  route(app, api.remove, { tags }, async (req) => {
    const r = await removeInstalments(db, req.params.id, req.body?.version, req.user.id);
    return ok(r.changed ? 'Instalments removed: the balance is one payment again.' : 'Nothing to change.', {
      data: { version: r.version, instalments: r.instalments },
    });
  });

  route(app, api.preview, { tags }, async (req) => ({
    success: true as const,
    data: await previewInstalments(db, req.params.id, req.query.count),
  }));
};
