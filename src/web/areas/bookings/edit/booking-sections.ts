import Decimal from 'decimal.js';
import type { BookingDetail, BookingExtra, PaymentMethod } from '../../../../shared/api/booking-edit';
import { REFUND_METHODS } from '../../../../shared/api/booking-edit';
import type { OfferedDiscount as DiscountOffered } from '../../../../shared/api/discounts';
import { discountAmount, extrasTotal, money } from '../../../../shared/booking-totals';
import { poundsText } from '../../../../shared/money-text';

/**
 * Pure rules of the booking edit screen's lower sections (spec 1 §5, §9): quantities of extras,
 * discount previews, payment amounts, upload fields. No React, no DOM: unit-tested beside.
 */

/** Spec 1 §4: a booking is cancelled once cancelled_at is set (status 'Cancelled'). */
export const isCancelledBooking = (b: Pick<BookingDetail, 'cancelled_at' | 'status'>) =>
  !!b.cancelled_at || b.status === 'Cancelled';

/** A row of the extras list being edited: the catalogue extra and its pivot values. */
export interface ExtraDraft {
  id: number;
  name: string;
  price: string;
  for_per_person: boolean;
  commissionable: boolean;
  qty: number;
  extra_note: string;
}

/**
 * Spec 1 §5 'for per-person extras the quantity is fixed to the passenger count when passengers
 * exist'; otherwise what was entered, at least 1.
 */
export function extraQty(extra: { for_per_person: boolean; qty: number }, passengerCount: number): number {
  if (extra.for_per_person && passengerCount > 0) return passengerCount;
  // What was typed, even 0, -2 or a cleared box (NaN): the schema refuses it at the field (issue #10).
  return extra.qty;
}

/** The booking's extras as an editable list, quantities already following the per-person rule. */
export function extrasDraftFrom(extras: readonly BookingExtra[], passengerCount: number): ExtraDraft[] {
  return extras.map((e) => ({
    id: e.id,
    name: e.name,
    price: e.price,
    for_per_person: e.for_per_person,
    commissionable: e.commissionable,
    qty: extraQty({ for_per_person: e.for_per_person, qty: e.pivot.qty }, passengerCount),
    extra_note: e.pivot.extra_note ?? '',
  }));
}

/** The body of POST update-booking/update-extras/{id}: the WHOLE list (left out = removed). */
export function extrasPayload(draft: readonly ExtraDraft[], passengerCount: number, version: number) {
  return {
    version,
    extras: draft.map((e) => ({
      id: e.id,
      pivot: { qty: extraQty(e, passengerCount), extra_note: e.extra_note.trim() || undefined },
    })),
  };
}

/** Line total of one extra and the total of the list (spec 1 §9 'extras total = price times qty'), pounds. */
const countable = (e: { price: string; qty: number }) => ({
  price: e.price,
  qty: Number.isFinite(e.qty) ? e.qty : 0,
});
export const extraLineTotal = (e: { price: string; qty: number }) => money(extrasTotal([countable(e)]));
export const extrasDraftTotal = (draft: readonly { price: string; qty: number }[]) =>
  money(extrasTotal(draft.map(countable)));

/** True when the edited list differs from the booking's (ids, quantities or notes). */
export function extrasChanged(draft: readonly ExtraDraft[], saved: readonly ExtraDraft[]): boolean {
  if (draft.length !== saved.length) return true;
  const key = (e: ExtraDraft) => `${e.id}:${e.qty}:${e.extra_note.trim()}`;
  const a = draft.map(key).sort();
  const b = saved.map(key).sort();
  return a.some((k, i) => k !== b[i]);
}

/**
 * A discount the booking may take (GET discounts?fromAdmin=yes: the contract's answer row); the
 * preview also takes penalty_type as a yes/no flag (true: a percentage).
 */
export type OfferedDiscount = Omit<DiscountOffered, 'penalty_type'> & { penalty_type: number | boolean };

