/** The spec's success envelope: `{success: true, message, ...extra}` (DESIGN.md §4). */
export function ok<T extends Record<string, unknown>>(message: string, extra?: T) {
  return { success: true as const, message, ...(extra ?? ({} as T)) };
}
