import type { FastifyPluginAsync } from 'fastify';
import { accommodationApi } from '../../../shared/api/accommodation';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import {
  accommodationTable,
  addGalleryLinks,
  createAccommodation,
  createRoom,
  deleteAccommodation,
  deleteGalleryImage,
  getAccommodation,
  getRoom,
  listAccommodation,
  listRooms,
  suppliersAndResorts,
  updateAccommodation,
  updateRoom,
} from './queries';

/**
 * Accommodation and rooms (spec 3 §2 'Accommodation and rooms', §7 'Accommodation'): the endpoints
 * of `accommodationApi`. Reads are open to staff; every write is role 1 only (spec 3 §6).
 */
export const accommodationRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['accommodation'];
  const api = accommodationApi;
  route(app, api.table, { tags }, async (req) => accommodationTable(db, req.query));
  route(app, api.list, { tags }, async (req) => ({
    success: true as const,
    data: await listAccommodation(db, req.query.filter_by_name),
  }));
  route(app, api.suppliersAndResorts, { tags }, async () => ({
    success: true as const,
    data: await suppliersAndResorts(db),
  }));
  route(app, api.get, { tags }, async (req) => ({
    success: true as const,
    data: [await getAccommodation(db, req.params.id)],
  }));
  route(app, api.create, { tags }, async (req) =>
    ok('Accommodation created successfully.', { data: { id: await createAccommodation(db, req.body) } }),
  );
  route(app, api.addGalleryLinks, { tags }, async (req) =>
    ok('Gallery updated successfully.', {
      data: await addGalleryLinks(db, req.body.accommodation_id, req.body.image_links),
    }),
  );
  route(app, api.deleteGalleryImage, { tags }, async (req) =>
    ok('Image removed from the gallery.', {
      data: await deleteGalleryImage(db, req.body.accommodation_id, req.body.image_links_id),
    }),
  );
  route(app, api.update, { tags }, async (req) => {
    await updateAccommodation(db, req.params.id, req.body);
    return ok('Accommodation updated successfully.');
  });
  route(app, api.delete, { tags }, async (req) => {
    await deleteAccommodation(db, req.params.id);
    return ok('Accommodation deleted successfully.');
  });

  route(app, api.room, { tags }, async (req) => ({
    success: true as const,
    data: [await getRoom(db, req.params.id)],
  }));
  route(app, api.rooms, { tags }, async (req) => ({
    success: true as const,
    data: await listRooms(db, req.params.id),
  }));
  route(app, api.createRoom, { tags }, async (req) =>
    ok('Room added successfully.', { data: { id: await createRoom(db, req.params.id, req.body) } }),
  );
  route(app, api.updateRoom, { tags }, async (req) => {
    await updateRoom(db, req.params.id, req.body);
    return ok('Room updated successfully.');
  });
};
