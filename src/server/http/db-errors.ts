import { HttpError, validationError } from './errors';

/** The PostgreSQL error code of `e` (node-postgres and PGlite both expose `code`), or undefined. */
export function pgCode(e: unknown): string | undefined {
  let cur: unknown = e;
  // drizzle wraps driver errors in `cause`.
  for (let i = 0; i < 3 && cur && typeof cur === 'object'; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** 23503 foreign_key_violation (NO ACTION) or 23001 restrict_violation (ON DELETE RESTRICT). */
export const isForeignKeyViolation = (e: unknown) => ['23503', '23001'].includes(pgCode(e) ?? '');
export const isUniqueViolation = (e: unknown) => pgCode(e) === '23505';

/**
 * Runs a delete; when the database refuses it because other rows still point at the record
 * (a foreign key with ON DELETE RESTRICT), answers 409 with `inUseMessage` instead of a 500.
 */
export async function refuseIfInUse<T>(fn: () => Promise<T>, inUseMessage: string): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isForeignKeyViolation(e)) throw new HttpError(409, inUseMessage);
    throw e;
  }
}

/** Runs a write; a unique-constraint violation answers 422 on `field` with `message`. */
export async function uniqueAs<T>(fn: () => Promise<T>, field: string, message: string): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw validationError({ [field]: [message] });
    throw e;
  }
}
