import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ADVERT_GRAPHIC_FIELD,
  ADVERT_INVOICE_FIELD,
  advertInput,
  advertsApi,
} from '../../../shared/api/adverts';
import { HttpError, notFound, validationError } from '../../http/errors';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { parseFields, readFormOrJson, sendStoredFile } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import { deleteAdvertProduct, saveAdvertProduct } from './products';
import { advertTable, exists } from './queries';
import {
  advertDetail,
  advertFile,
  advertFileErrors,
  deleteAdvert,
  saveAdvert,
  updateAdvertPayment,
  updateArtworkStatus,
} from './service';

/** A too-large upload is reported on the file's own field when only one file was sent. */
function onFileField(e: unknown): never {
  if (e instanceof HttpError && e.statusCode === 422 && e.errors?.file) {
    throw validationError({ [ADVERT_GRAPHIC_FIELD]: e.errors.file, [ADVERT_INVOICE_FIELD]: e.errors.file });
  }
  throw e;
}

/** The advertisement form's fields and files; one 422 names every bad field and file at once. */
async function readAdvertForm(req: FastifyRequest) {
  const { fields, files } = await readFormOrJson(req).catch(onFileField);
  const uploads = { graphic: files[ADVERT_GRAPHIC_FIELD], invoice: files[ADVERT_INVOICE_FIELD] };
  const errors = await advertFileErrors(uploads);
  let values: ReturnType<typeof parseFields<typeof advertInput>> | undefined;
  try {
    values = parseFields(advertInput, fields);
  } catch (e) {
    if (!(e instanceof HttpError) || !e.errors) throw e;
    Object.assign(errors, e.errors);
  }
  if (!values || Object.keys(errors).length > 0) throw validationError(errors);
  return { values, uploads };
}

/**
 * Affiliates' advertisements (spec 2 §2 Affiliates, §7 'Affiliates'): the endpoints of `advertsApi`.
 * Changes are role 1 only (the permission table: adverts.*); each runs in one transaction with its
 * audit row (lib/audit.ts, entity 'advertisement').
 */
export const advertRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db, files }) => {
  const tags = ['affiliates'];
  route(app, advertsApi.table, { tags }, async (req) => {
    if (!(await exists(db, 'affiliates', req.params.id))) throw notFound('Affiliate not found.');
    return advertTable(db, req.params.id, req.query);
  });
  route(app, advertsApi.detail, { tags }, async (req) => ({
    success: true as const,
    data: await advertDetail(db, req.params.advertId, req.params.id),
  }));
  route(app, advertsApi.submit, { tags }, async (req) => {
    const { values, uploads } = await readAdvertForm(req);
    const { id, created } = await saveAdvert(db, files, req.params.affiliateId, values, uploads, req.user.id);
    return ok(created ? 'Advertisement created successfully.' : 'Advertisement updated successfully.', {
      data: { advertisement_id: id },
    });
  });
  route(app, advertsApi.delete, { tags }, async (req) => {
    await deleteAdvert(db, files, req.params.affiliateId, req.body.advertisement_id, req.user.id);
    return ok('Advertisement deleted successfully.');
  });
  route(app, advertsApi.productSubmit, { tags }, async (req) => {
    const editing = Boolean(req.body.advertisement_invoice_id ?? req.body.id);
    await saveAdvertProduct(db, req.params.id, req.body, req.user.id);
    return ok(editing ? 'Product updated successfully.' : 'Product added successfully.', {
      data: await advertDetail(db, req.params.id),
    });
  });
  route(app, advertsApi.productDelete, { tags }, async (req) => {
    await deleteAdvertProduct(db, req.params.advertId, req.body.advertisement_invoice_id, req.user.id);
    return ok('Product deleted successfully.', { data: await advertDetail(db, req.params.advertId) });
  });
  route(app, advertsApi.artworkStatus, { tags }, async (req) => {
    await updateArtworkStatus(db, req.body, req.user.id);
    return ok('Artwork status updated successfully.');
  });
  route(app, advertsApi.paymentDetails, { tags }, async (req) => {
    await updateAdvertPayment(db, req.body, req.user.id);
    return {
      status: true as const,
      success: true as const,
      message: 'Payment details updated successfully.',
    };
  });
  route(app, advertsApi.download, { tags }, async (req, reply) => {
    const file = await advertFile(db, req.params.advertId, req.body.download_type);
    return sendStoredFile(reply, files, file.key, file.name);
  });
};
