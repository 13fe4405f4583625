import type { FastifyPluginAsync } from 'fastify';
import { customersApi } from '../../../shared/api/customers';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { contentDisposition } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import { exportCustomersCsv } from './export';
import { fullAddress, lookupPostcode } from './postcode';
import { addNote, createCustomer, customerBookings, getCustomer, listNotes, updateCustomer } from './queries';
import { findCustomersForTypeahead, findLikelyDuplicates, listCustomers } from './service';

/**
 * Customers (spec 2 §2 Customers, §7 'Customers and brochures'; spec 1 §7 postcode look-up and
 * notes): the endpoints of `customersApi`. Create and update are role 1 only (spec 2 §6); reading,
 * notes and the export are open to any signed-in staff member.
 */
export const customerRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db, config }) => {
  const tags = ['customers'];
  route(app, customersApi.filteredList, { tags }, async (req) => ({
    status: true as const,
    data: await findCustomersForTypeahead(db, req.body?.search ?? ''),
  }));
  route(app, customersApi.table, { tags }, async (req) => listCustomers(db, req.query));
  route(app, customersApi.export, { tags }, async (req, reply) => {
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
  });
  route(app, customersApi.postcodeLookup, { tags }, async (req) => ({
    success: true as const,
    data: { suggestions: await lookupPostcode(db, config, req.query.postcode) },
  }));
  route(app, customersApi.fullAddress, { tags }, async (req) => ({
    success: true as const,
    data: await fullAddress(db, config, req.query.address_id),
  }));
  route(app, customersApi.likelyDuplicates, { tags }, async (req) => ({
    success: true as const,
    data: await findLikelyDuplicates(db, req.query),
  }));
  route(app, customersApi.create, { tags }, async (req) =>
    ok('Customer created successfully.', { data: { id: await createCustomer(db, req.body) } }),
  );
  route(app, customersApi.get, { tags }, async (req) => ({
    success: true as const,
    data: await getCustomer(db, req.params.id),
  }));
  route(app, customersApi.update, { tags }, async (req) => {
    await updateCustomer(db, req.params.id, req.body);
    return ok('Customer updated successfully.');
  });
  route(app, customersApi.bookings, { tags }, async (req) => ({
    success: true as const,
    data: await customerBookings(db, req.params.id),
  }));
  route(app, customersApi.getNotes, { tags }, async (req) => ({
    status: true as const,
    note_list: await listNotes(db, req.body.customer_id),
  }));
  route(app, customersApi.addNote, { tags }, async (req) => {
    await addNote(db, req.body.customer_id, req.body.note, req.user.id);
    return {
      status: true as const,
      message: 'Note added successfully.',
      note_list: await listNotes(db, req.body.customer_id),
    };
  });
};
