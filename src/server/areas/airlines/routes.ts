import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AIRLINE_DOC_FIELD, airlineInput, airlinesApi } from '../../../shared/api/airlines';
import { HttpError, validationError } from '../../http/errors';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { isPdf, parseFields, readFormOrJson, sendStoredFile } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import { airlineTable, getAirline, getAirlineDoc, listAirlines } from './queries';
import { createAirline, deleteAirline, onDocField, updateAirline } from './service';

/** The form's fields and PDF; a 422 names every bad field at once (the PDF is checked by content). */
async function readAirlineForm(req: FastifyRequest) {
  const { fields, files: uploaded } = await readFormOrJson(req).catch(onDocField);
  const file = uploaded[AIRLINE_DOC_FIELD];
  const errors: Record<string, string[]> = {};
  let values: ReturnType<typeof parseFields<typeof airlineInput>> | undefined;
  try {
    values = parseFields(airlineInput, fields);
  } catch (e) {
    if (!(e instanceof HttpError) || !e.errors) throw e;
    Object.assign(errors, e.errors);
  }
  if (file && !isPdf(file.data)) errors[AIRLINE_DOC_FIELD] = ['The document must be a PDF file.'];
  if (!values || Object.keys(errors).length > 0) throw validationError(errors);
  return { values, file };
}

/**
 * Airlines (spec 3 §2 'Flights and airlines', §3 Airline, §7 'Flights, airlines'): the endpoints of
 * `airlinesApi`. Writes are role 1 only (spec 3 §6); create and update read multipart/form-data
 * with the instruction PDF in `instruction_doc_file` (a JSON body without the file is accepted too).
 */
export const airlineRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db, files }) => {
  const tags = ['airlines'];
  for (const list of [airlinesApi.list, airlinesApi.listSlash]) {
    route(app, list, { tags }, async () => ({ success: true as const, data: await listAirlines(db) }));
  }
  route(app, airlinesApi.table, { tags }, async (req) => airlineTable(db, req.query));
  route(app, airlinesApi.get, { tags }, async (req) => ({
    success: true as const,
    data: await getAirline(db, req.params.id),
  }));
  route(app, airlinesApi.document, { tags }, async (req, reply) => {
    const doc = await getAirlineDoc(db, req.params.id);
    return sendStoredFile(reply, files, doc?.key, doc?.name ?? '');
  });
  route(app, airlinesApi.create, { tags }, async (req) => {
    const { values, file } = await readAirlineForm(req);
    const id = await createAirline(db, files, values, file);
    return ok('Airline created successfully.', { data: { id } });
  });
  route(app, airlinesApi.update, { tags }, async (req) => {
    const { values, file } = await readAirlineForm(req);
    await updateAirline(db, files, req.params.id, values, file);
    return ok('Airline updated successfully.');
  });
  route(app, airlinesApi.delete, { tags }, async (req) => {
    await deleteAirline(db, files, req.params.id);
    return ok('Airline deleted successfully.');
  });
};
