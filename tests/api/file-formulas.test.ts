import { parse as parseCsv } from 'csv-parse/sync';
import { eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_PREFIX } from '../../src/server/app';
import { type Db, inTransaction, queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { createPortalSession } from '../../src/server/users/portal';
import { hashToken } from '../../src/server/users/service';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import {
  createAffiliate,
  createAgent,
  createBooking,
  createCustomer,
  createTourInstance,
} from '../helpers/factories';
import { branches, type JsonSchema, readRouteTable } from '../helpers/route-table';
import { unzip } from '../helpers/zip';

// Generated test of issue 'Safe on the open internet', point 5: no CSV or spreadsheet the product
// writes carries a live formula. No hand list of routes: every file route comes from the built
// app (route config `contract: 'file'`, see src/server/http/route.ts; plus a JSON GET route whose
// query offers the value 'export', which answers a file for it — the brochure-request export), so
// a file route added tomorrow is covered — or, when the test cannot call it, fails here.
//
// The data set: a small operator (a booking with its line, room, passengers, payment, flights,
// airline cost, invoices, an advert, brochure requests, stored uploads…), then EVERY text column of
// the public schema gets a formula-like value in front of what it holds (`poisonFreeText`), so
// whatever free text a file prints starts with = @ + - tab or CR. Every file route is then called
// (its request derived from the OpenAPI document; records' ids from a small table where a path
// names one), every CSV read with csv-parse and every xlsx with exceljs (zips opened and the CSV
// and xlsx inside read; PDFs and images are not spreadsheets), and:
//   - no cell's text starts with = + - @ tab or CR unless with the neutralising quote (a CSV cell
//     that is a plain number, e.g. a refund '-40.00', is a number, not text);
//   - no xlsx cell is a formula;
//   - every CSV and xlsx of a route's first request shows at least one neutralised value, so the
//     test cannot pass on empty files.

// ---------------------------------------------------------------------------------------------
// The file routes, read from a built app (registration touches no database).

interface FileRoute {
  method: string;
  /** Fastify form, e.g. '/api/invoices/:id/download'. */
  url: string;
  /** `method url`: the key of RECORD_PARAMS and of messages. */
  name: string;
  params: string[];
  query: { props: Record<string, JsonSchema>; required: string[] };
  body: { props: Record<string, JsonSchema>; required: string[] } | null;
  /** A JSON route's query value that makes it answer a file instead (type=export). */
  fileQuery?: Record<string, string>;
}

const typesOf = (schema: JsonSchema) =>
  new Set(branches(schema).flatMap((b) => (Array.isArray(b.type) ? b.type : b.type ? [b.type] : [])));
/** The values an enum (or a const) field takes, as text. */
const enumOf = (schema: JsonSchema): string[] =>
  branches(schema).flatMap((b) =>
    [...(b.enum ?? []), ...(b.const !== undefined ? [b.const] : [])].map(String),
  );
/** A 'YYYY-MM-DD' field (src/shared/api/common.ts `optionalYmd`). */
const isDate = (schema: JsonSchema) =>
  branches(schema).some((b) => b.format === 'date' || (b.pattern ?? '').includes('\\d{4}-\\d{2}-\\d{2}'));

/**
 * Every file route of the app: config `contract: 'file'`, or a JSON GET route whose query offers
 * 'export' (that value makes it answer a file), with its query and body schemas from OpenAPI.
 */
async function readFileRoutes(): Promise<FileRoute[]> {
  const { table, doc } = await readRouteTable();
  const out: FileRoute[] = [];
  for (const r of table) {
    if (!r.url.startsWith('/api') || r.url.startsWith(API_DOCS_PREFIX)) continue;
    const contract = (r.config as { contract?: string } | undefined)?.contract;
    for (const method of (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD')) {
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      const qps = op?.parameters?.filter((p) => p.in === 'query') ?? [];
      const exportParam = qps.find((p) => p.schema && enumOf(p.schema).includes('export'));
      if (contract !== 'file' && !(contract === 'json' && method === 'GET' && exportParam)) continue;
      const bodySchema = op?.requestBody ? Object.values(op.requestBody.content)[0]?.schema : undefined;
      const bodyObject = bodySchema && branches(bodySchema).find((b) => b.properties);
      out.push({
        method,
        url: r.url,
        name: `${method} ${r.url}`,
        params: [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]),
        query: {
          props: Object.fromEntries(qps.map((p) => [p.name, p.schema ?? {}])),
          required: qps.filter((p) => p.required).map((p) => p.name),
        },
        body:
          method === 'GET'
            ? null
            : { props: bodyObject?.properties ?? {}, required: bodyObject?.required ?? [] },
        fileQuery: contract === 'file' || !exportParam ? undefined : { [exportParam.name]: 'export' },
      });
    }
  }
  return out;
}

const fileRoutes = await readFileRoutes();

// ---------------------------------------------------------------------------------------------
// The data set.

/** A 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A minimal PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** The records a route's path names (RECORD_PARAMS). */
interface Fixture {
  bookingId: number;
  documentId: number;
  historyId: number;
  recordId: number;
  airlineCostId: number;
  airlineId: number;
  tourId: number;
  groupId: number;
  groupFile: string;
  groupPaymentId: number;
  invoiceId: number;
  advertId: number;
  backupName: string;
  /** The customer's side (issue #23): a document issued to the customer, and a portal session of its booking. */
  customerRecordId: number;
  portalToken: string;
  /** The travel agent's side (issue #25): the agency's booking, a record issued to it, a session. */
  agencyBookingId: number;
  agencyRecordId: number;
  agentToken: string;
  /** GDPR (issue #27): the customer and their finished subject access export's job. */
  customerId: number;
  subjectAccessJobId: number;
}

/**
 * The record a route serves, where its path (or an id field of its body or query) names one: the
 * one thing the OpenAPI document cannot tell — which row of which table holds a file. Everything
 * else of a request is derived from the schemas (`firstRequest`). A route with a path parameter
 * missing here is reported as not called: the test fails until it is added.
 */
const RECORD_PARAMS: Record<
  string,
  (fx: Fixture) => { params?: Record<string, string | number>; query?: object; body?: object }
> = {
  'GET /api/bookings/:id/additional-documents/download': (fx) => ({ params: { id: fx.documentId } }),
  'POST /api/download-booking-history-document': (fx) => ({
    body: { id: fx.historyId, document_id: fx.documentId },
  }),
  'POST /api/update-booking/download-supplement-costing-doc': (fx) => ({
    body: { airline_id: fx.airlineCostId },
  }),
  'GET /api/bookings/document/:file': (fx) => ({ params: { file: `${fx.bookingId}-invoice.pdf` } }),
  'GET /api/bookings/document/:file/download': (fx) => ({ params: { file: `${fx.bookingId}-invoice.pdf` } }),
  'GET /api/bookings/document-record/:recordId/download': (fx) => ({ params: { recordId: fx.recordId } }),
  'POST /api/affiliates/download-artwork/:advertId': (fx) => ({ params: { advertId: fx.advertId } }),
  'GET /api/airlines/airline-instruction/:id/download': (fx) => ({ params: { id: fx.airlineId } }),
  'GET /api/tours/tours-document/:id/download': (fx) => ({ params: { id: fx.tourId } }),
  'POST /api/suppliers/download-internal-payment-invocie/:id': (fx) => ({
    params: { id: fx.groupPaymentId },
  }),
  'GET /api/invoices/:id/download': (fx) => ({ params: { id: fx.invoiceId } }),
  'POST /api/tours/groups/:id/documents': (fx) => ({ params: { id: fx.groupId } }),
  'POST /api/tours/groups/:id/documents/pdf': (fx) => ({ params: { id: fx.groupId } }),
  'GET /api/tours/groups/document/:file/download': (fx) => ({ params: { file: fx.groupFile } }),
  'POST /api/download-backup': (fx) => ({ query: { id: fx.backupName } }),
  'GET /api/portal/booking/documents/:id': (fx) => ({ params: { id: fx.customerRecordId } }),
  'GET /api/agent/bookings/:id/documents/:documentId': (fx) => ({
    params: { id: fx.agencyBookingId, documentId: fx.agencyRecordId },
  }),
  'GET /api/agent/bookings/:id/agent-invoice': (fx) => ({ params: { id: fx.agencyBookingId } }),
  // The month of the fixture's departure (01/06/2027), which holds the agency's booking.
  'GET /api/agent/statement.xlsx': () => ({ query: { month: '2027-06' } }),
  'GET /api/agent/statement.pdf': () => ({ query: { month: '2027-06' } }),
  'GET /api/brochures/requests/batches/:batch_id/download': () => ({ params: { batch_id: BATCH_ID } }),
  // The VAT quarter holding the fixture's departure (01/06/2027): its lead name is the formula-like one.
  'POST /api/reports/toms-working': () => ({ body: { quarter: '2027-04' } }),
  'GET /api/customers/:id/subject-access/:job_id': (fx) => ({
    params: { id: fx.customerId, job_id: fx.subjectAccessJobId },
  }),
};

/** The processed cover-letter batch of the fixture (ids start with the London date and time). */
const BATCH_ID = '20270101-0900-a3f9';

/** Files that print no stored text (a fixed template): no neutralised value is expected in them. */
const PRINTS_NO_STORED_TEXT = new Set(['GET /api/csvupload/template']);

/**
 * A small operator with one of everything a file prints. Rows go in directly (factories and
 * inserts); what the product makes itself — an uploaded document, a generated booking document,
 * a stored group PDF, a backup — through its own routes.
 */
async function buildFixture(t: TestContext): Promise<Fixture> {
  const db = t.db;
  const store = t.app.files;
  const call = async (method: 'GET' | 'POST', url: string, payload?: object, headers: object = {}) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...bearer(t.adminToken), ...headers },
      payload,
    });
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res;
  };

  const customer = await createCustomer(db, { title: 'Mrs', first_name: 'Ann', last_name: 'Lee' });
  const agent = await createAgent(db);
  const affiliate = await createAffiliate(db);
  const [supplier] = await db.insert(s.suppliers).values({ supplier_name: 'Sun Hotels' }).returning();
  const [resort] = await db.insert(s.resorts).values({ resort_name: 'Algarve' }).returning();
  const x = await createTourInstance(db, { tour_type: 'air', departure_date: '2027-06-01' });
  await db
    .update(s.accommodations)
    .set({ resort_id: resort.id, supplier_id: supplier.id })
    .where(eq(s.accommodations.id, x.hotel.id));
  const airports = Object.fromEntries(
    (
      await queryRows<{ id: number; iata_code: string }>(
        db,
        sql`select id, iata_code from airports where iata_code in ('LGW', 'FAO')`,
      )
    ).map((a) => [a.iata_code, a.id]),
  );
  await db
    .update(s.tour_instances)
    .set({ departure_airport_id: airports.LGW })
    .where(eq(s.tour_instances.id, x.instance.id));
  await db
    .update(s.tours)
    .set({
      information_doc_path: await store.save('tours', PDF, 'pdf'),
      information_doc_name: 'Itinerary.pdf',
    })
    .where(eq(s.tours.id, x.tour.id));
  const [airline] = await db
    .insert(s.airlines)
    .values({
      name: 'Jet2',
      instruction_doc_path: await store.save('airlines', PDF, 'pdf'),
      instruction_doc_name: 'Check-in.pdf',
    })
    .returning();
  for (const [from, to, at] of [
    ['LGW', 'FAO', '2027-06-01 07:00:00'],
    ['FAO', 'LGW', '2027-06-05 18:00:00'],
  ]) {
    const [f] = await db
      .insert(s.flights)
      .values({
        flight_number: `LS${from}`,
        airline_id: airline.id,
        departure_airport_id: airports[from],
        arrival_airport_id: airports[to],
        departure_time: at,
        arrival_time: at.replace(/ \d\d/, ' 23'),
      })
      .returning();
    await db.insert(s.tour_instance_flights).values({ tour_instance_id: x.instance.id, flight_id: f.id });
  }

  const [atol] = await queryRows<{ id: number }>(db, sql`select id from bonding_types where name = 'ATOL'`);
  const booking = await createBooking(db, {
    customer_id: customer.id,
    affiliate_id: affiliate.id,
    bonding_type: atol.id,
    status: 'Confirmed',
    total_due: '1048.00',
    paid: '100.00',
    balance: '948.00',
    balance_due: '2027-03-01',
    special_request: 'Ground floor',
    instance: x.instance,
    airline_ref: 'JET2-1',
  });
  const agencyBooking = await createBooking(db, {
    agent_id: agent.id,
    status: 'Confirmed',
    instance: x.instance,
  });
  const [line] = await db
    .update(s.tour_bookings)
    .set({ tour_room_id: x.tourRoom.id, special_requests: 'Twin beds', airline_flight_cost: '120.00' })
    .where(eq(s.tour_bookings.holiday_booking_id, booking.id))
    .returning();
  const [passenger] = await db
    .insert(s.passengers)
    .values({
      holiday_booking_id: booking.id,
      title: 'Mrs',
      first_name: 'Ann',
      last_name: 'Lee',
      dob: '1960-01-01',
      passport_no: '123456789',
      passport_nationality: 'British',
    })
    .returning();
  await db.insert(s.tour_booking_passengers).values({ tour_booking_id: line.id, passenger_id: passenger.id });
  await db.execute(sql`insert into payments (holiday_booking_id, payment_method, payment_amount, transaction_id)
    values (${booking.id}, 'bacs', '100.00', 'BACS-1')`);
  // Issue #27: a cancelled booking owing a refund (the Refunds report) and a certificate issued in
  // the first quarter of 2026 (the ATOL APC return's example period).
  await createBooking(db, {
    customer_id: customer.id,
    status: 'Cancelled',
    cancelled_at: '2026-02-02T10:00:00Z',
    cancellation_charge: '0.00',
    paid: '50.00',
    balance: '-50.00',
  });
  await db.insert(s.atol_certificates).values({
    holiday_booking_id: booking.id,
    version: 1,
    reference: `${booking.booking_ref}-1`,
    reason: 'First payment recorded',
    fingerprint: 'f',
    passengers_protected: 1,
    apc_passengers: 1,
    apc_per_passenger: '2.50',
    apc_total: '2.50',
    licensable_revenue: '1048.00',
    issued_at: '2026-02-01T10:00:00Z',
  });
  await db.execute(sql`insert into monthly_accounts (year, month, account_number)
    values (extract(year from now())::int, extract(month from now())::int, '4001')`);
  const [cost] = await db
    .insert(s.tour_booking_airline_costs)
    .values({
      tour_booking_id: line.id,
      airline_ref: 'JET2-1',
      flight_cost: '120.00',
      airline_invoice_name: 'Jet2 invoice.pdf',
      airline_invoice_path: await store.save('airline-invoices', PDF, 'pdf'),
    })
    .returning();

  const [manager] = await db
    .insert(s.tour_managers)
    .values({
      firstname: 'Fiona',
      lastname: 'Baxter',
      email: 'tm@example.test',
      mobile_number: '07700 900456',
      telephone_number: '020 7946 0000',
    })
    .returning();
  const invoice = (party: Partial<typeof s.party_invoices.$inferInsert>) => ({
    invoice_for: 'supplier' as const,
    invoice_number: 'INV-1',
    currency_type: 'Sterling' as const,
    currency_exchange_rate: '1',
    invoice_amount: '500.00',
    invoice_date: '2027-05-02',
    invoice_due_date: '2027-06-30',
    total_paid: '100.00',
    ...party,
  });
  const [supplierInvoice] = await db
    .insert(s.party_invoices)
    .values(
      invoice({
        supplier_id: supplier.id,
        payment_invoice_file_key: await store.save('invoices', PDF, 'pdf'),
        payment_invoice_name: 'Sun Hotels invoice.pdf',
      }),
    )
    .returning();
  const [managerInvoice] = await db
    .insert(s.party_invoices)
    .values(invoice({ invoice_for: 'tour_manager', tour_manager_id: manager.id }))
    .returning();
  for (const inv of [supplierInvoice, managerInvoice])
    await db.insert(s.invoice_payments).values({
      invoice_id: inv.id,
      paid_amount: '100.00',
      payment_mode: 'bank',
      payment_date: '2027-05-10',
    });
  const [groupPayment] = await db
    .insert(s.tour_group_payments)
    .values({ tour_group_id: x.group.id, payment_for: 1, supplier_id: supplier.id, estimated_cost: '100.00' })
    .returning();

  const [size] = await db.insert(s.advertise_sizes).values({ size_name: 'Half page' }).returning();
  const [advert] = await db
    .insert(s.advertisements)
    .values({
      affiliate_id: affiliate.id,
      size_id: size.id,
      placemenet_date: '2020-01-01',
      expiry_date: '2027-12-31',
      submission_deadline_date: '2019-12-01',
      total_cost: '450.00',
      invoice_number: 'AD-1',
      invoice_amount: '450.00',
      invoice_due_date: '2020-02-01',
      graphic_file_key: await store.save('adverts', GIF, 'gif'),
      graphic_name: 'Artwork.gif',
      invoice_file_key: await store.save('adverts', PDF, 'pdf'),
      invoice_name: 'Artwork invoice.pdf',
    })
    .returning();
  await db
    .insert(s.advertisement_products)
    .values({ advertisement_id: advert.id, tour_id: x.tour.id, amount: '0' });

  const [brochure] = await db.insert(s.brochures).values({ brochure_name: 'Summer 2027' }).returning();
  await db.insert(s.brochure_requests).values([
    { brochure_id: brochure.id, customer_id: customer.id },
    {
      brochure_id: brochure.id,
      affiliate_id: affiliate.id,
      requester_first_name: 'Ada',
      requester_last_name: 'Lovelace',
      requester_email: 'ada@example.test',
      requester_street_address: '12 St James Square',
      requester_town: 'London',
      requester_postcode: 'SW1Y 4JH',
    },
    // Processed earlier, its zip no longer kept: the batch download makes the letters again.
    { brochure_id: brochure.id, customer_id: customer.id, sent: true, batch_id: BATCH_ID },
  ]);

  // What the product makes itself.
  const form = new FormData();
  form.append('files[0]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'Passport.pdf');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const uploaded = await call(
    'POST',
    `/api/bookings/${booking.id}/additional-documents`,
    Buffer.from(await request.arrayBuffer()),
    { 'content-type': request.headers.get('content-type') },
  );
  const documentId = uploaded.json().data[0].id;
  const [history] = await queryRows<{ id: number }>(
    db,
    sql`select id from booking_history where holiday_booking_id = ${booking.id} and document_name is not null`,
  );
  const generated = await call('GET', `/api/bookings/${booking.id}/documents/invoice?type=download`);
  // The same PDF as issued to the customer, and a portal session of the booking (issue #23).
  const [customerRecord] = await queryRows<{ id: number }>(
    db,
    sql`insert into booking_document_records (holiday_booking_id, doc_type, name, created_for, file_key, size_bytes)
        select holiday_booking_id, doc_type, name, 'customer', file_key, size_bytes from booking_document_records
        where id = ${generated.json().data.record_id} returning id`,
  );
  const portal = await createPortalSession(db, {
    bookingId: booking.id,
    via: 'code',
    email: String(customer.email).toLowerCase(),
    customerId: customer.id,
  });
  // The travel agent's side (issue #25): a document issued to the agency on its booking, and a session.
  const [agencyRecord] = await queryRows<{ id: number }>(
    db,
    sql`insert into booking_document_records (holiday_booking_id, doc_type, name, created_for, file_key, size_bytes)
        select ${agencyBooking.id}, doc_type, name, 'agent', file_key, size_bytes from booking_document_records
        where id = ${generated.json().data.record_id} returning id`,
  );
  const agentToken = `file-formulas-agent-${Date.now()}-000000000000000000`;
  await db.execute(
    sql`insert into agent_sessions (agent_id, token_hash, expires_at)
        values (${agent.id}, ${hashToken(agentToken)}, now() + interval '1 day')`,
  );
  const printed = await call('POST', `/api/tours/groups/${x.group.id}/documents/pdf/print`, {
    document: 'rooming',
    excludeCancellations: false,
  });
  const started = await call('POST', '/api/create-backups', {
    backup_type: 'project',
    backup_folders: ['files/airlines'],
  });
  let job = { status: 'running', result: { summary: '' }, error: '' };
  for (let i = 0; i < 200 && job.status !== 'done' && job.status !== 'failed'; i++) {
    if (i) await new Promise((r) => setTimeout(r, 50));
    job = (await call('GET', `/api/jobs/${started.json().job_id}`)).json();
  }
  expect(job.status, job.error).toBe('done');
  const backups = (await call('POST', '/api/get-backups')).json().data as { id: string }[];
  const access = (await call('POST', `/api/customers/${customer.id}/subject-access`)).json().data
    .job_id as number;
  job = { status: 'running', result: { summary: '' }, error: '' };
  for (let i = 0; i < 200 && job.status !== 'done' && job.status !== 'failed'; i++) {
    if (i) await new Promise((r) => setTimeout(r, 50));
    job = (await call('GET', `/api/jobs/${access}`)).json();
  }
  expect(job.status, job.error).toBe('done');

  return {
    bookingId: booking.id,
    documentId,
    historyId: history.id,
    recordId: generated.json().data.record_id,
    customerRecordId: customerRecord.id,
    portalToken: portal.token,
    agencyBookingId: agencyBooking.id,
    agencyRecordId: agencyRecord.id,
    agentToken,
    airlineCostId: cost.id,
    airlineId: airline.id,
    tourId: x.tour.id,
    groupId: x.group.id,
    groupFile: printed.json().file,
    groupPaymentId: groupPayment.id,
    invoiceId: supplierInvoice.id,
    advertId: advert.id,
    backupName: backups[0].id,
    customerId: customer.id,
    subjectAccessJobId: access,
  };
}

