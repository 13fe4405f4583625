import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalYmd } from '../../../shared/api/common';
import {
  bulkAccommodationInput,
  excludeAccommodationInput,
  groupAccommodationInput,
  groupCreateInput,
  groupInput,
  groupLinkInput,
  instancePickupsInput,
  tourAccommodationInput,
  transfersInput,
} from '../../../shared/api/tour-catalogue';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import type { AreaDeps } from '../deps';
import { addTourAccommodation, setAccommodationExcluded } from '../tours/accommodation-queries';
import { bulkUpdateAccommodation, groupAccommodationOfBookings } from './bulk-accommodation';
import {
  checkGroupDeletion,
  createGroup,
  deleteGroup,
  getGroup,
  groupTable,
  groupTourId,
  linkGroup,
  tourGroups,
  unlinkGroup,
  updateGroup,
} from './queries';
import { fetchInstancesData, instancePickups, updateTransfers } from './transfers';

/**
 * Tour groups (spec 3 §2 Tour group, §7 Groups): dated departures of a tour, their accommodation
 * exclusions, links, transfers and the bulk accommodation update of their bookings. Documents and
 * internal payments come with later issues. Writes are role 1 only (spec 3 §6).
 */
export const groupRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['groups'];
  app.get(
    '/tours/:id/groups/table',
    {
      schema: {
        tags,
        summary:
          "A tour's groups, DataTables protocol: start_date, region_name, passenger_count, id (default start date descending); show_taken_places=yes adds taken_places.",
        params: idParams,
        querystring: z.strictObject({
          ...dataTablesShape,
          show_taken_places: z.enum(['yes', 'no']).optional(),
        }),
      },
    },
    async (req) => {
      const { show_taken_places, ...table } = req.query;
      return groupTable(db, req.params.id, table, show_taken_places === 'yes');
    },
  );
  app.get(
    '/tours/:id/groups',
    {
      schema: {
        tags,
        summary:
          "A tour's groups by start date (optional departureFromDate, departureToDate): data [{id, start_date, internal_payments}].",
        params: idParams,
        querystring: z.object({
          departureFromDate: optionalYmd,
          departureToDate: optionalYmd,
          serviceEstimateCost: z.string().optional(),
        }),
      },
    },
    async (req) => ({
      success: true,
      data: await tourGroups(db, req.params.id, req.query.departureFromDate, req.query.departureToDate),
    }),
  );
  app.post(
    '/tours/groups',
    {
      config: { permission: 'groups.create' },
      schema: {
        tags,
        summary:
          'Create a group: tour_id, start_date, base_price, pick_up_point_region_id (coach); answers data.id.',
        body: groupCreateInput,
      },
    },
    async (req) => ok('Group created successfully.', { data: { id: await createGroup(db, req.body) } }),
  );
  app.post(
    '/tours/groups/exclude-accommodation',
    {
      config: { permission: 'tourAccommodation.save' },
      schema: {
        tags,
        summary:
          "Exclude (checked) or include a tour's accommodation for a group; refused while the group's bookings use it.",
        body: excludeAccommodationInput,
      },
    },
    async (req) => {
      await setAccommodationExcluded(db, req.body);
      return ok(
        req.body.checked ? 'Accommodation excluded successfully.' : 'Accommodation included successfully.',
      );
    },
  );
  app.get(
    '/tours/groups/:id',
    {
      schema: {
        tags,
        summary:
          'One group: data.tourGroup (tour, instances, links, accommodation, bookings), suppliers, servicesTypes, tour_managers.',
        params: idParams,
      },
    },
    async (req) => ({ success: true, data: await getGroup(db, req.params.id) }),
  );
  app.post(
    '/tours/groups/:id',
    {
      config: { permission: 'groups.update' },
      schema: {
        tags,
        summary: 'Update a group (blank values fall back to the tour).',
        params: idParams,
        body: groupInput,
      },
    },
    async (req) => {
      await updateGroup(db, req.params.id, req.body);
      return ok('Group updated successfully.');
    },
  );
  app.post(
    '/tours/groups/:id/check-deletion',
    {
      config: { permission: 'tours.read' },
      schema: {
        tags,
        summary: 'Whether the group may be deleted: can_delete (no bookings).',
        params: idParams,
      },
    },
    async (req) => {
      const r = await checkGroupDeletion(db, req.params.id);
      return {
        success: true,
        can_delete: r.can_delete,
        message: r.can_delete
          ? 'The group can be deleted.'
          : 'Oops... Sorry, this instance have active bookings.',
      };
    },
  );
  app.post(
    '/tours/groups/:id/delete',
    {
      config: { permission: 'groups.delete' },
      schema: {
        tags,
        summary: 'Delete a group with its instances and own accommodation (refused while bookings exist).',
        params: idParams,
      },
    },
    async (req) => {
      await deleteGroup(db, req.params.id);
      return ok('Group deleted successfully.');
    },
  );
  app.post(
    '/tours/groups/:id/link',
    {
      config: { permission: 'groups.update' },
      schema: {
        tags,
        summary: 'Link a group of the same tour with a different start date: id.',
        params: idParams,
        body: groupLinkInput,
      },
    },
    async (req) => {
      await linkGroup(db, req.params.id, req.body.id);
      return ok('Group linked successfully.');
    },
  );
  app.post(
    '/tours/groups/:id/unlink',
    {
      config: { permission: 'groups.update' },
      schema: { tags, summary: 'Unlink a linked group: id.', params: idParams, body: groupLinkInput },
    },
    async (req) => {
      await unlinkGroup(db, req.params.id, req.body.id);
      return ok('Group unlinked successfully.');
    },
  );
  app.post(
    '/tours/groups/:id/accommodation',
    {
      config: { permission: 'tourAccommodation.save' },
      schema: {
        tags,
        summary:
          "Give the group its own accommodation (overrides the tour's): accommodation_id, check_in_day, check_out_day; answers data.id.",
        params: idParams,
        body: tourAccommodationInput.extend({
          tour_id: z.unknown().optional(),
          tour_group_id: z.unknown().optional(),
        }),
      },
    },
    async (req) => {
      const tourId = await groupTourId(db, req.params.id);
      const id = await addTourAccommodation(db, { tourId, groupId: req.params.id }, req.body);
      return ok('Accommodation added successfully.', { data: { id } });
    },
  );
  app.get(
    '/tours/groups/:id/fetch-instances-data',
    {
      schema: {
        tags,
        summary:
          "The group's instances with flights (outbound/inbound), saved transfers and accommodation: data.instance, group_instance_transfers, accomodations.",
        params: idParams,
      },
    },
    async (req) => ({ success: true, data: await fetchInstancesData(db, req.params.id) }),
  );
  app.post(
    '/tours/groups/:id/update-instances-transfers',
    {
      config: { permission: 'groups.transfers' },
      schema: {
        tags,
        summary:
          "Replace one direction's transfers and pickup times: transfer_for, transfer_data, pickup_times ('Please add transfer' when none).",
        params: idParams,
        body: transfersInput,
      },
    },
    async (req) => {
      await updateTransfers(db, req.params.id, req.body);
      return ok('Transfers updated successfully.');
    },
  );
  app.post(
    '/tours/groups/:id/get-instance-pickups',
    {
      config: { permission: 'tours.read' },
      schema: {
        tags,
        summary:
          'Pickup times of one direction: data.group_common_accomodation_ids, group_common_accomodation_tranafers, group_transfer_pickups.',
        params: idParams,
        body: instancePickupsInput,
      },
    },
    async (req) => ({
      success: true,
      data: await instancePickups(db, req.params.id, req.body.transfer_for, req.body.transfers),
    }),
  );
  app.post(
    '/tours/groups/:id/booking/group-accommodation',
    {
      config: { permission: 'groups.bulkAccommodation' },
      schema: {
        tags,
        summary:
          'The selected bookings grouped by current room (cancelled ignored) and the rooms the group offers: data, rooms.',
        params: idParams,
        body: groupAccommodationInput,
      },
    },
    async (req) => ({
      success: true,
      ...(await groupAccommodationOfBookings(db, req.params.id, req.body.selected_bookings)),
    }),
  );
  app.post(
    '/tours/groups/:id/booking/bulk-update-accommodation',
    {
      config: { permission: 'groups.bulkAccommodation' },
      schema: {
        tags,
        summary: 'Move the selected bookings from old to new rooms, moving availability, in one transaction.',
        params: idParams,
        body: bulkAccommodationInput,
      },
    },
    async (req) => {
      const r = await bulkUpdateAccommodation(db, req.params.id, req.body, req.user?.id ?? null);
      return ok('Accommodation updated successfully.', { data: r });
    },
  );
};
