import { useQuery } from '@tanstack/react-query';
import { brochuresApi } from '../../../shared/api/brochures';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';

/**
 * The brochures screen's data, under `keys.brochures` (a save invalidates `keys.brochures.all`, so
 * the pickers' lists elsewhere reload too).
 */

/** The cover letter's key: a save puts its answer there at once. */
export const coverLetterKey = keys.brochures.list('cover-letter');

/** The cover letter sent with the brochures. */
export const useCoverLetter = () =>
  useQuery({
    queryKey: coverLetterKey,
    queryFn: ({ signal }) => api.call(brochuresApi.coverLetter, { signal }).then((r) => r.data),
  });

/** Every brochure, active or not. */
export const useBrochures = () =>
  useQuery({
    queryKey: keys.brochures.list('all'),
    queryFn: ({ signal }) => api.call(brochuresApi.list, { signal }).then((r) => r.data),
  });
