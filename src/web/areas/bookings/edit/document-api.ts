import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { bookingDocumentsApi } from '../../../../shared/api/booking-documents';
import { londonText } from '../../../../shared/dates';
import { ApiError, api } from '../../../api/client';
import { keys } from '../../../api/query-keys';

/**
 * The booking's document records and ATOL certificates (GET bookings/{id}/document-records). The key
 * sits under the booking's (`keys.bookings.one(id)`), so every reload of the booking — a save, an
 * email sent from the Documents section — reloads the list too.
 */
export const documentRecordsKey = (bookingId: number) => keys.bookings.sub(bookingId, 'document-records');

export function useDocumentRecords(bookingId: number) {
  return useQuery({
    queryKey: documentRecordsKey(bookingId),
    queryFn: ({ signal }) => api.call(bookingDocumentsApi.records, { params: { id: bookingId }, signal }),
  });
}

/** Reloads the records list (after a generation). */
export function useReloadDocumentRecords(bookingId: number) {
  const qc = useQueryClient();
  return useCallback(
    () => qc.invalidateQueries({ queryKey: documentRecordsKey(bookingId) }),
    [qc, bookingId],
  );
}

/** Spec 1 §8: a document download that is not 200 shows a notification with its message or error. */
export function showDocumentError(err: unknown) {
  notifications.show({
    color: 'red',
    title: 'Error',
    message: err instanceof ApiError ? err.message : String(err),
  });
}

/**
 * Downloads the exact bytes of record `recordId` (spec 1 §7: GET bookings/{id}/document-records/
 * {recordId}, then bookings/document-record/{recordId}/download). Errors are shown, not thrown.
 */
export async function downloadRecord(bookingId: number, recordId: number, name: string) {
  try {
    await api.call(bookingDocumentsApi.record, { params: { id: bookingId, recordId } });
    await api.call(bookingDocumentsApi.recordDownload, { params: { recordId }, fallbackName: name });
  } catch (err) {
    showDocumentError(err);
  }
}

/** An ISO date-time as 'DD/MM/YYYY HH:mm', London time. */
export function formatRecordTime(iso: string | null | undefined): string {
  if (!iso) return '';
  return londonText(iso, 'DD/MM/YYYY HH:mm');
}