// ---------------------------------------------------------------------------------------------
// Every text column gets a formula in front.

/** What an attacker types into a name, an address, a reference: each a formula in a spreadsheet. */
const FORMULAS = [
  '=HYPERLINK("http://evil.example","x")',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '+1+1',
  '-1+1',
  '\t=1+1',
  '\r=1+1',
];

/**
 * Left as they are — values the code reads rather than prints, whose change would only break the
 * data set: the tables of sign-in, jobs, mail, auditing and the file store (machinery no file
 * prints; a job row drives the report runs) and system_settings (numbers and flags); columns declared with a list
 * of values in db/schema (codes: payment methods, tour types…; `codeColumns`); columns naming a
 * stored file or a secret (`*_key`, `*_path`, `*_hash`: a changed key is a missing file); and the
 * codes the schema does not declare as lists, by name (booking status, document and history
 * types, a currency's or a country's or an airport's code, an email template's slug, a brochure
 * batch's id).
 */
const SKIP_TABLES = new Set([
  'user_tokens',
  'login_failures',
  'agent_password_resets',
  'background_jobs',
  'email_outbox',
  'audit_log',
  'table_row_counts',
  'system_settings',
  // The file store's own tables (on PostgreSQL): a changed key is a missing file.
  'stored_files',
  'backup_files',
]);
const SKIP_COLUMN = /(_key|_path|_hash)$/;
const CODE_NAMES = new Set([
  'status',
  'type',
  'tour_type',
  'doc_type',
  'created_for',
  'created_from',
  'currency',
  'short_name',
  'template_slug',
  'iso_code',
  'iata_code',
  'icao_code',
  'country_code',
  // A processed batch's id names it in a path (and in the file store's key).
  'batch_id',
]);

