import type { z } from 'zod';

/**
 * A @mantine/form `validate` function from a shared zod schema (src/shared/api), so the browser
 * checks a form with the very rules the server applies and shows the same messages before sending.
 * `toInput` maps the form's values to the payload first. Issues become `{'a.b.0': message}`
 * (the first message per field), the paths @mantine/form uses.
 */
export function zodValidate<V>(schema: z.ZodType, toInput: (values: V) => unknown = (v) => v) {
  return (values: V): Record<string, string> => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      if (key && !errors[key]) errors[key] = issue.message;
    }
    return errors;
  };
}

/**
 * A @mantine/form rule for one field from the shared schema of that field (e.g.
 * `bookingUpdateSchema.shape.agent_comission_percent`): its first message, or null when valid.
 * `toInput` maps the field's form value to what is sent.
 */
export function zodField<V>(schema: z.ZodType, toInput: (value: V) => unknown = (v) => v) {
  return (value: V): string | null => {
    const result = schema.safeParse(toInput(value));
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };
}
