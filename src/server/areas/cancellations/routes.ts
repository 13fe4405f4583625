import type { FastifyPluginAsync } from 'fastify';
import { cancellationsApi } from '../../../shared/api/cancellations';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { cancellationTable, deletePolicy, getCancellationPolicy } from './queries';
import { saveCancellationPolicy } from './service';

/**
 * Cancellation policies (spec 3 §2 'Cancellation policies', §3 CancellationPolicy, §5, §7): the
 * endpoints of `cancellationsApi`. Saving and deleting are role 1 only (spec 3 §6); the save call
 * answers `status` as the spec reads it.
 */
export const cancellationRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['cancellations'];
  route(app, cancellationsApi.table, { tags }, async (req) => cancellationTable(db, req.query));
  route(app, cancellationsApi.save, { tags }, async (req) => {
    const { id, edited } = await saveCancellationPolicy(db, req.body);
    return {
      status: true as const,
      ...ok(
        edited ? 'Cancellation policy updated successfully.' : 'Cancellation policy added successfully.',
        {
          data: { id },
        },
      ),
    };
  });
  route(app, cancellationsApi.get, { tags }, async (req) => ({
    status: true as const,
    success: true as const,
    data: await getCancellationPolicy(db, req.params.id),
  }));
  route(app, cancellationsApi.delete, { tags }, async (req) => {
    await deletePolicy(db, req.params.id);
    return ok('Cancellation policy deleted successfully.');
  });
};