/** 'table.column' of every text column declared with a list of values (`text(…, { enum })`). */
function codeColumns(): Set<string> {
  const out = new Set<string>();
  for (const table of Object.values(s)) {
    if (!is(table, PgTable)) continue;
    for (const column of Object.values(getTableColumns(table)))
      if ((column as { enumValues?: unknown[] }).enumValues?.length)
        out.add(`${getTableName(table)}.${column.name}`);
  }
  return out;
}

/**
 * Puts a formula (one of FORMULAS, by the value's length) in front of every value (NULL too) of
 * every text column of the public schema, each column in its own savepoint: a column whose
 * constraint refuses the formulas tries them shifted, then only its non-NULL values (a unique
 * column of NULLs); one that refuses them all keeps its values. Answers the columns changed.
 */
async function poisonFreeText(db: Db): Promise<string[]> {
  const columns = await queryRows<{ t: string; c: string }>(
    db,
    sql`select c.table_name as t, c.column_name as c
        from information_schema.columns c
        join information_schema.tables x on x.table_schema = c.table_schema and x.table_name = c.table_name
        where c.table_schema = 'public' and x.table_type = 'BASE TABLE'
          and c.data_type in ('text', 'character varying') and c.is_generated = 'NEVER'
        order by 1, 2`,
  );
  const codes = codeColumns();
  const changed: string[] = [];
  await inTransaction(db, async (tx) => {
    for (const { t, c } of columns) {
      if (SKIP_TABLES.has(t) || SKIP_COLUMN.test(c) || CODE_NAMES.has(c) || codes.has(`${t}.${c}`)) continue;
      const col = sql.identifier(c);
      const value = sql`coalesce(${col}, '')`;
      // The formula is picked by the value itself (its length), so equal values stay equal: a
      // history entry still names its document by the document's name.
      const formulas = sql`(array[${sql.join(
        FORMULAS.map((f) => sql`${f}`),
        sql`, `,
      )}])`;
      const attempts = [sql``, sql`where ${col} is not null`].flatMap((where) =>
        FORMULAS.map((_, shift) => ({ shift, where })),
      );
      for (const { shift, where } of attempts) {
        const done = await tx
          .transaction(async (sp) => {
            await sp.execute(
              sql`update ${sql.identifier(t)}
                  set ${col} = ${formulas}[1 + (length(${value}) + ${shift}::int) % ${FORMULAS.length}::int] || ${value}
                  ${where}`,
            );
          })
          .then(
            () => true,
            () => false,
          );
        if (done) {
          changed.push(`${t}.${c}`);
          break;
        }
      }
    }
  });
  return changed;
}

