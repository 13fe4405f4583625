import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Brochure, brochureInput, coverLetterInput } from '../../../shared/api/brochures';
import { type Db, queryRows } from '../../db/client';
import { brochures, site_contents } from '../../db/schema';
import { refuseIfInUse } from '../../http/db-errors';
import { notFound, validationError } from '../../http/errors';
import { sanitizeRichText } from '../../lib/sanitize';

/** Brochures by name; `activeOnly` keeps the active ones (spec 3 §7 GET brochures?type=active). */
export function listBrochures(db: Db, activeOnly: boolean): Promise<Brochure[]> {
  return queryRows<Brochure>(
    db,
    sql`select id, brochure_name, is_active from brochures
        ${activeOnly ? sql`where is_active` : sql``}
        order by lower(brochure_name), id`,
  );
}

/** Creates a brochure (active); 422 when one with the same name exists. */
export async function createBrochure(db: Db, values: z.output<typeof brochureInput>): Promise<number> {
  const [taken] = await queryRows<{ id: number }>(
    db,
    sql`select id from brochures where lower(brochure_name) = lower(${values.brochure_name}) limit 1`,
  );
  if (taken) throw validationError({ brochure_name: ['A brochure with this name already exists.'] });
  const [row] = await db
    .insert(brochures)
    .values({ brochure_name: values.brochure_name })
    .returning({ id: brochures.id });
  return row.id;
}

/** Sets a brochure active or inactive (spec 3 §4: the toggle saves immediately). */
export async function setBrochureActive(db: Db, id: number, isActive: boolean): Promise<void> {
  const rows = await db
    .update(brochures)
    .set({ is_active: isActive, updated_at: sql`now()` })
    .where(eq(brochures.id, id))
    .returning({ id: brochures.id });
  if (rows.length === 0) throw notFound('Brochure not found.');
}

/** Deletes a brochure; refused while brochure requests use it. */
export async function deleteBrochure(db: Db, id: number): Promise<void> {
  const rows = await refuseIfInUse(
    () => db.delete(brochures).where(eq(brochures.id, id)).returning({ id: brochures.id }),
    'This brochure cannot be deleted: brochure requests use it.',
  );
  if (rows.length === 0) throw notFound('Brochure not found.');
}

/** The stored cover letter, '' before one is saved (spec 3 §3 Cover letter). */
export async function getCoverLetter(db: Db, type: string): Promise<{ content: string; type: string }> {
  const [row] = await queryRows<{ content: string }>(
    db,
    sql`select content from site_contents where type = ${type}`,
  );
  return { content: row?.content ?? '', type };
}

/** Saves the cover letter, sanitised, in site_contents (one row per type); answers what was stored. */
export async function saveCoverLetter(db: Db, values: z.output<typeof coverLetterInput>): Promise<string> {
  const content = sanitizeRichText(values.content);
  await db
    .insert(site_contents)
    .values({ type: values.type, content })
    .onConflictDoUpdate({ target: site_contents.type, set: { content, updated_at: sql`now()` } });
  return content;
}
