import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../shared/api/common';
import {
  instanceRoomsInput,
  type TourValues,
  tourAccommodationInput,
  tourInput,
  tourRoomCreateInput,
  tourRoomInput,
  tourSuppressionInput,
} from '../../../shared/api/tour-catalogue';
import { dataTablesShape } from '../../http/datatables';
import { HttpError, notFound, validationError } from '../../http/errors';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import { isPdf, parseFields, readFormOrJson, sendStoredFile, type UploadedFile } from '../../http/uploads';
import type { FileStore } from '../../storage/files';
import type { AreaDeps } from '../deps';
import {
  addTourAccommodation,
  addTourRoom,
  deleteTourAccommodation,
  deleteTourRoom,
  getTourAccommodation,
  getTourRoom,
  updateTourAccommodation,
  updateTourRoom,
} from './accommodation-queries';
import {
  airportsByCountry,
  getTour,
  getTourDoc,
  insertTour,
  setTourSuppression,
  tourData,
  tourTable,
  tourTypes,
  updateTourRow,
} from './catalogue-queries';
import { csvUploadRoutes } from './csv-upload';
import { getInstanceOffer } from './offer';

/** The form field of the tour's information PDF (spec 3 §7 POST tours/). */
export const TOUR_DOC_FIELD = 'information_doc_file';
const DOC_AREA = 'tours';

/**
 * Reads the tour form: multipart with `tour` (JSON) and/or flat fields plus the information PDF
 * (checked by content), or a JSON body. Every bad field is named at once (422).
 */
async function readTourForm(req: FastifyRequest): Promise<{ values: TourValues; file?: UploadedFile }> {
  const { fields, files } = await readFormOrJson(req).catch((e) => {
    if (e instanceof HttpError && e.statusCode === 422 && e.errors?.file) {
      throw validationError({ [TOUR_DOC_FIELD]: e.errors.file });
    }
    throw e;
  });
  let merged: Record<string, unknown> = { ...fields };
  if (typeof fields.tour === 'string' || (fields.tour && typeof fields.tour === 'object')) {
    let nested: unknown = fields.tour;
    if (typeof nested === 'string') {
      try {
        nested = JSON.parse(nested);
      } catch {
        throw validationError({ tour: ['The tour must be JSON.'] });
      }
    }
    const { tour: _t, ...flat } = fields;
    merged = { ...(nested as Record<string, unknown>), ...flat };
  }
  const file = files[TOUR_DOC_FIELD];
  const errors: Record<string, string[]> = {};
  let values: TourValues | undefined;
  try {
    values = parseFields(tourInput, merged);
  } catch (e) {
    if (!(e instanceof HttpError) || !e.errors) throw e;
    Object.assign(errors, e.errors);
  }
  if (file && !isPdf(file.data)) errors[TOUR_DOC_FIELD] = ['The information document must be a PDF file.'];
  if (!values || Object.keys(errors).length) throw validationError(errors);
  return { values, file };
}

async function storeDoc(files: FileStore, file: UploadedFile | undefined) {
  if (!file) return null;
  const name = path.win32.basename(path.posix.basename(file.filename)).trim().slice(0, 200) || 'tour.pdf';
  return { name, key: await files.save(DOC_AREA, file.data, 'pdf') };
}

/**
 * Tours (spec 3 §2 Tours, §7 Tours, Instances 'get-instance-rooms', Tour accommodation and rooms).
 * Every write is role 1 only (spec 3 §6). The plain GET tours list lives in ./routes.ts.
 */
