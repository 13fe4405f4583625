/**
 * Likely duplicate customers (issue #22 point 11): New customer warns before it makes a record
 * that is probably already on file. Both the server's check (GET customers/likely-duplicates) and
 * the form's wording come from here.
 */

/** What two customer records are compared on. */
export interface DuplicateProbe {
  first_name: string;
  last_name: string;
  email?: string | null;
  postcode?: string | null;
}

/** Why a record is a likely duplicate: the same email, or the same name and post code. */
export type DuplicateReason = 'email' | 'name_postcode';

/** The reasons as the warning words them. */
export const DUPLICATE_REASON_TEXT: Record<DuplicateReason, string> = {
  email: 'same email',
  name_postcode: 'same name and post code',
};

/** An email compared: trimmed, any case; blank → null. */
export const duplicateEmailKey = (email?: string | null): string | null =>
  email?.trim().toLowerCase() || null;

/** A name compared: trimmed, inner spaces collapsed, any case. */
export const duplicateNameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** A post code compared: spaces dropped, any case ('ls6 2qt' = 'LS6 2QT'); blank → null. */
export const duplicatePostcodeKey = (postcode?: string | null): string | null =>
  postcode?.replace(/\s+/g, '').toUpperCase() || null;

/**
 * The reasons `existing` is a likely duplicate of `probe` (empty: it is not): the same email
 * (case ignored), or the same first and last name (case and spacing ignored) with the same post
 * code (spaces and case ignored). Blank emails or post codes never match.
 */
export function duplicateReasons(probe: DuplicateProbe, existing: DuplicateProbe): DuplicateReason[] {
  const reasons: DuplicateReason[] = [];
  const email = duplicateEmailKey(probe.email);
  if (email && email === duplicateEmailKey(existing.email)) reasons.push('email');
  const postcode = duplicatePostcodeKey(probe.postcode);
  if (
    postcode &&
    postcode === duplicatePostcodeKey(existing.postcode) &&
    duplicateNameKey(probe.first_name) === duplicateNameKey(existing.first_name) &&
    duplicateNameKey(probe.last_name) === duplicateNameKey(existing.last_name)
  )
    reasons.push('name_postcode');
  return reasons;
}

/** The warning's title above the likely duplicates. */
export const DUPLICATE_WARNING_TITLE = 'This customer may already be on file';
