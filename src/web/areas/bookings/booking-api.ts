import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BookingDetail, BookingDetailAnswer } from '../../../shared/api/booking-edit';
import { ApiError, api } from '../../api/client';
import { getToken } from '../../api/session';

/** Query keys of one booking (STYLE.md: a key factory per area). */
export const bookingKeys = {
  all: ['bookings'] as const,
  detail: (id: number) => ['bookings', 'detail', id] as const,
  history: (id: number) => ['bookings', 'history', id] as const,
};

/** Query key of get-instance-rooms: callers invalidate it after a booking change. */
export const instanceRoomsKey = (instanceId?: number, departure?: string) =>
  ['instance-rooms', ...(instanceId ? [instanceId, departure] : [])] as const;

/** GET bookings/{id}: the booking (data.booking[0]) and the lists the edit screen offers. */
export function useBooking(id: number) {
  return useQuery({
    queryKey: bookingKeys.detail(id),
    queryFn: () => api.get<BookingDetailAnswer>(`/bookings/${id}`).then((r) => r.data),
    enabled: id > 0,
  });
}

/**
 * A change to a booking from one of the edit screen's sections: `send(vars, booking)` makes the
 * call (add `version: booking.version` to the body so a stale screen gets the 409 message instead
 * of overwriting someone else's change). On success the answer's message shows in green (unless
 * `quiet`) and the booking and its history reload; on failure the message shows in red and the
 * error is rethrown to the caller's `mutateAsync` (forms put its field errors on their fields).
 */
export function useBookingChange<Vars, Answer = { message?: string }>(
  booking: Pick<BookingDetail, 'id' | 'version'>,
  send: (vars: Vars, booking: Pick<BookingDetail, 'id' | 'version'>) => Promise<Answer>,
  { quiet = false, onSuccess }: { quiet?: boolean; onSuccess?: (answer: Answer, vars: Vars) => void } = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (vars: Vars) => send(vars, booking),
    onSuccess: async (answer, vars) => {
      const message =
        answer && typeof answer === 'object' && 'message' in answer
          ? (answer as { message?: string }).message
          : null;
      if (!quiet && message) notifications.show({ color: 'green', message });
      await Promise.all([
        qc.invalidateQueries({ queryKey: bookingKeys.detail(booking.id) }),
        qc.invalidateQueries({ queryKey: bookingKeys.history(booking.id) }),
      ]);
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
    queryKey: ['bookings', 'presence', id],
    queryFn: () =>
      api
        .post<{ data: { open_by: { name: string; since: string }[] } }>(`/bookings/${id}/screen-open`)
        .then((r) => r.data.open_by),
    refetchInterval: PRESENCE_REFRESH_MS,
    refetchIntervalInBackground: true,
    enabled: id > 0,
    // A flag that cannot be set is no reason to bother anyone.
    retry: false,
  });
  useEffect(() => {
    if (!(id > 0)) return;
    const leave = () => {
      const token = getToken();
      void fetch(`/api/bookings/${id}/screen-left`, {
        method: 'POST',
        keepalive: true,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      }).catch(() => undefined);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [id]);
  return query.data ?? [];
}
