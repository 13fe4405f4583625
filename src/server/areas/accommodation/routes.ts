import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accommodationInput, galleryInput, roomInput, unwrap } from '../../../shared/api/accommodation';
import { idSchema } from '../../../shared/api/common';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
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

const accommodationBody = z.preprocess(unwrap('accommodation'), accommodationInput);
const roomBody = z.preprocess(unwrap('room'), roomInput);

/**
 * Accommodation and rooms (spec 3 §2 'Accommodation and rooms', §7 'Accommodation'). Reads are open
 * to staff; every write is role 1 only (spec 3 §6).
 *
 * Room calls: GET accommodation/room/{id} answers one room (data[0]); GET accommodation/rooms/{id}
 * lists the rooms of accommodation {id}; POST accommodation/rooms/{id} adds a room to accommodation
 * {id} (Rooms tab); PUT accommodation/rooms/{id} saves room {id} (the room form, on each field change
 * and on 'Update room').
 */
export const accommodationRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['accommodation'];
  app.get(
    '/accommodation/table',
    {
      schema: {
        tags,
        summary: 'Accommodation, DataTables protocol: name, resort, supplier (All allowed).',
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => accommodationTable(db, req.query),
  );
  app.get(
    '/accommodation',
    {
      schema: {
        tags,
        summary: 'All accommodation with accommodation_rooms; optional filter_by_name (contains).',
        querystring: z.object({ filter_by_name: z.string().max(200).optional() }),
      },
    },
    async (req) => ({ success: true, data: await listAccommodation(db, req.query.filter_by_name) }),
  );
  app.get(
    '/accommodation/supplier-and-resorts',
    {
      schema: { tags, summary: 'data.suppliers [{id, supplier_name}] and data.resorts [{id, resort_name}].' },
    },
    async () => ({ success: true, data: await suppliersAndResorts(db) }),
  );
  app.get(
    '/accommodation/:id',
    {
      schema: {
        tags,
        summary:
          'One accommodation: data[0] with gallery_image_link, accommodation_rooms, tour_accommodation.',
        params: idParams,
      },
    },
    async (req) => ({ success: true, data: [await getAccommodation(db, req.params.id)] }),
  );
  app.post(
    '/accommodation',
    {
      config: { permission: 'accommodation.create' },
      schema: { tags, summary: 'Create accommodation; answers data.id.', body: accommodationBody },
    },
    async (req) =>
      ok('Accommodation created successfully.', { data: { id: await createAccommodation(db, req.body) } }),
  );
  app.post(
    '/accommodation/handle-gallery',
    {
      config: { permission: 'accommodation.update' },
      schema: {
        tags,
        summary: 'Add gallery image links (at least one); answers data: the gallery.',
        body: galleryInput,
      },
    },
    async (req) =>
      ok('Gallery updated successfully.', {
        data: await addGalleryLinks(db, req.body.accommodation_id, req.body.image_links),
      }),
  );
  app.post(
    '/accommodation/delete-gallery-image',
    {
      config: { permission: 'accommodation.update' },
      schema: {
        tags,
        summary: 'Remove one gallery image; answers data: the gallery.',
        body: z.object({ accommodation_id: idSchema, image_links_id: idSchema }),
      },
    },
    async (req) =>
      ok('Image removed from the gallery.', {
        data: await deleteGalleryImage(db, req.body.accommodation_id, req.body.image_links_id),
      }),
  );
  app.post(
    '/accommodation/:id',
    {
      config: { permission: 'accommodation.update' },
      schema: {
        tags,
        summary: 'Update accommodation details (whole object).',
        params: idParams,
        body: accommodationBody,
      },
    },
    async (req) => {
      await updateAccommodation(db, req.params.id, req.body);
      return ok('Accommodation updated successfully.');
    },
  );
  app.post(
    '/accommodation/:id/delete',
    {
      config: { permission: 'accommodation.delete' },
      schema: {
        tags,
        summary: 'Delete accommodation with its rooms and gallery (refused while tours use it).',
        params: idParams,
      },
    },
    async (req) => {
      await deleteAccommodation(db, req.params.id);
      return ok('Accommodation deleted successfully.');
    },
  );

  app.get(
    '/accommodation/room/:id',
    { schema: { tags, summary: 'One room with accommodation_name: data[0].', params: idParams } },
    async (req) => ({ success: true, data: [await getRoom(db, req.params.id)] }),
  );
  app.get(
    '/accommodation/rooms/:id',
    { schema: { tags, summary: 'The rooms of accommodation {id}: data.', params: idParams } },
    async (req) => ({ success: true, data: await listRooms(db, req.params.id) }),
  );
  app.post(
    '/accommodation/rooms/:id',
    {
      config: { permission: 'rooms.create' },
      schema: {
        tags,
        summary: 'Add a room to accommodation {id}; answers data.id.',
        params: idParams,
        body: roomBody,
      },
    },
    async (req) =>
      ok('Room added successfully.', { data: { id: await createRoom(db, req.params.id, req.body) } }),
  );
  app.put(
    '/accommodation/rooms/:id',
    {
      config: { permission: 'rooms.update' },
      schema: {
        tags,
        summary: 'Save room {id} (whole room object; sent on each field change).',
        params: idParams,
        body: roomBody,
      },
    },
    async (req) => {
      await updateRoom(db, req.params.id, req.body);
      return ok('Room updated successfully.');
    },
  );
};
