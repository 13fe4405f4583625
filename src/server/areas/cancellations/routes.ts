import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancellationPolicyInput } from '../../../shared/api/cancellations';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import type { AreaDeps } from '../deps';
import { cancellationTable, deletePolicy, getCancellationPolicy } from './queries';
import { saveCancellationPolicy } from './service';

/** The spec sends `{policy: {...}}`; a flat body is accepted too. */
const policyBody = z.preprocess(
  (b) => (b && typeof b === 'object' && 'policy' in b && typeof b.policy === 'object' ? b.policy : b),
  cancellationPolicyInput,
);

/**
 * Cancellation policies (spec 3 §2 'Cancellation policies', §3 CancellationPolicy, §5, §7). Saving
 * and deleting are role 1 only (spec 3 §6); the save call answers `status` as the spec reads it.
 */
export const cancellationRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['cancellations'];
  app.get(
    '/cancellations/penalties',
    {
      schema: {
        tags,
        summary:
          'Cancellation policies, DataTables protocol: days_before_start, days_before_end, penalty_charge, tour_type.',
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => cancellationTable(db, req.query),
  );
  app.post(
    '/cancellations/penalties',
    {
      config: { permission: 'cancellations.save' },
      schema: {
        tags,
        summary:
          "Add (handle_tag 'add') or edit (handle_tag 'edit' with id) a policy; answers status, message, data.id.",
        body: policyBody,
      },
    },
    async (req) => {
      const { id, edited } = await saveCancellationPolicy(db, req.body);
      return {
        status: true,
        success: true,
        message: edited
          ? 'Cancellation policy updated successfully.'
          : 'Cancellation policy added successfully.',
        data: { id },
      };
    },
  );
  app.post(
    '/cancellations/:id/get-policy',
    {
      config: { permission: 'cancellations.read' },
      schema: { tags, summary: 'One policy: data {id, days_before_start, …}.', params: idParams },
    },
    async (req) => ({ status: true, success: true, data: await getCancellationPolicy(db, req.params.id) }),
  );
  app.post(
    '/cancellations/penalties/:id/delete',
    {
      config: { permission: 'cancellations.delete' },
      schema: { tags, summary: 'Delete a policy.', params: idParams },
    },
    async (req) => {
      await deletePolicy(db, req.params.id);
      return ok('Cancellation policy deleted successfully.');
    },
  );
};
