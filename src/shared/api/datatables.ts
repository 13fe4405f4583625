import { z } from 'zod';

/**
 * The DataTables server-side protocol (DESIGN.md §4) as a contract. Requests carry draw, start,
 * length, search[value], order[i][column|dir] and columns[i][data|name|searchable|orderable|search];
 * answers are `{draw, recordsTotal, recordsFiltered, data}`. The server parses query strings and
 * form bodies with qs, so brackets arrive as nested objects/arrays.
 */
const columnSchema = z.object({
  data: z.string().max(100).optional(),
  name: z.string().max(100).optional(),
  searchable: z.string().optional(),
  orderable: z.string().optional(),
  search: z.object({ value: z.string().optional(), regex: z.string().optional() }).optional(),
});

const intString = (label: string) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a whole number.` });
      return z.NEVER;
    }
    return n;
  });

/** The protocol's own fields; an area extends it with its filters (`.extend({...})`). */
export const dataTablesShape = {
  draw: intString('draw').pipe(z.number().int().min(0)).optional(),
  start: intString('start').pipe(z.number().int().min(0, 'start must be 0 or more.')).optional(),
  length: intString('length')
    .pipe(
      z
        .number()
        .int()
        .min(-1, 'length must be -1 (All) or a positive number.')
        .max(500, 'length may be at most 500.'),
    )
    .optional(),
  search: z.object({ value: z.string().max(200).optional(), regex: z.string().optional() }).optional(),
  order: z
    .array(
      z.object({
        column: intString('order column').pipe(z.number().int().min(0)),
        dir: z.enum(['asc', 'desc']).default('asc'),
        name: z.string().optional(),
      }),
    )
    .max(5)
    .optional(),
  columns: z.array(columnSchema).max(50).optional(),
  /** jQuery's cache-buster. */
  _: z.string().optional(),
};

/** A table request with no filters of its own. */
export const dataTablesRequestSchema = z.strictObject(dataTablesShape);
export type DataTablesRequest = z.infer<typeof dataTablesRequestSchema>;

/** The protocol's answer for rows of `row`: `{draw, recordsTotal, recordsFiltered, data: row[]}`. */
export const tableAnswer = <R extends z.ZodType>(row: R) =>
  z.object({
    draw: z.number().int(),
    recordsTotal: z.number().int(),
    recordsFiltered: z.number().int(),
    data: z.array(row),
  });
export type TableAnswer<R> = { draw: number; recordsTotal: number; recordsFiltered: number; data: R[] };
