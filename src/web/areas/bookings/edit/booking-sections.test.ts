import { describe, expect, it } from 'vitest';
import type { BookingExtra } from '../../../../shared/api/booking-edit';
import {
  discountPreview,
  discountTypeLabel,
  discountValueText,
  documentUploadFields,
  extraLineTotal,
  extraQty,
  extrasChanged,
  extrasDraftFrom,
  extrasDraftTotal,
  extrasPayload,
  isCancelledBooking,
  isImageOrPdf,
  isRefund,
  type OfferedDiscount,
  paymentAmountToSend,
  paymentsTotal,
  shownPaymentAmount,
} from './booking-sections';

const extra = (over: Partial<BookingExtra> = {}): BookingExtra => ({
  id: 7,
  name: 'Travel insurance',
  price: '25.50',
  for_per_person: false,
  commissionable: true,
  pivot: { id: 70, qty: 2, extra_note: null },
  ...over,
});

describe('extras (spec 1 §5: quantity minimum 1; per-person fixed to the passenger count)', () => {
  it('keeps the entered quantity, at least 1', () => {
    expect(extraQty({ for_per_person: false, qty: 3 }, 4)).toBe(3);
    // What was typed is kept for the schema to refuse, never raised to 1 (issue #10).
    expect(extraQty({ for_per_person: false, qty: 0 }, 4)).toBe(0);
    expect(extraQty({ for_per_person: false, qty: -2 }, 4)).toBe(-2);
    expect(extraQty({ for_per_person: false, qty: Number.NaN }, 0)).toBeNaN();
  });
  it('fixes a per-person extra to the passenger count when passengers exist', () => {
    expect(extraQty({ for_per_person: true, qty: 1 }, 4)).toBe(4);
    expect(extraQty({ for_per_person: true, qty: 2 }, 0)).toBe(2);
  });
  it('builds the WHOLE list for update-extras, per-person quantities applied, blank notes left out', () => {
    const draft = extrasDraftFrom(
      [
        extra(),
        extra({ id: 8, name: 'Transfer', for_per_person: true, pivot: { id: 80, qty: 1, extra_note: 'x' } }),
      ],
      3,
    );
    expect(draft.map((e) => e.qty)).toEqual([2, 3]);
    expect(extrasPayload(draft, 3, 12)).toEqual({
      version: 12,
      extras: [
        { id: 7, pivot: { qty: 2, extra_note: undefined } },
        { id: 8, pivot: { qty: 3, extra_note: 'x' } },
      ],
    });
  });
  it('totals price × qty in decimal (spec 1 §9 extras total)', () => {
    expect(extraLineTotal({ price: '25.50', qty: 3 })).toBe('76.50');
    expect(
      extrasDraftTotal([
        { price: '0.10', qty: 3 },
        { price: '0.20', qty: 1 },
      ]),
    ).toBe('0.50');
    expect(extrasDraftTotal([])).toBe('0.00');
  });
  it('notices a changed list', () => {
    const saved = extrasDraftFrom([extra()], 0);
    expect(extrasChanged(saved, extrasDraftFrom([extra()], 0))).toBe(false);
    expect(extrasChanged([{ ...saved[0], qty: 3 }], saved)).toBe(true);
    expect(extrasChanged([{ ...saved[0], extra_note: 'late arrival' }], saved)).toBe(true);
    expect(extrasChanged([], saved)).toBe(true);
  });
});

const offered = (over: Partial<OfferedDiscount> = {}): OfferedDiscount => ({
  id: 1,
  code: 'EARLY10',
  description: 'Early booking',
  value: '10',
  penalty_type: 1,
  per_person: false,
  on_base_price: false,
  is_manual: false,
  tour_id: 3,
  ...over,
});

