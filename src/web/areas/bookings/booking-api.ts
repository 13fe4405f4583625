import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { type BookingDetail, bookingEditApi } from '../../../shared/api/booking-edit';
import { ApiError, api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { beforeSignOut, getToken } from '../../api/session';

/**
 * The bookings area's query keys (src/web/api/query-keys.ts `keys.bookings`): one booking is
 * `one(id)`; its history table and the rooms an instance offers sit under it, so reloading a
 * booking reloads them too.
 */
export const bookingKeys = {
  all: keys.bookings.all,
  detail: (id: number) => keys.bookings.one(id),
  history: (id: number) => keys.bookings.sub(id, 'history'),
  presence: (id: number) => keys.bookings.list('presence', id),
  /** get-instance-rooms as bookings read it: reloaded after a booking change or a refused create. */
  instanceRooms: (instanceId?: number, departure?: string) =>
    keys.bookings.list('instance-rooms', ...(instanceId ? [instanceId, departure] : [])),
};

/** GET bookings/{id}: the booking (data.booking[0]) and the lists the edit screen offers. */
export function useBooking(id: number) {
  return useQuery({
    queryKey: bookingKeys.detail(id),
    queryFn: ({ signal }) => api.call(bookingEditApi.get, { params: { id }, signal }).then((r) => r.data),
    enabled: id > 0,
  });
}

/** Reloads booking `id` and its history (after a change made on its edit screen). */
export function useReloadBooking(id: number) {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: bookingKeys.detail(id) }), [qc, id]);
}

/**
 * A change to a booking from one of the edit screen's buttons (no form): `send(vars, booking)`
 * makes the call (add `version: booking.version` to the body so a stale screen gets the 409
 * message instead of overwriting someone else's change). On success the answer's message shows in
 * green (unless `quiet`) and the booking and its history reload; on failure the message shows in
 * red and the error is rethrown to the caller's `mutateAsync`. Forms use the entity kit instead
 * (`useEntityForm` with `useReloadBooking`).
 */
export function useBookingChange<Vars, Answer = { message?: string }>(
  booking: Pick<BookingDetail, 'id' | 'version'>,
  send: (vars: Vars, booking: Pick<BookingDetail, 'id' | 'version'>) => Promise<Answer>,
  { quiet = false, onSuccess }: { quiet?: boolean; onSuccess?: (answer: Answer, vars: Vars) => void } = {},
) {
  const reload = useReloadBooking(booking.id);
  return useMutation({
    mutationFn: (vars: Vars) => send(vars, booking),
    onSuccess: async (answer, vars) => {
      const message =
        answer && typeof answer === 'object' && 'message' in answer
          ? (answer as { message?: string }).message
          : null;
      if (!quiet && message) notifications.show({ color: 'green', message });
      await reload();
      onSuccess?.(answer, vars);
    },
    onError: (err) => {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: err instanceof ApiError ? err.message : String(err),
      });
    },
  });
}

/** Spec 1 §4: while the edit screen is open it is flagged every 30 s; leaving clears the flag. */
const PRESENCE_REFRESH_MS = 30_000;

/**
 * Flags booking `id`'s edit screen open for the signed-in member of staff while the component is
 * mounted (POST bookings/{id}/screen-open every 30 s) and clears the flag when it unmounts or the
 * tab closes (POST bookings/{id}/screen-left, sent with keepalive so it survives the page going).
 * Answers who else has the booking open: [{name, since}].
 */
export function useScreenPresence(id: number) {
  const query = useQuery({
    queryKey: bookingKeys.presence(id),
    queryFn: ({ signal }) =>
      api.call(bookingEditApi.screenOpen, { params: { id }, signal }).then((r) => r.data.open_by),
    refetchInterval: PRESENCE_REFRESH_MS,
    refetchIntervalInBackground: true,
    enabled: id > 0,
    // A flag that cannot be set is no reason to bother anyone.
    retry: false,
  });
  useEffect(() => {
    if (!(id > 0)) return;
    const leave = () =>
      // keepalive: the flag must outlive the page. Without a token (signed out) there is nothing
      // left to clear: the sign-out released it first.
      getToken()
        ? api.call(bookingEditApi.screenLeft, { params: { id }, keepalive: true }).catch(() => undefined)
        : Promise.resolve();
    window.addEventListener('pagehide', leave);
    // Signing out drops the token: the flag is cleared before, while the call may still be made.
    const unregister = beforeSignOut(leave);
    return () => {
      unregister();
      window.removeEventListener('pagehide', leave);
      void leave();
    };
  }, [id]);
  return query.data ?? [];
}
