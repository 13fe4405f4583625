import type { FastifyPluginAsync } from 'fastify';
import { REFUND_METHODS } from '../../../shared/api/booking-edit';
import { paymentsApi } from '../../../shared/api/payments';
import { poundsText } from '../../../shared/money-text';
import { HttpError } from '../../http/errors';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { parseJsonLosslessly, verifyCallback } from './ecommpay';
import { applyEcommpayCallback, recordPayment, startEcommpayPayment, voidPayment } from './service';

/**
 * Payments (spec 1 §7 POST payments, §4 'Card payment widget'): the endpoints of `paymentsApi` —
 * record a transaction, or open the ECOMMPAY widget for a card payment; void a receipt; and the
 * gateway's signed callback, the only way a card payment is recorded.
 */
export const paymentRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db, config, files, outbox }) => {
  const tags = ['payments'];
  // A first payment issues the ATOL certificate (issue #12), whose email waits in the outbox.
  const docs = { files, outbox };

  route(app, paymentsApi.create, { tags }, async (req) => {
    const input = req.body;
    if (input.payment_method === 'ecommpay' && !input.paymentCompleted) {
      const data = await startEcommpayPayment(db, config, input, req.user.id);
      return ok('Opening the card payment…', { data });
    }
    const { version, overpaid } = await recordPayment(db, input, req.user.id, docs);
    outbox.kick();
    const message =
      overpaid !== '0.00'
        ? `Payment recorded: ${poundsText(overpaid)} of it is an overpayment, held in credit.`
        : input.is_refund || REFUND_METHODS.includes(input.payment_method)
          ? 'Refund recorded successfully.'
          : 'Payment recorded successfully.';
    return ok(message, { data: { version, overpaid } });
  });

  route(app, paymentsApi.void, { tags }, async (req) => {
    const { version } = await voidPayment(db, req.params.id, req.body, req.user.id);
    return ok('Receipt voided.', { data: { version } });
  });

  // The callback lives in its own scope: its JSON parser keeps integers beyond 2^53 (ECOMMPAY
  // operation ids) as their exact digits, because the gateway signed those digits.
  await app.register(async (gateway) => {
    gateway.removeContentTypeParser('application/json');
    gateway.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, parseJsonLosslessly(body as string));
      } catch {
        done(new HttpError(400, 'The callback is not valid JSON.'), undefined);
      }
    });
    route(gateway, paymentsApi.ecommpayCallback, { tags }, async (req) => {
      const secret = config.ECOMMPAY_SECRET_KEY;
      if (!secret) throw new HttpError(400, 'ECOMMPAY is not configured: ECOMMPAY_SECRET_KEY is not set.');
      if (!verifyCallback(req.body, secret)) throw new HttpError(400, 'Invalid signature.');
      const outcome = await applyEcommpayCallback(db, req.body as Record<string, unknown>, docs);
      outbox.kick();
      const messages = {
        recorded: 'Payment recorded.',
        duplicate: 'Payment already recorded.',
        status: 'Status noted.',
        unknown: 'No such payment; nothing recorded.',
      } as const;
      return { success: true as const, message: messages[outcome] };
    });
  });
};