// ---------------------------------------------------------------------------------------------
// Requests, derived from the OpenAPI document.

const FAR_PAST = '2000-01-01';
const FAR_FUTURE = '2099-12-31';
/** A date field's widest value: from/start fields the far past, to/end fields the far future. */
const wideDate = (name: string) => (/start|from/i.test(name) ? FAR_PAST : FAR_FUTURE);

interface FileRequest {
  query: Record<string, unknown>;
  body?: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------
// Reading the files back.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r]/;
/** A CSV cell that is a number (an amount, a count): not text, so never prefixed. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

interface Findings {
  problems: string[];
  /** Neutralised values seen per spreadsheet file, by its label. */
  neutralised: Map<string, number>;
}

function checkText(f: Findings, file: string, where: string, read: string, csv: boolean) {
  // An xlsx is XML: a CR written into a cell reads back as LF, so a leading LF was a CR.
  const text = csv ? read : read.replace(/^('?)\n/, '$1\r');
  if (NEUTRALISED.test(text)) f.neutralised.set(file, (f.neutralised.get(file) ?? 0) + 1);
  else if (FORMULA_START.test(text) && !(csv && PLAIN_NUMBER.test(text)))
    f.problems.push(`${file} ${where}: ${JSON.stringify(text.slice(0, 60))}`);
}

function checkCsv(f: Findings, file: string, data: Buffer) {
  f.neutralised.set(file, f.neutralised.get(file) ?? 0);
  const rows = parseCsv(data, { bom: true, relax_column_count: true }) as string[][];
  rows.forEach((row, r) => {
    row.forEach((cell, c) => {
      checkText(f, file, `row ${r + 1} column ${c + 1}`, cell, true);
    });
  });
}

async function checkXlsx(f: Findings, file: string, data: Buffer) {
  f.neutralised.set(file, f.neutralised.get(file) ?? 0);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  wb.eachSheet((ws) => {
    ws.eachRow((row) => {
      row.eachCell((cell) => {
        const at = `${ws.name}!${cell.address}`;
        const v = cell.value as unknown;
        const object = v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
        if (
          cell.type === ExcelJS.ValueType.Formula ||
          cell.formula ||
          (object && ('formula' in object || 'sharedFormula' in object))
        )
          f.problems.push(`${file} ${at} is a formula: ${JSON.stringify(v)}`);
        const text =
          typeof v === 'string'
            ? v
            : object && Array.isArray(object.richText)
              ? (object.richText as { text: string }[]).map((x) => x.text).join('')
              : object && typeof object.text === 'string'
                ? object.text
                : null;
        if (text !== null) checkText(f, file, at, text, false);
      });
    });
  });
}

const isZip = (b: Buffer) => b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

/**
 * Checks one file answer: a CSV (by its type or name), an xlsx, or a zip whose .csv and .xlsx
 * entries are checked; anything else (PDF, image, a database dump) is no spreadsheet. Answers the
 * labels of the spreadsheet files it read.
 */
async function checkFile(f: Findings, label: string, res: LightMyRequestResponse): Promise<string[]> {
  const data = res.rawPayload;
  const name = /filename="([^"]*)"/.exec(String(res.headers['content-disposition'] ?? ''))?.[1] ?? '';
  if (String(res.headers['content-type']).startsWith('text/csv') || /\.csv$/i.test(name)) {
    checkCsv(f, label, data);
    return [label];
  }
  if (!isZip(data)) return [];
  const entries = await unzip(data);
  if (entries.has('xl/workbook.xml')) {
    await checkXlsx(f, label, data);
    return [label];
  }
  const read: string[] = [];
  for (const [entry, bytes] of entries) {
    const inner = `${label} » ${entry}`;
    if (/\.csv$/i.test(entry)) checkCsv(f, inner, bytes);
    else if (/\.xlsx$/i.test(entry)) await checkXlsx(f, inner, bytes);
    else continue;
    read.push(inner);
  }
  return read;
}

