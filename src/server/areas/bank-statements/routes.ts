import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { BANK_FILE_FIELD, type BankCsvMapping, bankStatementsApi } from '../../../shared/api/bank-statements';
import { proposeSplit } from '../../../shared/bank-matching';
import { poundsText } from '../../../shared/money-text';
import { queryRows } from '../../db/client';
import { HttpError, notFound, validationError } from '../../http/errors';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { readMultipart } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import { importStatement } from './import';
import {
  bookingChoice,
  bookingChoices,
  getStatement,
  lineTable,
  splitBookings,
  splitParties,
  statementTable,
} from './queries';
import {
  ignoreLine,
  matchedLines,
  matchStatement,
  RECORD_INLINE_LINES,
  recordLine,
  recordMatched,
  saveMapping,
} from './service';

const MATCH_JOB = 'bank-statement-match';
const RECORD_JOB = 'bank-statement-record';

/**
 * Bank statements (issue #26): the endpoints of `bankStatementsApi`. Import and record are role
 * 1's; large imports match, and large 'record all matched' run, as jobs on the one queue.
 */
export const bankStatementRoutes: FastifyPluginAsync<AreaDeps> = async (app, deps) => {
  const { db, files, outbox, jobs } = deps;
  const tags = ['bank-statements'];
  const docs = { files, outbox };

  jobs.define<{ statementId: number }>(MATCH_JOB, async (job) => {
    try {
      const t = await matchStatement(db, job.data.statementId, (done, total) =>
        job.progress(
          done,
          total,
          `Matched ${done.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} lines`,
        ),
      );
      return { message: `${t.matched} matched, ${t.suggested} with suggestions, ${t.unmatched} unmatched.` };
    } catch (e) {
      await db.execute(sql`update bank_statements set status = 'failed' where id = ${job.data.statementId}`);
      throw e;
    }
  });
  jobs.define<{ statementId: number }>(RECORD_JOB, async (job) => {
    if (job.userId === null) throw new HttpError(422, 'The job has no user to record the payments as.');
    const r = await recordMatched(db, job.data.statementId, job.userId, docs, (done, total) =>
      job.progress(done, total, `Recorded ${done} of ${total} lines`),
    );
    outbox.kick();
    return { message: `${r.recorded} recorded, ${r.left} left for review.`, ...r };
  });

  route(app, bankStatementsApi.table, { tags }, async (req) => statementTable(db, req.query));
  route(app, bankStatementsApi.get, { tags }, async (req) =>
    ok('', { data: await getStatement(db, req.params.id) }),
  );
  route(app, bankStatementsApi.lines, { tags }, async (req) => {
    await getStatement(db, req.params.id);
    return lineTable(db, req.params.id, req.query);
  });

  route(app, bankStatementsApi.import, { tags }, async (req) => {
    const { fields, files: uploaded } = await readMultipart(req);
    const file = uploaded[BANK_FILE_FIELD];
    if (!file) throw validationError({ file: ['Choose a statement file.'] });
    const bankName = fields.bank_name?.trim() || undefined;
    if (bankName && bankName.length > 100) throw validationError({ bank_name: ['Bank name is too long.'] });
    const r = await importStatement(db, file, bankName, req.user.id);
    let jobId: number | null = null;
    if (r.matchLater) {
      jobId = await jobs.start(MATCH_JOB, { statementId: r.id }, req.user.id);
      await db.execute(sql`update bank_statements set job_id = ${jobId} where id = ${r.id}`);
    }
    const message =
      r.linesNew === 0
        ? `Nothing new: all ${r.linesSkipped} lines were imported before.`
        : `Imported ${r.linesNew} lines${r.linesSkipped ? `; ${r.linesSkipped} imported before were skipped` : ''}.`;
    return ok(message, {
      data: { id: r.id, job_id: jobId, lines_new: r.linesNew, lines_skipped: r.linesSkipped },
    });
  });

  route(app, bankStatementsApi.mappings, { tags }, async () => {
    const rows = await queryRows<BankCsvMapping & { id: number }>(
      db,
      sql`select id, bank_name, date_column, amount_column, reference_column, payer_column, date_format
          from bank_csv_mappings order by bank_name`,
    );
    return ok('', { data: rows });
  });
  route(app, bankStatementsApi.saveMapping, { tags }, async (req) => {
    const id = await saveMapping(db, req.body, req.user.id);
    return ok(`Mapping for ${req.body.bank_name} saved.`, { data: { id } });
  });

  route(app, bankStatementsApi.record, { tags }, async (req) => {
    const r = await recordLine(db, req.params.id, req.body, req.user.id, docs);
    outbox.kick();
    const n = r.paymentIds.length;
    const message =
      r.overpaid !== '0.00'
        ? `Recorded: ${poundsText(r.overpaid)} of it is an overpayment, held in credit.`
        : n === 1
          ? 'Payment recorded.'
          : `${n} payments recorded.`;
    return ok(message, { data: { payment_ids: r.paymentIds, overpaid: r.overpaid } });
  });

  route(app, bankStatementsApi.recordMatched, { tags }, async (req) => {
    const lines = await matchedLines(db, req.params.id);
    if (lines.length > RECORD_INLINE_LINES) {
      const jobId = await jobs.start(RECORD_JOB, { statementId: req.params.id }, req.user.id);
      return ok(`Recording ${lines.length} matched lines…`, {
        data: { job_id: jobId, recorded: 0, left: lines.length },
      });
    }
    const r = await recordMatched(db, req.params.id, req.user.id, docs);
    outbox.kick();
    const message =
      r.left > 0 ? `${r.recorded} recorded; ${r.left} left for review.` : `${r.recorded} payments recorded.`;
    return ok(message, { data: { job_id: null, ...r } });
  });

  route(app, bankStatementsApi.ignore, { tags }, async (req) => {
    await ignoreLine(db, req.params.id, req.body.ignored, req.user.id);
    return ok(req.body.ignored ? 'Line set aside.' : 'Line back for matching.');
  });

  route(app, bankStatementsApi.split, { tags }, async (req) => {
    const { agent_id, group_id } = req.query;
    if (!agent_id && !group_id) throw validationError({ agent_id: ['Choose an agent or a group.'] });
    const [line] = await queryRows<{ amount: string }>(
      db,
      sql`select amount::text as amount from bank_statement_lines where id = ${req.params.id}`,
    );
    if (!line) throw notFound('Bank line not found.');
    const bookings = await splitBookings(db, agent_id ? { agentId: agent_id } : { groupId: group_id });
    const proposal = proposeSplit(line.amount, bookings);
    return ok('', {
      data: {
        amount: line.amount,
        bookings: bookings.map(bookingChoice),
        ...proposal,
      },
    });
  });

  route(app, bankStatementsApi.parties, { tags }, async (req) =>
    ok('', { data: await splitParties(db, req.query.q?.trim() ?? '') }),
  );
  route(app, bankStatementsApi.bookings, { tags }, async (req) =>
    ok('', { data: await bookingChoices(db, req.query.q ?? '') }),
  );
};
