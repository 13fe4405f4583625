import { describe, expect, it } from 'vitest';
import type { ChosenTourLine } from './new-booking';
import {
  clearDraft,
  draftKey,
  draftTime,
  hasBookingWork,
  type NewBookingDraftState,
  readDraft,
  writeDraft,
} from './new-booking-draft';

// Issue #22 point 5: a new booking with a customer and a £1,658 tour vanished when the Dashboard
// breadcrumb was clicked. It is kept as a draft in the browser, per member of staff, and offered back.
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const blank: NewBookingDraftState = {
  customer_id: null,
  customer_hit: null,
  agent: null,
  affiliate: null,
  lines: [],
  custom_airline: false,
  domain: null,
  airline_reference_email: '',
};
const line = { tour_id: 1, tour_name: 'Lakes and Dales', guests: 2, price: '829.00' } as ChosenTourLine;

describe('new booking draft', () => {
  it('counts a tour, a party or an address as work, but not the customer the screen was opened with', () => {
    expect(hasBookingWork(blank, null)).toBe(false);
    expect(hasBookingWork({ ...blank, customer_id: 7 }, 7)).toBe(false);
    expect(hasBookingWork({ ...blank, customer_id: 8 }, 7)).toBe(true);
    expect(hasBookingWork({ ...blank, customer_id: 7, lines: [line] }, 7)).toBe(true);
    expect(hasBookingWork({ ...blank, agent: { id: 3, name: 'Sunways' } }, null)).toBe(true);
    expect(hasBookingWork({ ...blank, airline_reference_email: 'a@b.co' }, null)).toBe(true);
  });

  it('is kept per member of staff and read back as it was written', () => {
    const storage = new MemoryStorage();
    const state = { ...blank, customer_id: 12, lines: [line] };
    writeDraft(storage, 5, state, new Date('2026-11-27T14:32:10Z'));
    expect(readDraft(storage, 5)).toEqual({ ...state, saved_at: '2026-11-27T14:32:10.000Z' });
    expect(readDraft(storage, 6)).toBeNull();
    expect(storage.getItem(draftKey(5))).not.toBeNull();
    clearDraft(storage, 5);
    expect(readDraft(storage, 5)).toBeNull();
  });

  it('ignores a stored draft it cannot read', () => {
    const storage = new MemoryStorage();
    storage.setItem(draftKey(5), '{not json');
    expect(readDraft(storage, 5)).toBeNull();
    storage.setItem(draftKey(5), JSON.stringify({ lines: 'x' }));
    expect(readDraft(storage, 5)).toBeNull();
  });

  it('says when it was kept: the time today, with the date on another day (London)', () => {
    const now = new Date('2026-07-01T16:00:00Z');
    expect(draftTime('2026-07-01T13:32:00Z', now)).toBe('14:32');
    expect(draftTime('2026-06-30T13:32:00Z', now)).toBe('14:32 on 30/06/2026');
  });
});
