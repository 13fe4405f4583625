import type { FastifyPluginAsync } from 'fastify';
import { customerMessagesApi } from '../../../shared/api/customer-messages';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { bookingCustomerMessages, markBookingMessagesRead, markCustomerMessageRead } from './queries';

/**
 * What customers sent from their side, as staff read it (issue #23): the endpoints of
 * `customerMessagesApi` — a booking's list, marking one read, marking a booking's all read.
 */
export const customerMessageRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['customer messages'];
  route(app, customerMessagesApi.list, { tags }, async (req) => bookingCustomerMessages(db, req.params.id));
  route(app, customerMessagesApi.markRead, { tags }, async (req) =>
    ok('Marked as read.', { data: await markCustomerMessageRead(db, req.params.id, req.user.id) }),
  );
  route(app, customerMessagesApi.markAllRead, { tags }, async (req) => {
    const marked = await markBookingMessagesRead(db, req.params.id, req.user.id, req.body?.last_id);
    return ok(marked === 0 ? 'Nothing was unread.' : `${marked} marked as read.`, { data: { marked } });
  });
};
