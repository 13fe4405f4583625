import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PortalBooking } from '../../../shared/api/portal';
import { formatDate } from '../../lib/format';
import { PortalCard } from '../PortalCard';

type PortalDocument = PortalBooking['documents'][number];

/**
 * Documents: each document issued to the customer (invoice, confirmation, ATOL certificate,
 * tickets…) with its date and 'Download' — `download` fetches it (the customer's GET
 * portal/booking/documents/{id}, the agent's GET agent/bookings/{id}/documents/{documentId}), saved
 * by the client under the server's file name. `children` adds rows of the reader's own (the agent's
 * Agent invoice), built with `DocumentRow`.
 */
export function DocumentsCard({
  documents,
  download: downloadCall,
  children,
}: {
  documents: PortalDocument[];
  download: (doc: PortalDocument) => Promise<unknown>;
  children?: ReactNode;
}) {
  const download = useMutation({ mutationFn: downloadCall });
  return (
    <PortalCard title="Documents">
      {documents.length === 0 && !children && (
        <Text c="dimmed">No documents have been issued for this booking yet.</Text>
      )}
      {children}
      {download.isError && (
        <Alert color="red" variant="light" role="alert">
          {download.error.message}
        </Alert>
      )}
      {documents.map((doc) => (
        <DocumentRow
          key={doc.id}
          label={doc.label}
          note={`Issued ${formatDate(doc.issued_at)}`}
          busy={download.isPending && download.variables?.id === doc.id}
          onDownload={() => download.mutate(doc)}
        />
      ))}
    </PortalCard>
  );
}

/** One document: its label and a note under it, and 'Download' (named 'Download {label}' for screen readers). */
export function DocumentRow({
  label,
  note,
  busy,
  onDownload,
}: {
  label: string;
  note: string;
  busy: boolean;
  onDownload: () => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600}>{label}</Text>
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      </Stack>
      <Button
        variant="light"
        size="md"
        onClick={onDownload}
        disabled={busy}
        aria-label={`Download ${label}`}
        style={{ flexShrink: 0 }}
      >
        {busy ? 'Downloading...' : 'Download'}
      </Button>
    </Group>
  );
}
