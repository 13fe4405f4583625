import { Alert, Button, Center, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { brochureRequestListApi, type ProcessedBatchRow } from '../../../shared/api/brochure-requests';
import { api } from '../../api/client';
import { Modal } from '../../ui/Modal';
import { useProcessedBatches } from './queries';

/** 'YYYY-MM-DDTHH:MM' → 'DD/MM/YYYY HH:MM'. */
const processedText = (v: string | null) =>
  v ? `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)} ${v.slice(11, 16)}` : '—';

/**
 * Processed batches (issue #22 point 12): the newest 50 batches of cover letters with their letter
 * counts, each downloadable again — the zip kept that day, or the letters made again (dated that
 * day) once the print-copies retention period removed it.
 */
export function ProcessedBatchesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const batches = useProcessedBatches(opened);
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (b: ProcessedBatchRow) => {
    setDownloading(b.batch_id);
    try {
      await api.call(brochureRequestListApi.batchDownload, {
        params: { batch_id: b.batch_id },
        fallbackName: `cover-letters-${b.batch_id}.zip`,
      });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Error', message: (e as Error).message });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Processed batches" size="lg">
      {batches.isPending ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading batches" />
        </Center>
      ) : batches.isError ? (
        <Alert color="red">{(batches.error as Error).message}</Alert>
      ) : batches.data.length === 0 ? (
        <Text c="dimmed">No batches have been processed yet.</Text>
      ) : (
        <Table striped verticalSpacing="xs" aria-label="Processed batches">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Batch</Table.Th>
              <Table.Th>Processed</Table.Th>
              <Table.Th ta="right">Letters</Table.Th>
              <Table.Th>
                <VisuallyHidden>Download</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {batches.data.map((b) => (
              <Table.Tr key={b.batch_id}>
                <Table.Td ff="monospace">{b.batch_id}</Table.Td>
                <Table.Td>{processedText(b.processed_at)}</Table.Td>
                <Table.Td ta="right">{b.letters}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant="light"
                    loading={downloading === b.batch_id}
                    onClick={() => download(b)}
                    aria-label={`Download batch ${b.batch_id}`}
                    title={b.kept ? 'The letters as printed that day' : 'Made again, dated the day processed'}
                  >
                    Download
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
