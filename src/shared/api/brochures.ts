import { z } from 'zod';
import { requiredText } from './common';

/** A brochure as the add form sends it (spec 3 §3 Brochure). */
export const brochureInput = z.object({ brochure_name: requiredText('Brochure name', 150) });
export type BrochureInput = z.input<typeof brochureInput>;

const FLAG_WORDS: Record<string, boolean> = {
  '1': true,
  true: true,
  yes: true,
  on: true,
  '0': false,
  false: false,
  no: false,
  off: false,
};

/** The active toggle (spec 3 §4: saves immediately): true/false, 1/0 or their words; nothing else. */
export const brochureActiveInput = z.object({
  is_active: z.preprocess(
    (v) =>
      typeof v === 'string' ? FLAG_WORDS[v.toLowerCase()] : typeof v === 'number' ? FLAG_WORDS[String(v)] : v,
    z.boolean({ error: 'Active must be yes or no.' }),
  ),
});

/** The site_contents type of the brochure cover letter (spec 3 §3 Cover letter). */
export const COVER_LETTER_TYPE = 'brochure_cover_letter_content';

/** The cover letter as the editor sends it: HTML content (sanitised on the server) and its type. */
export const coverLetterInput = z.object({
  content: z
    .string({ error: 'Content must be text.' })
    .max(200_000, 'The cover letter is too long.')
    .default(''),
  type: z
    .literal(COVER_LETTER_TYPE, { error: `Type must be ${COVER_LETTER_TYPE}.` })
    .default(COVER_LETTER_TYPE),
});
export type CoverLetterInput = z.input<typeof coverLetterInput>;

/** A brochure as the API answers it. */
export interface Brochure {
  id: number;
  brochure_name: string;
  is_active: boolean;
}
