import { londonText } from '../../../shared/dates';
import type { CustomerHit } from '../../ui/CustomerTypeahead';
import type { PartyChoice } from '../../ui/PartyPickerModal';
import type { LeaveQuestion } from '../../ui/unsaved-changes';
import type { ChosenTourLine } from './new-booking';

/**
 * A new booking in progress kept in the browser (issue #22 point 5): what the New booking screen
 * holds, saved in localStorage under the signed-in member of staff's id as it changes, offered back
 * when the screen is opened again ('Carry on with your unsaved booking from 14:32?') and removed
 * once the booking is created or the draft discarded. Nothing here reaches the server: the
 * booking's prices and rooms are checked again when it is created.
 */
export interface NewBookingDraftState {
  customer_id: number | null;
  /** The linked customer as the type-ahead showed them (null: loaded again by id). */
  customer_hit: CustomerHit | null;
  agent: PartyChoice | null;
  affiliate: PartyChoice | null;
  lines: ChosenTourLine[];
  custom_airline: boolean;
  domain: string | null;
  airline_reference_email: string;
}

export interface StoredNewBookingDraft extends NewBookingDraftState {
  /** When it was last changed (ISO 8601). */
  saved_at: string;
}

/** What leaving the screen with a booking in progress asks (the draft stays either way). */
export const LEAVE_DRAFT_QUESTION: LeaveQuestion = {
  title: 'Leave this booking unfinished?',
  message:
    'The booking is not created yet. It is kept as a draft in this browser: New booking offers it back when you open it again.',
  leaveLabel: 'Leave',
  stayLabel: 'Keep editing',
};

/** The localStorage key of a member of staff's draft. */
export const draftKey = (userId: number) => `new-booking-draft:${userId}`;

/** True when the screen holds work worth keeping: a party linked (beyond the one it opened with), a tour, an address. */
export function hasBookingWork(s: NewBookingDraftState, openedWithCustomer: number | null): boolean {
  return (
    s.lines.length > 0 ||
    s.agent !== null ||
    s.affiliate !== null ||
    (s.customer_id !== null && s.customer_id !== openedWithCustomer) ||
    s.airline_reference_email.trim() !== ''
  );
}

/** The stored draft of `userId`, or null when there is none or it cannot be read. */
export function readDraft(storage: Storage, userId: number): StoredNewBookingDraft | null {
  try {
    const raw = storage.getItem(draftKey(userId));
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<StoredNewBookingDraft>;
    if (typeof d.saved_at !== 'string' || !Array.isArray(d.lines)) return null;
    return {
      saved_at: d.saved_at,
      customer_id: typeof d.customer_id === 'number' ? d.customer_id : null,
      customer_hit: d.customer_hit ?? null,
      agent: d.agent ?? null,
      affiliate: d.affiliate ?? null,
      lines: d.lines,
      custom_airline: d.custom_airline === true,
      domain: typeof d.domain === 'string' ? d.domain : null,
      airline_reference_email: typeof d.airline_reference_email === 'string' ? d.airline_reference_email : '',
    };
  } catch {
    return null;
  }
}

/** Keeps `state` as `userId`'s draft, stamped `now`. A full or refused storage keeps nothing, quietly. */
export function writeDraft(storage: Storage, userId: number, state: NewBookingDraftState, now = new Date()) {
  try {
    storage.setItem(draftKey(userId), JSON.stringify({ ...state, saved_at: now.toISOString() }));
  } catch {
    // Private browsing or a full storage: the screen still asks before leaving.
  }
}

export function clearDraft(storage: Storage, userId: number) {
  storage.removeItem(draftKey(userId));
}

/**
 * When a draft was kept, for 'Carry on with your unsaved booking from 14:32?': 'HH:MM' (24-hour,
 * London time), followed by ' on DD/MM/YYYY' when it was not kept today.
 */
export function draftTime(savedAt: string, now = new Date()): string {
  const at = new Date(savedAt);
  const time = londonText(at, 'HH:mm');
  const day = (d: Date) => londonText(d, 'DD/MM/YYYY');
  return day(at) === day(now) ? time : `${time} on ${day(at)}`;
}
