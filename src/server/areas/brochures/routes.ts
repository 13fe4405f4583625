import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  brochureActiveInput,
  brochureInput,
  COVER_LETTER_TYPE,
  coverLetterInput,
} from '../../../shared/api/brochures';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import type { AreaDeps } from '../deps';
import {
  createBrochure,
  deleteBrochure,
  getCoverLetter,
  listBrochures,
  saveCoverLetter,
  setBrochureActive,
} from './queries';

const typeQuery = z.object({
  type: z.enum(['active', 'all'], { error: "type must be 'active' or 'all'." }).optional(),
});

/**
 * Brochures and the brochure cover letter (spec 3 §2 'Brochures', §7). Not role-gated (spec 3 §6).
 * Brochure requests live in requests.ts.
 */
export const brochureRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['brochures'];
  app.get(
    '/brochures',
    {
      schema: {
        tags,
        summary: 'Brochures by name (data); ?type=active only the active ones.',
        querystring: typeQuery,
      },
    },
    async (req) => ({ success: true, data: await listBrochures(db, req.query.type === 'active') }),
  );
  app.get(
    '/brochure-list',
    {
      schema: {
        tags,
        summary: 'Brochures for pickers, sorted by name: data [{id, brochure_name}]; ?type=active.',
        querystring: typeQuery,
      },
    },
    async (req) => ({
      success: true,
      data: (await listBrochures(db, req.query.type === 'active')).map(({ id, brochure_name }) => ({
        id,
        brochure_name,
      })),
    }),
  );
  app.post(
    '/brochures',
    {
      config: { permission: 'brochures.save' },
      schema: { tags, summary: 'Create a brochure: brochure_name; answers data.id.', body: brochureInput },
    },
    async (req) => ok('Brochure created successfully.', { data: { id: await createBrochure(db, req.body) } }),
  );
  app.get(
    '/brochures/cover-letter',
    { schema: { tags, summary: 'The brochure cover letter: data {content, type}.' } },
    async () => ({ success: true, data: await getCoverLetter(db, COVER_LETTER_TYPE) }),
  );
  app.post(
    '/brochures/cover-letter',
    {
      config: { permission: 'brochures.save' },
      schema: {
        tags,
        summary: `Save the cover letter: content (HTML, sanitised), type ${COVER_LETTER_TYPE}.`,
        body: coverLetterInput,
      },
    },
    async (req) => {
      const content = await saveCoverLetter(db, req.body);
      return ok('Cover letter saved successfully.', { data: { content, type: req.body.type } });
    },
  );
  app.post(
    '/brochures/:id',
    {
      config: { permission: 'brochures.save' },
      schema: {
        tags,
        summary: 'Set a brochure active or not: is_active.',
        params: idParams,
        body: brochureActiveInput,
      },
    },
    async (req) => {
      await setBrochureActive(db, req.params.id, req.body.is_active);
      return ok(req.body.is_active ? 'Brochure activated.' : 'Brochure deactivated.');
    },
  );
  app.post(
    '/brochures/:id/delete',
    {
      config: { permission: 'brochures.delete' },
      schema: {
        tags,
        summary: 'Delete a brochure (refused while brochure requests use it).',
        params: idParams,
      },
    },
    async (req) => {
      await deleteBrochure(db, req.params.id);
      return ok('Brochure deleted successfully.');
    },
  );
};
