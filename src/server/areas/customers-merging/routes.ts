import type { FastifyPluginAsync } from 'fastify';
import {
  customersMergingApi,
  LIKELY_REASONS,
  parseDuplicateKey,
} from '../../../shared/api/customers-merging';
import { validationError } from '../../http/errors';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { mergeCustomers, mergeMessage } from './merge';
import { duplicateRecords, listDuplicateGroups } from './queries';
import { defineMergeScriptJob, startMergeScript } from './script';

/**
 * Duplicate customers (spec 2 §2, §4 merge flow, §7 customers-merging): the duplicate table, one
 * group's records, merging a selection, and the duplicate script as a background job. Merging is
 * role 1 ('Manage customers', spec 2 §6); reading is open to staff.
 */
export const customersMergingRoutes: FastifyPluginAsync<AreaDeps> = async (app, deps) => {
  const { db } = deps;
  const tags = ['customers-merging'];
  defineMergeScriptJob(deps);
  // Spec 2 §7: the script is posted with no body. Fastify hands a bodiless request `null`, which
  // the schema refuses (a JSON `null` is malformed); a request with no content type and no body is
  // read as `{}` (all emails) instead. Hooks here apply to this area's routes only.
  app.addHook('preValidation', async (req) => {
    if (
      req.routeOptions.url?.endsWith(customersMergingApi.mergeScript.path) &&
      req.body == null &&
      !req.headers['content-type']
    )
      req.body = {};
  });

  route(app, customersMergingApi.table, { tags }, async (req) => listDuplicateGroups(db, req.query));

  route(app, customersMergingApi.record, { tags }, async (req) => {
    const key = parseDuplicateKey(req.body.email);
    if (!key) throw validationError({ email: ['That duplicate group is not recognised.'] });
    return {
      status: true as const,
      kind: key.kind,
      likely_reason: key.kind === 'email' ? null : LIKELY_REASONS[key.kind],
      data: await duplicateRecords(db, key),
    };
  });

  route(app, customersMergingApi.merge, { tags }, async (req) => {
    const outcome = await mergeCustomers(db, {
      ids: req.body.selected_customer_ids,
      mainId: req.body.selected_main_customer,
      userId: req.user.id,
    });
    return { status: true as const, message: mergeMessage(outcome), data: outcome.summary };
  });

  route(app, customersMergingApi.mergeScript, { tags }, async (req) => {
    const email = req.body?.email;
    const jobId = await startMergeScript(deps, email, req.user.id);
    return {
      status: true as const,
      message: email
        ? `Merging the exact duplicates of ${email}.`
        : 'Merging every exact duplicate (same email, name and postcode).',
      job_id: jobId,
    };
  });
};
