import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { BookingDetail } from '../../../../shared/api/booking-edit';
import { bookingFilesApi, type HistoryRow } from '../../../../shared/api/booking-files';
import { ApiError, api } from '../../../api/client';
import { formatDateTime } from '../../../lib/format';
import { ServerTable, type ServerTableColumn } from '../../../ui/ServerTable';
import { bookingKeys } from '../booking-api';

type Attachment = HistoryRow['multiple_documents_attached'][number];

/**
 * POST download-booking-history-document: one attachment of an entry (an email's documents) or the
 * document the entry names; a failure shows the server's message (spec 1 §8).
 */
async function downloadDocument(r: HistoryRow, file?: Attachment) {
  try {
    await api.call(bookingFilesApi.historyDocument, {
      body: file
        ? { id: r.id, document_id: file.id, document_name: file.file_name, friendly_name: file.friendly_name }
        : { id: r.id, document_name: r.document_name ?? undefined },
      fallbackName: file?.file_name ?? r.document_name ?? 'document',
    });
  } catch (e) {
    notifications.show({ color: 'red', message: e instanceof ApiError ? e.message : 'File not found' });
  }
}

const columns: ServerTableColumn<HistoryRow>[] = [
  {
    accessor: 'created_at',
    title: 'Date',
    sortable: true,
    noWrap: true,
    width: 150,
    render: (r) => formatDateTime(r.created_at),
  },
  { accessor: 'user', title: 'User', width: 170, render: (r) => r.user?.name ?? 'System' },
  { accessor: 'type', title: 'Type', width: 150 },
  { accessor: 'action', title: 'Action', width: 200 },
  {
    accessor: 'comment',
    title: 'Comment',
    render: (r) => (
      <>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {r.comment}
        </Text>
        {r.multiple_documents_attached.map((file) => (
          <Anchor
            key={file.id}
            component="button"
            type="button"
            size="xs"
            display="block"
            onClick={() => downloadDocument(r, file)}
          >
            Download {file.file_name}
          </Anchor>
        ))}
        {r.document_name && r.multiple_documents_attached.length === 0 && (
          <Anchor component="button" type="button" size="xs" onClick={() => downloadDocument(r)}>
            Download {r.document_name}
          </Anchor>
        )}
      </>
    ),
  },
];

/**
 * The booking's history (spec 1 §2 'history', §3 History entry, §9 'Booking history table: page
 * size 15 (options 15, 25, 50, 100, 500), search delay 1500 ms'): server-side, newest first, under
 * bookingKeys.history so it reloads after every change made on the screen.
 */
export function HistorySection({ booking }: { booking: BookingDetail; canEdit: boolean }) {
  return (
    <ServerTable<HistoryRow>
      label="Booking history"
      endpoint={bookingFilesApi.history}
      params={{ bookingId: booking.id }}
      queryKeyPrefix={bookingKeys.history(booking.id)}
      columns={columns}
      pageSizes={[15, 25, 50, 100, 500]}
      defaultPageSize={15}
      defaultOrder={{ column: 0, dir: 'desc' }}
      quickSearch
      searchDelay={1500}
      searchPlaceholder="Search the history…"
      emptyText="No history yet"
    />
  );
}
