import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { agentSideApi } from '../../../shared/api/agent-side';
import { MEDIA } from '../../../shared/api/contract';
import { route } from '../../http/route';
import { contentDisposition } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import { loadStatement } from './statement';
import { statementPdf, statementPdfName } from './statement-pdf';
import { statementXlsx, statementXlsxName } from './statement-xlsx';

/** A generated file as a download, never cached (the figures move with every payment). */
function sendFile(reply: FastifyReply, type: string, filename: string, bytes: Buffer) {
  return reply
    .header('content-type', type)
    .header('content-disposition', contentDisposition(filename))
    .header('cache-control', 'no-store')
    .send(bytes);
}

/**
 * The agency's monthly commission statement (issue #25, spec 1 §9 agent accounts): as JSON, as a
 * spreadsheet and as a PDF on the letterhead — the same rows and totals (statement.ts) in each. The
 * agency is the signed-in one (`req.agent`, agent realm); the month is `?month=YYYY-MM` (422 'Choose
 * a month (YYYY-MM).' otherwise).
 */
export const agentStatementRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['agent-side'];

  route(app, agentSideApi.statement, { tags }, async (req) => {
    const {
      month_name: _name,
      address: _address,
      ...data
    } = await loadStatement(db, req.agent.agentId, req.query.month);
    return { success: true as const, data };
  });

  route(app, agentSideApi.statementXlsx, { tags }, async (req, reply) => {
    const s = await loadStatement(db, req.agent.agentId, req.query.month);
    return sendFile(reply, MEDIA.xlsx, statementXlsxName(s.month), await statementXlsx(s));
  });

  route(app, agentSideApi.statementPdf, { tags }, async (req, reply) => {
    const s = await loadStatement(db, req.agent.agentId, req.query.month);
    return sendFile(reply, MEDIA.pdf, statementPdfName(s.month), await statementPdf(db, s));
  });
};
