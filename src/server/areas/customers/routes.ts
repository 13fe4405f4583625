import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalText } from '../../../shared/api/common';
import {
  addNoteInput,
  customerFilterShape,
  customerInput,
  fullAddressQuery,
  getNotesInput,
  postcodeLookupQuery,
} from '../../../shared/api/customers';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import { contentDisposition } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import { exportCustomersCsv } from './export';
import { fullAddress, lookupPostcode } from './postcode';
import { addNote, createCustomer, customerBookings, getCustomer, listNotes, updateCustomer } from './queries';
import { findCustomersForTypeahead, listCustomers } from './service';

/** The customer object, flat or as `{customer: {...}}`. */
const customerBody = z.preprocess(
  (b) => (b && typeof b === 'object' && 'customer' in b && typeof b.customer === 'object' ? b.customer : b),
  customerInput,
);

/**
 * Customers (spec 2 §2 Customers, §7 'Customers and brochures'; spec 1 §7 postcode look-up and
 * notes). Create and update are role 1 only (spec 2 §6); reading, notes and the export are open to
 * any signed-in staff member.
 */
export const customerRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db, config }) => {
  const tags = ['customers'];
  app.post(
    '/customers/filtered/list',
    {
      config: { permission: 'customers.filteredList' },
      schema: {
        summary: 'Customer type-ahead: up to 20 customers whose name or postcode contains `search`.',
        tags,
        body: z.object({ search: z.string().max(100).optional().default('') }).optional(),
      },
    },
    async (req) => ({ status: true, data: await findCustomersForTypeahead(db, req.body?.search ?? '') }),
  );

  app.get(
    '/customers/table',
    {
      schema: {
        summary: 'Customers, DataTables protocol; optional pincode_search (postcode start) and open_search.',
        tags,
        querystring: z.strictObject({ ...dataTablesShape, ...customerFilterShape }),
      },
    },
    async (req) => listCustomers(db, req.query),
  );

  app.get(
    '/customers/export',
    {
      config: { permission: 'customers.export' },
      schema: {
        summary: 'The filtered customers list as customers.csv (spec 2 §2 CSV export), streamed.',
        tags,
        querystring: z.strictObject({
          ...customerFilterShape,
          /** The list's quick search, as text or as DataTables' search[value]. */
          search: z.union([optionalText(200), z.object({ value: optionalText(200) })]).optional(),
        }),
      },
    },
    async (req, reply) => {
      const search = req.query.search;
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('customers.csv'))
        .header('cache-control', 'no-store');
      return reply.send(
        exportCustomersCsv(db, {
          pincode_search: req.query.pincode_search,
          open_search: req.query.open_search,
          search: typeof search === 'object' ? search?.value : search,
        }),
      );
    },
  );

  app.get(
    '/customers/postcode/lookup',
    {
      schema: {
        summary:
          'Addresses for a UK postcode: data.suggestions [{id, address}] (getAddress.io with GETADDRESS_API_KEY, else addresses on file).',
        tags,
        querystring: postcodeLookupQuery,
      },
    },
    async (req) => ({
      success: true,
      data: { suggestions: await lookupPostcode(db, config, req.query.postcode) },
    }),
  );

  app.get(
    '/customers/postcode/full-address',
    {
      schema: {
        summary:
          'The full address of a suggestion: data {line_1..line_4, town_or_city, county, postcode, country}.',
        tags,
        querystring: fullAddressQuery,
      },
    },
    async (req) => ({ success: true, data: await fullAddress(db, config, req.query.address_id) }),
  );

  app.post(
    '/customers',
    {
      config: { permission: 'customers.create' },
      schema: { summary: 'Create a customer; answers data.id.', tags, body: customerBody },
    },
    async (req) => ok('Customer created successfully.', { data: { id: await createCustomer(db, req.body) } }),
  );

  app.get(
    '/customers/:id',
    { schema: { summary: 'One customer: data.', tags, params: idParams } },
    async (req) => ({ success: true, data: await getCustomer(db, req.params.id) }),
  );

  app.post(
    '/customers/:id',
    {
      config: { permission: 'customers.update' },
      schema: { summary: 'Update a customer (the whole form).', tags, params: idParams, body: customerBody },
    },
    async (req) => {
      await updateCustomer(db, req.params.id, req.body);
      return ok('Customer updated successfully.');
    },
  );

  app.get(
    '/customers/:id/bookings',
    {
      schema: {
        summary: "A customer's bookings: data.bookings (current) and data.old_bookings (earlier system).",
        tags,
        params: idParams,
      },
    },
    async (req) => ({ success: true, data: await customerBookings(db, req.params.id) }),
  );

  app.post(
    '/customer-note/get-notes',
    {
      config: { permission: 'customers.getNotes' },
      schema: { summary: "A customer's notes, newest first: note_list.", tags, body: getNotesInput },
    },
    async (req) => ({ status: true, note_list: await listNotes(db, req.body.customer_id) }),
  );

  app.post(
    '/customer-note/add-note',
    {
      config: { permission: 'customers.addNote' },
      schema: {
        summary:
          'Add a note (text in `comment`, or `note`) by the signed-in staff member; answers note_list.',
        tags,
        body: addNoteInput,
      },
    },
    async (req) => {
      await addNote(db, req.body.customer_id, req.body.note, req.user.id);
      return {
        status: true,
        message: 'Note added successfully.',
        note_list: await listNotes(db, req.body.customer_id),
      };
    },
  );
};