// ---------------------------------------------------------------------------------------------

describe('the file routes', () => {
  it('are read from the app: reports, exports, documents and stored files', () => {
    const names = fileRoutes.map((r) => r.name);
    expect(names.length).toBeGreaterThan(25);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/reports/daybook',
        'POST /api/reports/airline-costing-report',
        'GET /api/customers/export',
        'GET /api/brochures/requests/filter',
        'POST /api/tours/groups/:id/documents',
      ]),
    );
  });
});

describe.each(testDbKinds)('no formula in any CSV or spreadsheet, on %s', (kind) => {
  let t: TestContext;
  let fx: Fixture;
  let poisoned: string[];
  beforeAll(async () => {
    t = await createTestContext(kind);
    fx = await buildFixture(t);
    poisoned = await poisonFreeText(t.db);
  });
  afterAll(async () => t?.close());

  const tables = new Map<string, number[]>();
  /** The ids of the table a field names ('affiliate' → affiliates, 'selected_tours' → tours). */
  async function idsFor(field: string): Promise<number[]> {
    const stem = field.replace(/^selected_?/i, '').replace(/(_ids?|_name|Id)$/, '');
    for (const table of [stem, `${stem}s`, stem.replace(/y$/, 'ies')]) {
      if (!tables.has(table)) {
        const ok = await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from information_schema.columns
              where table_schema = 'public' and table_name = ${table} and column_name = 'id'`,
        );
        tables.set(
          table,
          ok[0].n
            ? (
                await queryRows<{ id: number }>(
                  t.db,
                  sql`select id from ${sql.identifier(table)} order by id`,
                )
              ).map((r) => r.id)
            : [],
        );
      }
      const ids = tables.get(table) ?? [];
      if (ids.length) return ids;
    }
    return [];
  }

  /** A value of a field its schema accepts: an enum's first, a wide date, false, the ids it names. */
  async function valueFor(name: string, schema: JsonSchema): Promise<unknown> {
    const choices = enumOf(schema);
    if (choices.length) return choices[0];
    if (isDate(schema)) return wideDate(name);
    // A patterned text field (a return period '2026-Q1') names a valid value as its example.
    const example = branches(schema).find((b) => b.example !== undefined)?.example;
    if (example !== undefined) return example;
    const types = typesOf(schema);
    if (types.has('boolean')) return false;
    if (types.has('array')) return idsFor(name);
    if (types.has('integer') || types.has('number')) return (await idsFor(name))[0] ?? 1;
    return 'x';
  }

  const send = (r: FileRoute, params: Record<string, string | number>, req: FileRequest) => {
    const url = r.url.replace(/:(\w+)/g, (_, p: string) => encodeURIComponent(String(params[p])));
    const query = qs.stringify(req.query);
    return t.app.inject({
      method: r.method as 'GET',
      url: query ? `${url}?${query}` : url,
      // The customer's and the agent's sides answer only their own realm's token.
      headers: bearer(
        r.url.startsWith('/api/portal/')
          ? fx.portalToken
          : r.url.startsWith('/api/agent/')
            ? fx.agentToken
            : t.adminToken,
      ),
      payload: req.body,
    });
  };

  /**
   * The route's first request: its record's path (RECORD_PARAMS), its required fields, and then
   * whatever a 422 names — a date refused fills every date field of that part with the widest
   * range, any other field gets `valueFor` — until it answers (at most four tries).
   */
  async function firstRequest(r: FileRoute, params: Record<string, string | number>, given: FileRequest) {
    const req: FileRequest = {
      query: { ...given.query, ...r.fileQuery },
      body: r.body ? { ...given.body } : undefined,
    };
    const parts = [
      { props: r.query.props, required: r.query.required, values: req.query },
      ...(r.body && req.body ? [{ ...r.body, values: req.body }] : []),
    ];
    for (const p of parts)
      for (const name of p.required)
        if (p.values[name] === undefined) p.values[name] = await valueFor(name, p.props[name]);
    let res = await send(r, params, req);
    for (let tries = 0; tries < 4 && res.statusCode === 422; tries++) {
      const refused = Object.keys((res.json() as { errors?: object }).errors ?? {});
      let changed = false;
      for (const name of refused) {
        const part = parts.find((p) => p.props[name]);
        if (!part || part.values[name] !== undefined) continue;
        if (isDate(part.props[name])) {
          for (const [field, schema] of Object.entries(part.props))
            if (isDate(schema) && part.values[field] === undefined) part.values[field] = wideDate(field);
        } else part.values[name] = await valueFor(name, part.props[name]);
        changed = true;
      }
      if (!changed) break;
      res = await send(r, params, req);
    }
    return { req, res };
  }

  /** The first request again with one enum field set to each of its other values. */
  function variants(r: FileRoute, first: FileRequest): FileRequest[] {
    const out: FileRequest[] = [];
    const parts: ['query' | 'body', Record<string, JsonSchema>][] = [
      ['query', r.query.props],
      ['body', r.body?.props ?? {}],
    ];
    for (const [part, props] of parts)
      for (const [name, schema] of Object.entries(props)) {
        if (r.fileQuery?.[name] !== undefined) continue;
        for (const value of enumOf(schema)) {
          const values = first[part] ?? {};
          if (values[name] === value) continue;
          out.push({ ...first, [part]: { ...values, [name]: value } });
        }
      }
    return out;
  }

  it('the data set holds a formula in every free-text column', () => {
    expect(poisoned.length).toBeGreaterThan(100);
    expect(poisoned).toEqual(
      expect.arrayContaining([
        'customers.first_name',
        'payments.transaction_id',
        'airlines.name',
        'agents.name',
      ]),
    );
  });

  it('every file route answers, and none writes a live formula', async () => {
    const findings: Findings = { problems: [], neutralised: new Map() };
    const notCalled: string[] = [];
    const mustShow: string[] = [];
    for (const r of fileRoutes) {
      const given = RECORD_PARAMS[r.name]?.(fx) ?? {};
      const params = given.params ?? {};
      const missing = r.params.filter((p) => params[p] === undefined);
      if (missing.length) {
        notCalled.push(`${r.name}: no record for :${missing.join(', :')} (add it to RECORD_PARAMS)`);
        continue;
      }
      const { req, res } = await firstRequest(r, params, {
        query: (given.query ?? {}) as Record<string, unknown>,
        body: given.body as Record<string, unknown> | undefined,
      });
      if (res.statusCode !== 200 || String(res.headers['content-type']).startsWith('application/json')) {
        notCalled.push(`${r.name} ${JSON.stringify(req)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      const files = await checkFile(findings, r.name, res);
      if (!PRINTS_NO_STORED_TEXT.has(r.name)) mustShow.push(...files);
      for (const v of variants(r, req)) {
        const other = await send(r, params, v);
        const label = `${r.name} ${JSON.stringify(v)}`;
        if (other.statusCode >= 500)
          findings.problems.push(`${label} → ${other.statusCode} ${other.body.slice(0, 200)}`);
        else if (other.statusCode === 200) await checkFile(findings, label, other);
      }
    }
    expect(notCalled).toEqual([]);
    expect(findings.problems).toEqual([]);
    expect(mustShow.filter((file) => !findings.neutralised.get(file))).toEqual([]);
    // Reports, exports and group documents all read: the check is not vacuous.
    expect(mustShow.length).toBeGreaterThan(12);
  });
});
