import type { FastifyPluginAsync } from 'fastify';
import { groupPaymentsApi } from '../../../shared/api/group-payments';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { contentDisposition, sendStoredFile } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import { estimatedCost, groupRevenue } from './payments-queries';
import { deleteGroupPayment, paymentInvoice, saveGroupPayment } from './payments-service';

/** Spec 3 §7: the internal payment invoice's default name. */
const PAYMENT_INVOICE_NAME = 'Payment-Invoice.pdf';

/**
 * A tour group's money (spec 3 §2 'Suppliers, Services & Payments', §7 Groups): the endpoints of
 * `groupPaymentsApi`. Writes are role 1 only (groupPayments.save / .delete); reads any staff's.
 */
export const groupPaymentRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db, files }) => {
  const tags = ['groups'];
  route(app, groupPaymentsApi.save, { tags }, async (req) => {
    const id = await saveGroupPayment(db, req.params.id, req.body, req.user.id);
    return ok(req.body.flag === 'edit' ? 'Payment updated successfully.' : 'Payment added successfully.', {
      status: true as const,
      payment_done: true as const,
      data: { tour_group_payment_id: id },
    });
  });
  route(app, groupPaymentsApi.delete, { tags }, async (req) => {
    await deleteGroupPayment(db, req.params.id, req.params.paymentId, req.user.id);
    return ok('Payment deleted successfully.');
  });
  route(app, groupPaymentsApi.revenue, { tags }, async (req) => ({
    status: true as const,
    success: true as const,
    data: await groupRevenue(db, req.params.id),
  }));
  route(app, groupPaymentsApi.estimate, { tags }, async (req) =>
    estimatedCost(db, req.params.id, req.body.accomodation_id, req.body.accomodation_room_id),
  );
  route(app, groupPaymentsApi.download, { tags }, async (req, reply) => {
    const file = await paymentInvoice(db, req.params.id);
    if (file.key) return sendStoredFile(reply, files, file.key, PAYMENT_INVOICE_NAME);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(PAYMENT_INVOICE_NAME))
      .send(file.pdf);
  });
};
