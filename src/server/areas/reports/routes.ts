import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { complianceReportsApi } from '../../../shared/api/compliance-reports';
import { reportsApi } from '../../../shared/api/reports';
import { tomsApi } from '../../../shared/api/toms';
import { queryRows } from '../../db/client';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { addwordRevenueReport } from './definitions/addword';
import { affiliateReport } from './definitions/affiliate';
import { airlineCostingReport } from './definitions/airline-costing';
import { apcReturnReport } from './definitions/apc-return';
import { bondingReport } from './definitions/bonding';
import { customerReport } from './definitions/customers';
import { daybookReport } from './definitions/daybook';
import { debtorReport } from './definitions/debtor';
import { departureCustomersReport } from './definitions/departure-customers';
import { artworkReport, invoicePaymentReport } from './definitions/payment';
import { refundsReport } from './definitions/refunds';
import { revenueReport } from './definitions/revenue';
import { roomingAccommodationList, roomingReport } from './definitions/rooming';
import { salesReport } from './definitions/sales';
import { tomsWorkingReport } from './definitions/toms-working';
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
    sendReport(deps, req, reply, 'debtor', debtorReport(db, req.body)),
  );

  route(app, reportsApi.daybook, { tags }, async (req, reply) =>
    sendReport(deps, req, reply, 'daybook', daybookReport(req.body)),
  );

  route(app, reportsApi.sales, { tags }, async (req, reply) =>
    sendReport(deps, req, reply, 'sales', await salesReport(db, req.body)),
  );

  route(app, reportsApi.customers, { tags }, async (req, reply) =>
    sendReport(deps, req, reply, 'customers', customerReport(req.body)),
  );

  route(app, reportsApi.affiliate, { tags }, async (req, reply) =>
    sendReport(deps, req, reply, 'affiliate', await affiliateReport(db, req.body)),
  );

  route(app, reportsApi.airlineCosting, { tags }, async (req, reply) =>
    sendReport(deps, req, reply, 'airline_costing', await airlineCostingReport(db, req.body)),
  );

  route(app, reportsApi.roomingAccommodationList, { tags }, async (req) => ({
    status: true as const,
    data: await roomingAccommodationList(db, req.body),
  }));

  route(app, reportsApi.rooming, { tags }, async (req, reply) =>
    sendReport(deps, req, reply, 'rooming', await roomingReport(db, req.body)),
  );

  route(app, reportsApi.bonding, { tags }, async (req, reply) =>
    sendReport(deps, req, reply, 'bonding', await bondingReport(db, req.body)),
  );

  route(app, reportsApi.departureCustomers, { tags }, async (req, reply) =>
    sendReport(deps, req, reply, 'booking_customer_detail', await departureCustomersReport(db, req.body)),
  );

  route(app, reportsApi.revenue, { tags }, async (req, reply) =>
    sendReport(deps, req, reply, 'revenue_report', await revenueReport(db, req.body)),
  );

  route(app, reportsApi.payment, { tags }, async (req, reply) =>
    req.body.report_for === 'affiliate'
      ? sendReport(deps, req, reply, 'payment_report', await artworkReport(db, req.body))
      : sendReport(deps, req, reply, 'payment_report', await invoicePaymentReport(db, req.body)),
  );

  route(app, reportsApi.addwordRevenue, { tags }, async (req, reply) =>
    sendReport(deps, req, reply, 'addword_revenue_report', await addwordRevenueReport(db, req.body)),
  );

  route(app, tomsApi.working, { tags }, async (req, reply) =>
    sendReport(deps, req, reply, 'toms_working', await tomsWorkingReport(db, req.body)),
  );

  // Issue #27: the refunds of cancelled bookings and the ATOL APC return.
  route(app, complianceReportsApi.refunds, { tags }, async (req, reply) =>
    sendReport(deps, req, reply, 'refunds', refundsReport(req.body)),
  );

  route(app, complianceReportsApi.apcReturn, { tags }, async (req, reply) =>
    sendReport(deps, req, reply, 'atol_apc_return', await apcReturnReport(db, req.body)),
  );
};
