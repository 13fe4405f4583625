import { useQuery } from '@tanstack/react-query';
import { type AffiliateOption, affiliatesApi } from '../../../shared/api/affiliates';
import { bookingRequestsApi } from '../../../shared/api/booking-requests';
import { brochureRequestsApi, brochuresApi } from '../../../shared/api/brochures';
import { customersApi } from '../../../shared/api/customers';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';

/** Active affiliates for selects (GET affiliates?type=active: data [{id, name, code}]). */
export function useActiveAffiliates() {
  return useQuery({
    queryKey: keys.affiliates.list('active'),
    queryFn: ({ signal }) =>
      api.call(affiliatesApi.list, { query: { type: 'active' }, signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Active brochures for the request modal (GET brochure-list?type=active: data [{id, brochure_name}]). */
export function useActiveBrochures(enabled: boolean) {
  return useQuery({
    queryKey: keys.brochures.list('options', 'active'),
    queryFn: ({ signal }) =>
      api.call(brochuresApi.options, { query: { type: 'active' }, signal }).then((r) => r.data),
    staleTime: 60_000,
    retry: false,
    enabled,
  });
}

/** Affiliate select options; the customer's own affiliate stays listed even when inactive. */
export function affiliateOptions(
  rows: AffiliateOption[] | undefined,
  current?: { id: number | null; name: string | null },
) {
  const options = (rows ?? []).map((a) => ({
    value: String(a.id),
    label: a.code ? `${a.name} (${a.code})` : a.name,
  }));
  if (current?.id && !options.some((o) => o.value === String(current.id))) {
    options.unshift({ value: String(current.id), label: current.name ?? `Affiliate #${current.id}` });
  }
  return options;
}

/** A customer's sub-lists, under `keys.customers` (a change to the customer reloads them all). */
export const customerKeys = {
  bookings: (id: number) => keys.customers.sub(id, 'bookings'),
  notes: (id: number) => keys.customers.sub(id, 'notes'),
  brochureRequests: (id: number) => keys.customers.sub(id, 'brochure-requests'),
  referrals: (id: number) => keys.customers.sub(id, 'referrals'),
};

/** The customer's bookings (the Bookings panel). */
export const useCustomerBookings = (customerId: number) =>
  useQuery({
    queryKey: customerKeys.bookings(customerId),
    queryFn: ({ signal }) =>
      api.call(customersApi.bookings, { params: { id: customerId }, signal }).then((r) => r.data),
  });

/** The customer's notes (a new note's answer replaces them under the same key). */
export const useCustomerNotes = (customerId: number) =>
  useQuery({
    queryKey: customerKeys.notes(customerId),
    queryFn: ({ signal }) =>
      api.call(customersApi.getNotes, { body: { customer_id: customerId }, signal }).then((r) => r.note_list),
  });

/** The customer's brochure requests. */
export const useCustomerBrochureRequests = (customerId: number) =>
  useQuery({
    queryKey: customerKeys.brochureRequests(customerId),
    queryFn: ({ signal }) =>
      api.call(brochureRequestsApi.byCustomer, { params: { customerId }, signal }).then((r) => r.data),
  });

/** The referrals recorded against the customer's bookings. */
export const useCustomerReferrals = (customerId: number) =>
  useQuery({
    queryKey: customerKeys.referrals(customerId),
    queryFn: ({ signal }) =>
      api.call(bookingRequestsApi.forCustomer, { params: { id: customerId }, signal }).then((r) => r.data),
  });
