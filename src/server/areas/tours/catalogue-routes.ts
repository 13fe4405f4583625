import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TourValues } from '../../../shared/api/tour-catalogue';
import { TOUR_DOC_FIELD, tourAccommodationApi, tourFormBody, toursApi } from '../../../shared/api/tours';
import { HttpError, notFound, validationError } from '../../http/errors';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { isPdf, parseFields, readFormOrJson, sendStoredFile, type UploadedFile } from '../../http/uploads';
import type { FileStore } from '../../storage/files';
import { getInstanceOffer } from '../availability';
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

const DOC_AREA = 'tours';

/**
 * Reads the tour form (the contract's `tourFormBody`: multipart with `tour` JSON and/or flat
 * fields plus the information PDF, checked by content, or a JSON body). Every bad field is named
 * at once (422).
 */
async function readTourForm(req: FastifyRequest): Promise<{ values: TourValues; file?: UploadedFile }> {
  const { fields, files } = await readFormOrJson(req).catch((e) => {
    if (e instanceof HttpError && e.statusCode === 422 && e.errors?.file) {
      throw validationError({ [TOUR_DOC_FIELD]: e.errors.file });
    }
    throw e;
  });
  const file = files[TOUR_DOC_FIELD];
  const errors: Record<string, string[]> = {};
  let values: TourValues | undefined;
  try {
    values = parseFields(tourFormBody, fields);
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
 * Tours (spec 3 §2 Tours, §7 Tours, Instances 'get-instance-rooms', Tour accommodation and rooms,
 * the Bulk Tour Instance Uploader in ./csv-upload.ts): the endpoints of `toursApi` and
 * `tourAccommodationApi`. Every write is role 1 only (spec 3 §6). The plain GET tours list lives in ./routes.ts.
 */
export const tourCatalogueRoutes: FastifyPluginAsync<AreaDeps> = async (app, deps) => {
  const { db, files } = deps;
  const tags = ['tours'];

  route(app, toursApi.table, { tags }, async (req) => {
    const { show_only_suppressed, ...table } = req.query;
    return tourTable(db, table, show_only_suppressed === 'yes');
  });
  route(app, toursApi.tourData, { tags }, async () => ({ success: true as const, data: await tourData(db) }));
  route(app, toursApi.tourTypes, { tags }, async () => ({ success: true as const, data: tourTypes() }));
  route(app, toursApi.airportsByCountry, { tags: ['airports'] }, async (req) => ({
    success: true as const,
    data: await airportsByCountry(db, req.params.code),
  }));
  route(app, toursApi.get, { tags }, async (req) => ({
    success: true as const,
    data: [await getTour(db, req.params.id)],
  }));
  route(app, toursApi.document, { tags }, async (req, reply) => {
    const doc = await getTourDoc(db, req.params.id);
    return sendStoredFile(reply, files, doc?.key, doc?.name ?? '');
  });
  for (const create of [toursApi.create, toursApi.createNoSlash]) {
    route(app, create, { tags }, async (req) => {
      const { values, file } = await readTourForm(req);
      const doc = await storeDoc(files, file);
      try {
        const id = await insertTour(db, values, doc);
        return ok('Tour created successfully.', { data: { id } });
      } catch (e) {
        if (doc) await files.remove(doc.key);
        throw e;
      }
    });
  }
  route(app, toursApi.update, { tags }, async (req) => {
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
  });
  route(app, toursApi.suppression, { tags }, async (req) => {
    const suppressed = req.body.supression === 'yes';
    await setTourSuppression(db, req.body.tour_id, suppressed);
    return {
      status: true as const,
      message: suppressed ? 'Tour suppressed successfully.' : 'Tour unsuppressed successfully.',
    };
  });

  // Spec 3 §7 Instances: what bookings will ask.
  route(app, toursApi.instanceRooms, { tags }, async (req) => ({
    success: true as const,
    ...(await getInstanceOffer(db, req.body.instance_id, req.body.departure_date)),
  }));

  // Spec 3 §7 Tours / Tour accommodation and rooms.
  route(app, tourAccommodationApi.create, { tags }, async (req) => {
    const id = await addTourAccommodation(db, { tourId: req.params.id, groupId: null }, req.body);
    return ok('Accommodation added successfully.', { data: { id } });
  });
  route(app, tourAccommodationApi.get, { tags }, async (req) => ({
    success: true as const,
    data: await getTourAccommodation(db, req.params.id),
  }));
  route(app, tourAccommodationApi.update, { tags }, async (req) => {
    await updateTourAccommodation(db, req.params.id, req.body);
    return ok('Accommodation updated successfully.');
  });
  route(app, tourAccommodationApi.delete, { tags }, async (req) => {
    await deleteTourAccommodation(db, req.params.id);
    return ok('Accommodation deleted successfully.');
  });
  route(app, tourAccommodationApi.addRoom, { tags }, async (req) => {
    const id = await addTourRoom(db, req.params.id, req.body);
    return ok('Room added successfully.', { data: { id } });
  });
  route(app, tourAccommodationApi.deleteRoom, { tags }, async (req) => {
    await deleteTourRoom(db, req.params.roomId);
    return ok('Room deleted successfully.');
  });
  route(app, tourAccommodationApi.getRoom, { tags }, async (req) => ({
    success: true as const,
    data: await getTourRoom(db, req.params.id),
  }));
  route(app, tourAccommodationApi.updateRoom, { tags }, async (req) => {
    await updateTourRoom(db, req.params.id, req.body.supplement);
    return ok('Supplement updated');
  });

  await app.register(csvUploadRoutes, deps);
};
