import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { reportsApi } from '../../../shared/api/reports';
import { queryRows } from '../../db/client';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { debtorReport } from './definitions/debtor';
import { sendReport } from './run';

type Named = { id: number; name: string };

/**
 * Reports (spec 3 §2 Reports, §7 Reports; issue #15): the lists the filter panels choose from and
 * one POST per report, each validated by its schema in shared/api/reports.ts (422 with the spec's
 * messages) and answered by `sendReport` — a file streamed from a database cursor, its progress on
 * the job named in the X-Report-Job header.
 */
export const reportRoutes: FastifyPluginAsync<AreaDeps> = async (app, deps) => {
  const { db } = deps;
  const tags = ['reports'];

  route(app, reportsApi.fieldsData, { tags }, async () => {
    const [suppliers, affiliates, tourManagers, airlines] = await Promise.all([
      queryRows<Named>(
        db,
        sql`select id, supplier_name as name from suppliers order by lower(supplier_name), id`,
      ),
      queryRows<Named>(db, sql`select id, name from affiliates order by lower(name), id`),
      queryRows<Named>(
        db,
        sql`select id, firstname || ' ' || lastname as name from tour_managers order by lower(firstname), lower(lastname), id`,
      ),
      queryRows<Named>(db, sql`select id, name from airlines order by lower(name), id`),
    ]);
    return {
      status: true as const,
      data: { suppliers, affiliates, tour_managers: tourManagers, airline: airlines },
    };
  });

  route(app, reportsApi.bondingTypes, { tags }, async () => ({
    status: true as const,
    data: await queryRows<Named>(db, sql`select id, name from bonding_types order by lower(name), id`),
  }));

  route(app, reportsApi.debtor, { tags }, async (req, reply) =>
    sendReport(deps, req, reply, 'debtor', debtorReport(req.body)),
  );
};
