import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { londonInstant } from '../../../../shared/dates';
import { atolProtectedContent, type BookingDocumentData } from './render';

/**
 * What an ATOL certificate protects, worked from the booking's document data (ATOL Regulations
 * 2012): the fingerprint that tells a change, the contribution (APC) and when travel starts.
 */

/** The fingerprint of the protected content: sha-256, hex. */
export function atolFingerprint(data: BookingDocumentData): string {
  return createHash('sha256').update(atolProtectedContent(data)).digest('hex');
}

/**
 * The ATOL Protection Contribution of a certificate: `perPassenger` (pounds, the rate in force on
 * the certificate's date, `apcRateOn` of shared/apc.ts) × the passengers aged 2 or over on the departure date (no
 * date of birth: counted). A booking without passenger records counts its guests. Exact decimals.
 */
export function atolContribution(data: BookingDocumentData, perPassenger: string) {
  const departure = departureDate(data);
  const guests = data.lines.reduce((n, l) => n + l.guests, 0);
  const protectedCount = data.passengers.length || guests;
  const apcPassengers = data.passengers.length
    ? data.passengers.filter((p) => !p.dob || !departure || secondBirthday(p.dob) <= departure).length
    : guests;
  const per = new Decimal(/^\d+(\.\d+)?$/.test(perPassenger.trim()) ? perPassenger.trim() : '0');
  return {
    passengers_protected: protectedCount,
    apc_passengers: apcPassengers,
    apc_per_passenger: per.toFixed(2),
    apc_total: per.times(apcPassengers).toFixed(2),
  };
}

/** 'YYYY-MM-DD' of a second birthday (text arithmetic: 29 February stays 29, compared as text). */
function secondBirthday(dob: string): string {
  return `${Number(dob.slice(0, 4)) + 2}${dob.slice(4, 10)}`;
}

/** The booking's first departure day (YYYY-MM-DD), or null. */
function departureDate(data: BookingDocumentData): string | null {
  const days = data.lines.map((l) => l.instance.departure_date).sort();
  return data.booking.departure_date ?? days[0] ?? null;
}

/**
 * When travel starts, as an instant: the earliest flight's departure time (London local time), else
 * the first departure day at 00:00 London time. Null without either.
 */
export function departureInstant(data: BookingDocumentData): Date | null {
  const times = data.lines.flatMap((l) => l.flights.map((f) => f.departure_time)).filter(Boolean);
  const day = departureDate(data);
  const candidates = [...times, ...(day ? [`${day} 00:00:00`] : [])].map(londonInstant);
  const valid = candidates.filter((d) => !Number.isNaN(d.getTime()));
  return valid.length ? new Date(Math.min(...valid.map((d) => d.getTime()))) : null;
}
