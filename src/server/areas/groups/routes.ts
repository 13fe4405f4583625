import type { FastifyPluginAsync } from 'fastify';
import { groupsApi } from '../../../shared/api/groups';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { HAS_ACTIVE_BOOKINGS } from '../instances';
import { addTourAccommodation, setAccommodationExcluded } from '../tours';
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
 * Tour groups (spec 3 §2 Tour group, §7 Groups): the endpoints of `groupsApi` — dated departures
 * of a tour, their accommodation exclusions, links, transfers and the bulk accommodation update of
 * their bookings. Documents and internal payments come with later issues. Writes are role 1 only
 * (spec 3 §6).
 */
export const groupRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['groups'];
  route(app, groupsApi.table, { tags }, async (req) => {
    const { show_taken_places, ...table } = req.query;
    return groupTable(db, req.params.id, table, show_taken_places === 'yes');
  });
  route(app, groupsApi.ofTour, { tags }, async (req) => ({
    success: true as const,
    data: await tourGroups(
      db,
      req.params.id,
      req.query.departureFromDate,
      req.query.departureToDate,
      req.query.serviceEstimateCost === 'true',
    ),
  }));
  route(app, groupsApi.create, { tags }, async (req) =>
    ok('Group created successfully.', { data: { id: await createGroup(db, req.body) } }),
  );
  route(app, groupsApi.excludeAccommodation, { tags }, async (req) => {
    await setAccommodationExcluded(db, req.body);
    return ok(
      req.body.checked ? 'Accommodation excluded successfully.' : 'Accommodation included successfully.',
    );
  });
  route(app, groupsApi.get, { tags }, async (req) => ({
    success: true as const,
    data: await getGroup(db, req.params.id),
  }));
  route(app, groupsApi.update, { tags }, async (req) => {
    await updateGroup(db, req.params.id, req.body);
    return ok('Group updated successfully.');
  });
  route(app, groupsApi.checkDeletion, { tags }, async (req) => {
    const r = await checkGroupDeletion(db, req.params.id);
    return ok(r.can_delete ? 'The group can be deleted.' : HAS_ACTIVE_BOOKINGS, { can_delete: r.can_delete });
  });
  route(app, groupsApi.delete, { tags }, async (req) => {
    await deleteGroup(db, req.params.id);
    return ok('Group deleted successfully.');
  });
  route(app, groupsApi.link, { tags }, async (req) => {
    await linkGroup(db, req.params.id, req.body.id);
    return ok('Group linked successfully.');
  });
  route(app, groupsApi.unlink, { tags }, async (req) => {
    await unlinkGroup(db, req.params.id, req.body.id);
    return ok('Group unlinked successfully.');
  });
  route(app, groupsApi.addAccommodation, { tags }, async (req) => {
    const tourId = await groupTourId(db, req.params.id);
    const id = await addTourAccommodation(db, { tourId, groupId: req.params.id }, req.body);
    return ok('Accommodation added successfully.', { data: { id } });
  });
  route(app, groupsApi.instancesData, { tags }, async (req) => ({
    success: true as const,
    data: await fetchInstancesData(db, req.params.id),
  }));
  route(app, groupsApi.updateTransfers, { tags }, async (req) => {
    await updateTransfers(db, req.params.id, req.body);
    return ok('Transfers updated successfully.');
  });
  route(app, groupsApi.instancePickups, { tags }, async (req) => ({
    success: true as const,
    data: await instancePickups(db, req.params.id, req.body.transfer_for, req.body.transfers),
  }));
  route(app, groupsApi.bookingAccommodation, { tags }, async (req) => ({
    success: true as const,
    ...(await groupAccommodationOfBookings(db, req.params.id, req.body.selected_bookings)),
  }));
  route(app, groupsApi.bulkAccommodation, { tags }, async (req) => {
    const r = await bulkUpdateAccommodation(db, req.params.id, req.body, req.user?.id ?? null);
    return ok('Accommodation updated successfully.', { data: r });
  });
};
