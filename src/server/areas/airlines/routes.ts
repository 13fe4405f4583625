import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AIRLINE_DOC_FIELD, airlineInput } from '../../../shared/api/airlines';
import { dataTablesShape } from '../../http/datatables';
import { HttpError, validationError } from '../../http/errors';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import { isPdf, parseFields, readFormOrJson, sendStoredFile } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import { airlineTable, getAirline, getAirlineDoc, listAirlines } from './queries';
import { createAirline, deleteAirline, onDocField, updateAirline } from './service';

/**
 * Airlines (spec 3 §2 'Flights and airlines', §3 Airline, §7 'Flights, airlines'). Writes are role 1
 * only (spec 3 §6); create and update take multipart/form-data with the instruction PDF in
 * `instruction_doc_file` (a JSON body without the file is accepted too).
 */
export const airlineRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db, files }) => {
  const tags = ['airlines'];
  /** The form's fields and PDF; a 422 names every bad field at once (the PDF is checked by content). */
  const readAirlineForm = async (req: Parameters<typeof readFormOrJson>[0]) => {
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
  };

  for (const url of ['/airlines', '/airlines/']) {
    app.get(
      url,
      { schema: { tags, summary: 'All airlines by name: data [{id, name}] (for flights and extras).' } },
      async () => ({ success: true, data: await listAirlines(db) }),
    );
  }
  app.get(
    '/airlines/table',
    {
      schema: {
        tags,
        summary: 'Airlines, DataTables protocol: name, contact_name, web_check_in_before_days.',
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => airlineTable(db, req.query),
  );
  app.get(
    '/airlines/:id',
    { schema: { tags, summary: 'One airline: data {id, name, …, instruction_doc_name}.', params: idParams } },
    async (req) => ({ success: true, data: await getAirline(db, req.params.id) }),
  );
  app.get(
    '/airlines/airline-instruction/:id/download',
    {
      schema: {
        tags,
        summary: "The airline's instruction PDF under its original name; 404 'File not found' when none.",
        params: idParams,
      },
    },
    async (req, reply) => {
      const doc = await getAirlineDoc(db, req.params.id);
      return sendStoredFile(reply, files, doc?.key, doc?.name ?? '', 'application/pdf');
    },
  );
  app.post(
    '/airlines',
    {
      config: { permission: 'airlines.create' },
      schema: {
        tags,
        summary:
          'Create an airline (multipart: name, contact_name, web_check_in_before_days, airline_content, instruction_doc_file PDF ≤ 10 MB); answers data.id.',
      },
    },
    async (req) => {
      const { values, file } = await readAirlineForm(req);
      const id = await createAirline(db, files, values, file);
      return ok('Airline created successfully.', { data: { id } });
    },
  );
  app.post(
    '/airlines/:id',
    {
      config: { permission: 'airlines.update' },
      schema: {
        tags,
        summary: 'Update an airline (multipart as create); a new PDF replaces the old one.',
        params: idParams,
      },
    },
    async (req) => {
      const { values, file } = await readAirlineForm(req);
      await updateAirline(db, files, req.params.id, values, file);
      return ok('Airline updated successfully.');
    },
  );
  app.post(
    '/airlines/:id/delete',
    {
      config: { permission: 'airlines.delete' },
      schema: {
        tags,
        summary: 'Delete an airline and its PDF (refused while flights use it).',
        params: idParams,
      },
    },
    async (req) => {
      await deleteAirline(db, files, req.params.id);
      return ok('Airline deleted successfully.');
    },
  );
};
