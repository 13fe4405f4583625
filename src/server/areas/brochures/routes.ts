import type { FastifyPluginAsync } from 'fastify';
import { brochuresApi, COVER_LETTER_TYPE } from '../../../shared/api/brochures';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import {
  createBrochure,
  deleteBrochure,
  getCoverLetter,
  listBrochures,
  saveCoverLetter,
  setBrochureActive,
} from './queries';

/**
 * Brochures and the brochure cover letter (spec 3 §2 'Brochures', §7): the endpoints of
 * `brochuresApi`. Not role-gated (spec 3 §6). Brochure requests live in requests.ts.
 */
export const brochureRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['brochures'];
  route(app, brochuresApi.list, { tags }, async (req) => ({
    success: true as const,
    data: await listBrochures(db, req.query.type === 'active'),
  }));
  route(app, brochuresApi.options, { tags }, async (req) => ({
    success: true as const,
    data: await listBrochures(db, req.query.type === 'active'),
  }));
  route(app, brochuresApi.create, { tags }, async (req) =>
    ok('Brochure created successfully.', { data: { id: await createBrochure(db, req.body) } }),
  );
  route(app, brochuresApi.coverLetter, { tags }, async () => ({
    success: true as const,
    data: await getCoverLetter(db, COVER_LETTER_TYPE),
  }));
  route(app, brochuresApi.saveCoverLetter, { tags }, async (req) => {
    const content = await saveCoverLetter(db, req.body);
    return ok('Cover letter saved successfully.', { data: { content, type: req.body.type } });
  });
  route(app, brochuresApi.setActive, { tags }, async (req) => {
    await setBrochureActive(db, req.params.id, req.body.is_active);
    return ok(req.body.is_active ? 'Brochure activated.' : 'Brochure deactivated.');
  });
  route(app, brochuresApi.delete, { tags }, async (req) => {
    await deleteBrochure(db, req.params.id);
    return ok('Brochure deleted successfully.');
  });
};
