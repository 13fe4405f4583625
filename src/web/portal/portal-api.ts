import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type PortalBooking, portalApi } from '../../shared/api/portal';
import { api } from '../api/client';
import { getPortalToken } from '../api/portal-session';
import { keys } from '../api/query-keys';

/** The query key of the session's booking (one booking per portal session). */
export const portalBookingKey = keys.portal.one('booking');

/**
 * GET portal/booking: the booking of the held portal session (`PortalBooking`). Disabled without a
 * session (the page sends the customer to sign in); a 401 ends the portal session in the client.
 */
export function usePortalBooking() {
  return useQuery({
    queryKey: portalBookingKey,
    queryFn: async ({ signal }) => (await api.call(portalApi.booking, { signal })).data,
    enabled: getPortalToken() !== null,
  });
}

/** Reloads the booking from the server (after accepting changes or a card payment). */
export function useReloadPortalBooking() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: portalBookingKey });
}

/** Puts a booking the server answered (a passenger saved) in place of the cached one. */
export function useSetPortalBooking() {
  const client = useQueryClient();
  return (booking: PortalBooking) => client.setQueryData(portalBookingKey, booking);
}

/** GET portal/operator (public): the operator's name and contacts for the sign-in and link pages. */
export function usePortalOperator() {
  return useQuery({
    queryKey: keys.portal.list('operator'),
    queryFn: async ({ signal }) => (await api.call(portalApi.operator, { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