/**
 * What a discount would take off this booking (spec 1 §9 discount formula, through the shared
 * discountAmount): a manual one takes its amount (sent with quantity 1); otherwise the rule on the
 * booking's stored tours/base totals. Pounds; '' when a manual amount is not yet entered.
 */
export function discountPreview(
  d: OfferedDiscount,
  { qty, manualAmount }: { qty: number; manualAmount: string | number | null | undefined },
  totals: Pick<BookingDetail['totals'], 'tours_total' | 'base_total'>,
): string {
  if (d.is_manual) {
    const amount = manualAmount === null || manualAmount === undefined ? '' : String(manualAmount).trim();
    if (amount === '' || Number.isNaN(Number(amount))) return '';
    return money(
      discountAmount(
        { value: d.value, penalty_type: 0, qty: 1, manual_discount_price: amount },
        { tours: 0, base: 0 },
      ),
    );
  }
  return money(
    discountAmount(
      {
        value: d.value,
        penalty_type: typeof d.penalty_type === 'boolean' ? (d.penalty_type ? 1 : 0) : d.penalty_type,
        on_base_price: d.on_base_price,
        qty: Math.max(1, qty),
      },
      { tours: totals.tours_total, base: totals.base_total },
    ),
  );
}

/** 'Fixed £' or 'Percent' (penalty_type 0 = a fixed amount in pounds, otherwise a percentage). */
export const discountTypeLabel = (penaltyType: number | boolean) =>
  penaltyType === 0 || penaltyType === false ? 'Fixed £' : 'Percent';

/** The value of a discount as shown: '£10.00' or '10%'. */
export function discountValueText(d: { value: string; penalty_type: number | boolean }): string {
  if (d.penalty_type === 0 || d.penalty_type === false)
    return poundsText(new Decimal(d.value || 0).toFixed(2));
  return `${new Decimal(d.value || 0).toString()}%`;
}

/**
 * The amount sent for a payment or refund (POST payments payment_amount): exactly what was typed,
 * without thousands separators — never re-signed or rounded (issue #10: a typed '-400' must be
 * refused at the field, not recorded as £400.00). A refund is typed positive with the Refund
 * switch on; the schema refuses anything not above 0 or with more than 2 decimals.
 */
export function paymentAmountToSend(typed: string | number): string {
  return String(typed).trim().replace(/,/g, '');
}

/** True for a payment that gave money back: a refund method or a negative amount. */
export const isRefund = (p: { payment_method: PaymentMethod; payment_amount: string }) =>
  REFUND_METHODS.includes(p.payment_method) || new Decimal(p.payment_amount || 0).isNegative();

/**
 * A refund shown negative whatever sign it was stored with (the server stores refunds negative;
 * an older record may carry a positive figure with the refund method).
 */
export function shownPaymentAmount(p: { payment_method: PaymentMethod; payment_amount: string }): string {
  const d = new Decimal(p.payment_amount || 0);
  return money(REFUND_METHODS.includes(p.payment_method) ? d.abs().neg() : d);
}

/** Total of the payments as listed (refunds negative), pounds. */
export function paymentsTotal(
  payments: readonly { payment_method: PaymentMethod; payment_amount: string }[],
) {
  return money(payments.reduce((s, p) => s.plus(shownPaymentAmount(p)), new Decimal(0)));
}

/** The multipart fields of POST bookings/{id}/additional-documents: files[0..n] and document_detail. */
export function documentUploadFields(files: readonly File[], detail: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  files.forEach((f, i) => {
    fields[`files[${i}]`] = f;
  });
  fields.document_detail = detail.trim();
  return fields;
}

/** Spec 1 §5 'additional documents accept images and PDFs': by MIME type, else by extension. */
export function isImageOrPdf(file: { name: string; type: string }): boolean {
  if (file.type === 'application/pdf' || file.type.startsWith('image/')) return true;
  return /\.(pdf|png|jpe?g|gif|webp|bmp|tiff?|heic)$/i.test(file.name);
}
