import { z } from 'zod';
import { idSchema } from './common';

/** Route params `{id}` of every `…/:id` route: a positive integer id (422 otherwise). */
export const idParams = z.object({ id: idSchema });
