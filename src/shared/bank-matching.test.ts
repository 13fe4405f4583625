import { describe, expect, it } from 'vitest';
import {
  allocatedTotal,
  type BookingCandidate,
  bookingRefsIn,
  matchBankLine,
  payerSurname,
  proposeSplit,
} from './bank-matching';

const booking = (over: Partial<BookingCandidate> = {}): BookingCandidate => ({
  booking_id: 1,
  booking_ref: 'HB100001',
  owed: '500.00',
  customer_name: 'Harriet Wickersham',
  agent_id: null,
  agent_name: null,
  ...over,
});

describe('booking references in a bank line (issue #26)', () => {
  it('reads the product format, case and spaces tolerated, in order, without repeats', () => {
    expect(bookingRefsIn('HOLIDAY HB100001 DEPOSIT')).toEqual(['HB100001']);
    expect(bookingRefsIn('hb 100 001 and HB-1100000 then hb100001')).toEqual(['HB100001', 'HB1100000']);
    expect(bookingRefsIn('h b100002')).toEqual(['HB100002']);
  });
  it('does not read a reference inside another word or number', () => {
    expect(bookingRefsIn('THB100001')).toEqual([]);
    expect(bookingRefsIn('HB12345')).toEqual([]);
    expect(bookingRefsIn('HB100001234')).toEqual([]);
    expect(bookingRefsIn('INVOICE 100001')).toEqual([]);
  });
  it('takes the surname from a payer text, titles and initials dropped', () => {
    expect(payerSurname('MRS H WICKERSHAM')).toBe('WICKERSHAM');
    expect(payerSurname("O'BRIEN J")).toBe('BRIEN');
    expect(payerSurname('')).toBeNull();
  });
});

describe('matching a line', () => {
  it('a debit is listed and left alone', () => {
    expect(matchBankLine({ amount: '-42.10', reference: 'HB100001', payer: '' }, [booking()]).status).toBe(
      'debit',
    );
  });
  it('the reference and an amount up to what is owed → matched', () => {
    const m = matchBankLine({ amount: '500.00', reference: 'HB100001', payer: 'X' }, [booking()]);
    expect(m).toEqual({ status: 'matched', booking_id: 1, score: 100, suggestions: [] });
    expect(matchBankLine({ amount: '0.01', reference: 'hb 100001', payer: '' }, [booking()]).status).toBe(
      'matched',
    );
  });
  it('the reference with an amount above what is owed → suggested (the overpayment question)', () => {
    const m = matchBankLine({ amount: '500.01', reference: 'HB100001', payer: '' }, [booking()]);
    expect(m.status).toBe('suggested');
    expect(m.suggestions[0]).toMatchObject({
      booking_id: 1,
      score: 70,
      reason: 'reference, amount above balance',
    });
  });
  it('the second reference fits when the first does not', () => {
    const m = matchBankLine({ amount: '300.00', reference: 'HB100001 HB100002', payer: '' }, [
      booking({ owed: '100.00' }),
      booking({ booking_id: 2, booking_ref: 'HB100002', owed: '300.00' }),
    ]);
    expect(m).toMatchObject({ status: 'matched', booking_id: 2 });
  });
  it('without a reference: the payer name and a balance equal to the amount score highest', () => {
    const m = matchBankLine({ amount: '500.00', reference: 'THANK YOU', payer: 'MRS H WICKERSHAM' }, [
      booking({ booking_id: 3, customer_name: 'Tom Smith' }),
      booking(),
      booking({ booking_id: 4, owed: '900.00' }),
    ]);
    expect(m.status).toBe('suggested');
    expect(m.suggestions.map((s) => [s.booking_id, s.score])).toEqual([
      [1, 85],
      [4, 50],
      [3, 45],
    ]);
  });
  it("an agent named in the payer text: its bookings, marked for a split of the agent's transfer", () => {
    const m = matchBankLine({ amount: '1200.00', reference: 'MARCH BOOKINGS', payer: 'SUNNY TRAVEL LTD' }, [
      booking({ customer_name: null, agent_id: 7, agent_name: 'Sunny Travel', owed: '800.00' }),
    ]);
    expect(m.suggestions[0]).toMatchObject({ agent_id: 7, score: 40, reason: 'agent named' });
  });
  it('nothing that scores → unmatched', () => {
    expect(matchBankLine({ amount: '12.00', reference: 'REFUND', payer: 'AMAZON' }, [booking()]).status).toBe(
      'unmatched',
    );
  });
});

describe('a split across bookings', () => {
  it('fills each booking up to what it owes, in order, and says what is left', () => {
    const s = proposeSplit('1000.00', [
      { booking_id: 1, owed: '300.00' },
      { booking_id: 2, owed: '0.00' },
      { booking_id: 3, owed: '450.50' },
      { booking_id: 4, owed: '900.00' },
    ]);
    expect(s.allocations).toEqual([
      { booking_id: 1, amount: '300.00' },
      { booking_id: 3, amount: '450.50' },
      { booking_id: 4, amount: '249.50' },
    ]);
    expect(s.left).toBe('0.00');
    expect(allocatedTotal(s.allocations)).toBe('1000.00');
    expect(proposeSplit('100.10', [{ booking_id: 1, owed: '100.00' }]).left).toBe('0.10');
  });
  it('adds pence exactly (no floats)', () => {
    expect(allocatedTotal([{ amount: '0.10' }, { amount: '0.20' }])).toBe('0.30');
  });
});
