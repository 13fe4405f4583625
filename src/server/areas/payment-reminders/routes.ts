import type { FastifyPluginAsync } from 'fastify';
import { paymentRemindersApi } from '../../../shared/api/payment-reminders';
import { londonToday } from '../../../shared/dates';
import { inTransaction } from '../../db/client';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import {
  bookingReminders,
  createReminderRule,
  deleteReminderRule,
  getReminderRule,
  reminderRuleTable,
  updateReminderRule,
} from './queries';
import { planReminders, SEND_NOW_JOB, setRemindersPaused } from './service';

/** How many of today's reminders the preview lists. */
const PREVIEW_ROWS = 500;

/** Payment reminders (issue #26): the endpoints of `paymentRemindersApi`. */
export const paymentReminderRoutes: FastifyPluginAsync<AreaDeps> = async (app, deps) => {
  const { db } = deps;
  const tags = ['payment-reminders'];
  route(app, paymentRemindersApi.rulesTable, { tags }, async (req) => reminderRuleTable(db, req.query));
  route(app, paymentRemindersApi.getRule, { tags }, async (req) => ({
    success: true as const,
    data: await getReminderRule(db, req.params.id),
  }));
  route(app, paymentRemindersApi.createRule, { tags }, async (req) => {
    const id = await inTransaction(db, (tx) => createReminderRule(tx, req.body, req.user.id));
    return ok('Reminder rule created successfully.', { data: { id } });
  });
  route(app, paymentRemindersApi.updateRule, { tags }, async (req) => {
    await inTransaction(db, (tx) => updateReminderRule(tx, req.params.id, req.body, req.user.id));
    return ok('Reminder rule updated successfully.');
  });
  route(app, paymentRemindersApi.deleteRule, { tags }, async (req) => {
    await inTransaction(db, (tx) => deleteReminderRule(tx, req.params.id, req.user.id));
    return ok('Reminder rule deleted successfully.');
  });
  route(app, paymentRemindersApi.due, { tags }, async () => {
    const today = londonToday(deps.clock());
    const planned = await planReminders(db, today);
    const skipped = planned.filter((p) => p.skip_reason).length;
    return {
      success: true as const,
      today,
      count: planned.length - skipped,
      skipped,
      reminders: planned.slice(0, PREVIEW_ROWS),
    };
  });
  route(app, paymentRemindersApi.send, { tags }, async (req) => {
    const jobId = await deps.jobs.start(SEND_NOW_JOB, { today: londonToday(deps.clock()) }, req.user.id);
    return ok("Sending today's payment reminders.", { data: { job_id: jobId } });
  });
  route(app, paymentRemindersApi.booking, { tags }, async (req) => ({
    success: true as const,
    ...(await bookingReminders(db, req.params.id)),
  }));
  route(app, paymentRemindersApi.pause, { tags }, async (req) => {
    const changed = await setRemindersPaused(db, req.params.id, req.body.paused, req.user.id);
    const now = req.body.paused ? 'paused' : 'resumed';
    return ok(changed ? `Payment reminders ${now}.` : `Payment reminders were already ${now}.`);
  });
};
