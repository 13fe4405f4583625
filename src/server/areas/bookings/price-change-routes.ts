import type { FastifyPluginAsync } from 'fastify';
import { priceChangesApi } from '../../../shared/api/booking-price-changes';
import { londonToday } from '../../../shared/dates';
import { poundsText } from '../../../shared/money-text';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { recordPriceChangeAnswer } from './price-change-answer';
import { applyPriceChange, listPriceChanges } from './price-changes';

/** Price changes after booking (issue #27, PTR 2018 regs 10–11): the endpoints of `priceChangesApi`. */
export const bookingPriceChangeRoutes: FastifyPluginAsync<AreaDeps> = async (
  app,
  { db, files, outbox, config },
) => {
  const tags = ['bookings'];
  const api = priceChangesApi;

  route(app, api.list, { tags }, async (req) => ({
    success: true as const,
    data: await listPriceChanges(db, req.params.id, londonToday()),
  }));

  route(app, api.apply, { tags }, async (req) => {
    const r = await applyPriceChange(db, { files, outbox, config }, req.params.id, req.body, req.user.id);
    const c = r.price_change;
    const asked = c.decision === 'pending' ? ' The customer has been asked to accept or cancel.' : '';
    const sent = r.emailed_to ? ` Emailed to ${r.emailed_to}.` : ' No email address: tell the customer.';
    return ok(
      `Price changed by ${poundsText(c.amount)}: the total is now ${poundsText(c.total_after)}.${asked}${sent}`,
      {
        data: r,
      },
    );
  });

  route(app, api.answer, { tags }, async (req) => {
    const version = await recordPriceChangeAnswer(db, req.params.id, req.body, req.user.id);
    const message =
      req.body.answer === 'accepted'
        ? 'The new price is recorded as accepted.'
        : 'The booking is cancelled with no cancellation charge: everything paid is now refund due.';
    return ok(message, { data: { version } });
  });
};
