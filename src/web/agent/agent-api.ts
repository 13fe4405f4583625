import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AgentBooking, type AgentBookingsQuery, agentSideApi } from '../../shared/api/agent-side';
import { getAgentToken } from '../api/agent-session';
import { api } from '../api/client';
import { keys } from '../api/query-keys';

/**
 * The travel agent's data (issue #25), each under `keys.agent` so signing out or a refused session
 * forgets all of it at once. Every query waits for an agent session (the pages send an agency
 * without one to the sign-in page); a 401 ends the agent session in the client.
 */
const signedIn = () => getAgentToken() !== null;

/** GET agent/me: the signed-in agency (name, ABTA, commission and VAT rates). */
export function useAgentMe() {
  return useQuery({
    queryKey: keys.agent.one('me'),
    queryFn: async ({ signal }) => (await api.call(agentSideApi.me, { signal })).data,
    enabled: signedIn(),
    staleTime: 5 * 60_000,
  });
}

/** GET agent/bookings: one page of the agency's bookings for `query` (the last page stays while the next loads). */
export function useAgentBookings(query: AgentBookingsQuery) {
  return useQuery({
    queryKey: keys.agent.list('bookings', query),
    queryFn: ({ signal }) => api.call(agentSideApi.bookings, { query, signal }),
    enabled: signedIn(),
    placeholderData: keepPreviousData,
  });
}

/** The query key of one booking of the agency. */
export const agentBookingKey = (id: number) => keys.agent.one(`booking-${id}`);

/** GET agent/bookings/{id}: one of the agency's bookings (the customer's view, accounts, documents). */
export function useAgentBooking(id: number) {
  return useQuery({
    queryKey: agentBookingKey(id),
    queryFn: async ({ signal }) => (await api.call(agentSideApi.booking, { params: { id }, signal })).data,
    enabled: signedIn() && Number.isInteger(id) && id > 0,
  });
}

/** Puts a booking the server answered (a passenger saved) in place of the cached one; the list reloads. */
export function useSetAgentBooking() {
  const client = useQueryClient();
  return (booking: AgentBooking) => {
    client.setQueryData(agentBookingKey(booking.id), booking);
    void client.invalidateQueries({ queryKey: keys.agent.list('bookings') });
  };
}

/** Reloads one booking and the lists after a change (changes accepted, a booking made). */
export function useReloadAgentBookings() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.agent.all, refetchType: 'active' });
}
