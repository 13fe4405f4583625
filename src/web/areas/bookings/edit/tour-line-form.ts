import type { z } from 'zod';
import {
  type BookingTourLine,
  bookingEditApi,
  MESSAGES,
  type tourLineUpdateSchema,
} from '../../../../shared/api/booking-edit';
import { ApiError, api } from '../../../api/client';
import { amountText } from './booking-view';

/**
 * The form of the tour line editor (TourLineEditModal) and the call it makes: POST
 * update-booking/update-booking-tour-supplements (multipart, through the contract's endpoint).
 */

export interface CostRow {
  key: string;
  id: number | null;
  airline_ref: string;
  flight_cost: string | number;
  booked_date: string | null;
  /** The invoice already on file for a saved row. */
  airline_invoice: string | null;
  file: File | null;
}

export interface LineValues {
  guests: string | number;
  price: string | number;
  cost: string | number;
  airline_ref: string;
  special_requests: string;
  passengers: string[];
  airline_cost: CostRow[];
}

let rowSeq = 0;
export const newKey = () => `row-${++rowSeq}`;

export const guestsOf = (v: string | number) => {
  const n = typeof v === 'number' ? v : Number.parseInt(v, 10);
  return Number.isInteger(n) && n > 0 ? n : 0;
};
export const isAmount = (v: string | number) => /^\d+(\.\d{1,2})?$/.test(amountText(v));

/** The payload of the tour line editor for the shared tourLineUpdateSchema (what the server checks). */
export function lineInput(
  line: BookingTourLine,
  v: LineValues,
  rooms: number,
  version: number,
): z.input<typeof tourLineUpdateSchema> {
  return {
    id: line.id,
    guests: guestsOf(v.guests),
    rooms,
    price: amountText(v.price),
    cost: amountText(v.cost),
    airline_ref: v.airline_ref.trim(),
    special_requests: v.special_requests,
    version,
    passengers: v.passengers.map(Number),
    airline_cost: v.airline_cost.map((r) => ({
      ...(r.id ? { id: r.id } : {}),
      airline_ref: r.airline_ref.trim(),
      flight_cost: amountText(r.flight_cost),
      booked_date: r.booked_date ?? '',
    })),
  };
}

/**
 * The supplement upload (POST update-booking/update-booking-tour-supplements, multipart): the
 * fields of `input`, `passengers` and `airline_cost` as JSON, and each new invoice as
 * airline_invoice_{n} (n = its airline_cost row). A failure without a server message reads as
 * spec 1 §8's supplement error.
 */
export function sendLine(input: z.input<typeof tourLineUpdateSchema>, rows: readonly CostRow[]) {
  const fields: Record<string, unknown> = { ...input };
  rows.forEach((r, n) => {
    if (r.file) fields[`airline_invoice_${n}`] = r.file;
  });
  return api.call(bookingEditApi.updateTourLine, { body: fields }).catch((err: unknown) => {
    const body =
      err instanceof ApiError ? (err.body as { message?: string; error?: string } | undefined) : undefined;
    const message = body?.message || body?.error;
    if (err instanceof ApiError && message) throw err;
    throw new ApiError(MESSAGES.supplementError, err instanceof ApiError ? err.status : 0);
  });
}
