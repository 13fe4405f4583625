/**
 * What changed in a booking since the customer last accepted it (spec 1 §4 'Changes accepted';
 * issue #22 point 2): each history entry of a change records its effect field by field
 * ({field, before, after}, booking_history.changes); the change email lists them merged — each field
 * once, from its value before the first change to its value after the last, fields that came back
 * to where they were left out — with the total due last.
 */

/** One field's change, as the customer reads it: 'Room (Alpine Lakes)', 'Double Room' → 'Suite'. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** The field name of the booking's total (money as text, '£1,198.00'). */
export const TOTAL_DUE_FIELD = 'Total due';

/** '—' stands for 'none' on either side (a passenger added: '—' → 'Mrs Jane Smith'). */
export const NONE = '—';

/**
 * The changes of a run of history entries, oldest first, merged per field: first `before` → last
 * `after`, in the order each field first changed, dropping fields whose value ends where it began;
 * the total due comes last.
 */
export function summariseChanges(entries: readonly (readonly FieldChange[])[]): FieldChange[] {
  const merged = new Map<string, FieldChange>();
  for (const changes of entries) {
    for (const c of changes) {
      const seen = merged.get(c.field);
      if (seen) seen.after = c.after;
      else merged.set(c.field, { ...c });
    }
  }
  const list = [...merged.values()].filter((c) => c.before !== c.after);
  return [
    ...list.filter((c) => c.field !== TOTAL_DUE_FIELD),
    ...list.filter((c) => c.field === TOTAL_DUE_FIELD),
  ];
}

/** The total's change as a one-item list, or none when it did not move. */
export function totalChange(before: string, after: string): FieldChange[] {
  return before === after ? [] : [{ field: TOTAL_DUE_FIELD, before, after }];
}