describe('discount preview (spec 1 §9 discount formula)', () => {
  const totals = { tours_total: '1998.00', base_total: '1800.00' };
  it('percent of the tours total, or of the base total when on_base_price', () => {
    expect(discountPreview(offered(), { qty: 1, manualAmount: '' }, totals)).toBe('199.80');
    expect(discountPreview(offered({ on_base_price: true }), { qty: 1, manualAmount: '' }, totals)).toBe(
      '180.00',
    );
    expect(
      discountPreview(offered({ penalty_type: true, value: '12.5' }), { qty: 1, manualAmount: '' }, totals),
    ).toBe('249.75');
  });
  it('fixed = value × qty', () => {
    expect(
      discountPreview(offered({ penalty_type: 0, value: '25.00' }), { qty: 3, manualAmount: '' }, totals),
    ).toBe('75.00');
    expect(
      discountPreview(offered({ penalty_type: false, value: '25.00' }), { qty: 0, manualAmount: '' }, totals),
    ).toBe('25.00');
  });
  it('a manual discount takes the amount entered (nothing until one is entered)', () => {
    const manual = offered({ is_manual: true, penalty_type: 0, value: '0' });
    expect(discountPreview(manual, { qty: 5, manualAmount: '45.5' }, totals)).toBe('45.50');
    expect(discountPreview(manual, { qty: 1, manualAmount: 12 }, totals)).toBe('12.00');
    expect(discountPreview(manual, { qty: 1, manualAmount: '' }, totals)).toBe('');
  });
  it('labels type and value', () => {
    expect(discountTypeLabel(0)).toBe('Fixed £');
    expect(discountTypeLabel(1)).toBe('Percent');
    expect(discountValueText({ value: '25', penalty_type: 0 })).toBe('£25.00');
    expect(discountValueText({ value: '12.50', penalty_type: 1 })).toBe('12.5%');
  });
});

describe('payments', () => {
  it('sends exactly what was typed: a minus sign is kept for the schema to refuse, never dropped', () => {
    expect(paymentAmountToSend('250')).toBe('250');
    expect(paymentAmountToSend('-400')).toBe('-400');
    expect(paymentAmountToSend(20.5)).toBe('20.5');
    expect(paymentAmountToSend(' 1,250.40 ')).toBe('1250.40');
    expect(paymentAmountToSend('')).toBe('');
    expect(paymentAmountToSend('abc')).toBe('abc');
  });
  it('shows refunds negative and totals what is listed', () => {
    const list = [
      { payment_method: 'bacs' as const, payment_amount: '500.00' },
      { payment_method: 'ecommpay-refund' as const, payment_amount: '-50.00' },
      { payment_method: 'ecommpay-refund' as const, payment_amount: '25.00' },
    ];
    expect(list.map(shownPaymentAmount)).toEqual(['500.00', '-50.00', '-25.00']);
    expect(list.map(isRefund)).toEqual([false, true, true]);
    expect(isRefund({ payment_method: 'cash', payment_amount: '-1.00' })).toBe(true);
    expect(paymentsTotal(list)).toBe('425.00');
    expect(paymentsTotal([])).toBe('0.00');
  });
});

describe('additional documents (spec 1 §5: images and PDFs, several files at once)', () => {
  it('names the files files[0..n] beside document_detail', () => {
    const a = new File(['a'], 'a.pdf', { type: 'application/pdf' });
    const b = new File(['b'], 'b.png', { type: 'image/png' });
    expect(documentUploadFields([a, b], ' Passports ')).toEqual({
      'files[0]': a,
      'files[1]': b,
      document_detail: 'Passports',
    });
  });
  it('accepts images and PDFs only', () => {
    expect(isImageOrPdf({ name: 'x.pdf', type: 'application/pdf' })).toBe(true);
    expect(isImageOrPdf({ name: 'x.jpg', type: 'image/jpeg' })).toBe(true);
    expect(isImageOrPdf({ name: 'scan.PDF', type: '' })).toBe(true);
    expect(isImageOrPdf({ name: 'x.docx', type: 'application/vnd.openxmlformats' })).toBe(false);
  });
});

describe('isCancelledBooking (spec 1 §4)', () => {
  it('reads cancelled_at or the Cancelled status', () => {
    expect(isCancelledBooking({ cancelled_at: '2026-01-01T10:00:00Z', status: 'Paid' })).toBe(true);
    expect(isCancelledBooking({ cancelled_at: null, status: 'Cancelled' })).toBe(true);
    expect(isCancelledBooking({ cancelled_at: null, status: 'Confirmed' })).toBe(false);
  });
});
