import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type PortalBooking, portalApi } from '../../../shared/api/portal';
import { api } from '../../api/client';
import { formatDate } from '../../lib/format';
import { PortalCard } from '../PortalCard';

type PortalDocument = PortalBooking['documents'][number];

/**
 * Documents: each document issued to the customer (invoice, confirmation, ATOL certificate,
 * tickets…) with its date and 'Download' (GET portal/booking/documents/{id}, saved by the client
 * under the server's file name).
 */
export function DocumentsCard({ documents }: { documents: PortalDocument[] }) {
  const download = useMutation({
    mutationFn: (doc: PortalDocument) =>
      api.call(portalApi.document, { params: { id: doc.id }, fallbackName: doc.name }),
  });
  return (
    <PortalCard title="Documents">
      {documents.length === 0 && <Text c="dimmed">No documents have been issued for this booking yet.</Text>}
      {download.isError && (
        <Alert color="red" variant="light" role="alert">
          {download.error.message}
        </Alert>
      )}
      {documents.map((doc) => {
        const busy = download.isPending && download.variables?.id === doc.id;
        return (
          <Group key={doc.id} justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600}>{doc.label}</Text>
              <Text size="sm" c="dimmed">
                Issued {formatDate(doc.issued_at)}
              </Text>
            </Stack>
            <Button
              variant="light"
              size="md"
              onClick={() => download.mutate(doc)}
              disabled={busy}
              aria-label={`Download ${doc.label}`}
              style={{ flexShrink: 0 }}
            >
              {busy ? 'Downloading...' : 'Download'}
            </Button>
          </Group>
        );
      })}
    </PortalCard>
  );
}