export const tourCatalogueRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, deps) => {
  const { db, files } = deps;
  const tags = ['tours'];

  app.get(
    '/tours/table',
    {
      schema: {
        tags,
        summary:
          'Tours, DataTables protocol: name, tour_type, is_suppressed; only suppressed ones with show_only_suppressed=yes.',
        querystring: z.strictObject({
          ...dataTablesShape,
          show_only_suppressed: z.enum(['yes', 'no']).optional(),
        }),
      },
    },
    async (req) => {
      const { show_only_suppressed, ...table } = req.query;
      return tourTable(db, table, show_only_suppressed === 'yes');
    },
  );
  app.get(
    '/tours/tour-data',
    {
      schema: {
        tags,
        summary:
          'Lists the tour screens choose from: data.accomodations, bonding_types, countries, pickUpRegions.',
      },
    },
    async () => ({ success: true, data: await tourData(db) }),
  );
  app.get(
    '/tours/tour-type',
    { schema: { tags, summary: 'The tour types (spec 3 §9): data [{id, name}].' } },
    async () => ({ success: true, data: tourTypes() }),
  );
  app.get(
    '/airports/by_country/:code',
    {
      schema: {
        tags: ['airports'],
        summary:
          "A country's departure airports: data [{id, airport_name, iata_code, city}] (GB: UK airports with scheduled service).",
        params: z.object({ code: z.string().regex(/^[A-Za-z]{2}$/, 'Use a two-letter country code.') }),
      },
    },
    async (req) => ({ success: true, data: await airportsByCountry(db, req.params.code) }),
  );
  app.get(
    '/tours/:id',
    { schema: { tags, summary: 'One tour with its accommodation and extras: data[0].', params: idParams } },
    async (req) => ({ success: true, data: [await getTour(db, req.params.id)] }),
  );
  app.get(
    '/tours/tours-document/:id/download',
    {
      schema: {
        tags,
        summary: "The tour's information PDF under its original name; 404 'File not found' when none.",
        params: idParams,
      },
    },
    async (req, reply) => {
      const doc = await getTourDoc(db, req.params.id);
      return sendStoredFile(reply, files, doc?.key, doc?.name ?? '', 'application/pdf');
    },
  );
  for (const url of ['/tours', '/tours/']) {
    app.post(
      url,
      {
        config: { permission: 'tours.create' },
        schema: {
          tags,
          summary:
            'Create a tour (multipart: tour JSON and/or flat fields, information_doc_file PDF); answers data.id.',
        },
      },
      async (req) => {
        const { values, file } = await readTourForm(req);
        const doc = await storeDoc(files, file);
        try {
          const id = await insertTour(db, values, doc);
          return ok('Tour created successfully.', { data: { id } });
        } catch (e) {
          if (doc) await files.remove(doc.key);
          throw e;
        }
      },
    );
  }
  app.post(
    '/tours/:id',
    {
      config: { permission: 'tours.update' },
      schema: {
        tags,
        summary: 'Update a tour (multipart as create); a new PDF replaces the old one.',
        params: idParams,
      },
    },
    async (req) => {
      const { values, file } = await readTourForm(req);
      const doc = await storeDoc(files, file);
      let result: Awaited<ReturnType<typeof updateTourRow>>;
      try {
        result = await updateTourRow(db, req.params.id, values, doc);
      } catch (e) {
        if (doc) await files.remove(doc.key);
        throw e;
      }
      if (!result) {
        if (doc) await files.remove(doc.key);
        throw notFound('Tour not found.');
      }
      if (result.oldKey) await files.remove(result.oldKey);
      return ok('Tour updated successfully.');
    },
  );
  app.post(
    '/tours/update/tour-suppression',
    {
      config: { permission: 'tours.update' },
      schema: {
        tags,
        summary: "Suppress ('yes') or restore ('no') a tour; answers {status, message}.",
        body: tourSuppressionInput,
      },
    },
    async (req) => {
      const suppressed = req.body.supression === 'yes';
      await setTourSuppression(db, req.body.tour_id, suppressed);
      return {
        status: true,
        message: suppressed ? 'Tour suppressed successfully.' : 'Tour unsuppressed successfully.',
      };
    },
  );

  // Spec 3 §7 Instances: what bookings will ask.
  app.post(
    '/tours/get-instance-rooms',
    {
      config: { permission: 'tours.read' },
      schema: {
        tags,
        summary:
          'The rooms an instance offers with per-guest price, sale_price and cost and remaining_availability for the stay (ARCHITECTURE.md price rule).',
        body: instanceRoomsInput,
      },
    },
    async (req) => ({
      success: true,
      ...(await getInstanceOffer(db, req.body.instance_id, req.body.departure_date)),
    }),
  );

  // Spec 3 §7 Tours / Tour accommodation and rooms.
  app.post(
    '/tours/:id/accommodation',
    {
      config: { permission: 'tourAccommodation.save' },
      schema: {
        tags,
        summary:
          'Attach accommodation to a tour: accommodation_id, check_in_day, check_out_day (1..duration+1); answers data.id.',
        params: idParams,
        body: tourAccommodationInput.extend({ tour_id: z.unknown().optional() }),
      },
    },
    async (req) => {
      const id = await addTourAccommodation(db, { tourId: req.params.id, groupId: null }, req.body);
      return ok('Accommodation added successfully.', { data: { id } });
    },
  );
  app.get(
    '/tours/accommodation/:id',
    {
      schema: {
        tags,
        summary: 'A tour accommodation with its rooms and the rooms not yet added: data.',
        params: idParams,
      },
    },
    async (req) => ({ success: true, data: await getTourAccommodation(db, req.params.id) }),
  );
  app.post(
    '/tours/accommodation/:id',
    {
      config: { permission: 'tourAccommodation.save' },
      schema: {
        tags,
        summary: 'Update a tour accommodation: accommodation_id, check_in_day, check_out_day.',
        params: idParams,
        body: tourAccommodationInput,
      },
    },
    async (req) => {
      await updateTourAccommodation(db, req.params.id, req.body);
      return ok('Accommodation updated successfully.');
    },
  );
  app.post(
    '/tours/accommodation/:id/delete',
    {
      config: { permission: 'tourAccommodation.delete' },
      schema: {
        tags,
        summary: 'Delete a tour accommodation with its rooms (refused while bookings use them).',
        params: idParams,
      },
    },
    async (req) => {
      await deleteTourAccommodation(db, req.params.id);
      return ok('Accommodation deleted successfully.');
    },
  );
  app.post(
    '/tours/accommodation/:id/rooms',
    {
      config: { permission: 'tourAccommodation.save' },
      schema: {
        tags,
        summary:
          'Add a room of the accommodation (accommodation_room_id, optional supplement); answers data.id.',
        params: idParams,
        body: z.preprocess(
          (b) =>
            b && typeof b === 'object' && 'room_id' in b && !('accommodation_room_id' in b)
              ? { ...b, accommodation_room_id: (b as { room_id: unknown }).room_id }
              : b,
          tourRoomCreateInput,
        ),
      },
    },
    async (req) => {
      const id = await addTourRoom(db, req.params.id, req.body);
      return ok('Room added successfully.', { data: { id } });
    },
  );
  app.post(
    '/tours/accommodation/rooms/:roomId/delete',
    {
      config: { permission: 'tourAccommodation.delete' },
      schema: {
        tags,
        summary: 'Delete a room of a tour accommodation (refused while bookings use it).',
        params: z.object({ roomId: idSchema }),
      },
    },
    async (req) => {
      await deleteTourRoom(db, req.params.roomId);
      return ok('Room deleted successfully.');
    },
  );
  app.get(
    '/tours/rooms/:id',
    { schema: { tags, summary: 'One room of a tour accommodation: data.', params: idParams } },
    async (req) => ({ success: true, data: await getTourRoom(db, req.params.id) }),
  );
  app.post(
    '/tours/rooms/:id',
    {
      config: { permission: 'tourAccommodation.save' },
      schema: {
        tags,
        summary: "Update a room's supplement (£ per guest, step 0.01).",
        params: idParams,
        body: tourRoomInput,
      },
    },
    async (req) => {
      await updateTourRoom(db, req.params.id, req.body.supplement);
      return ok('Supplement updated');
    },
  );

  await app.register(csvUploadRoutes, deps);
};
