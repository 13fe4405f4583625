import { Badge, Button, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type Backup,
  backupsApi,
  DELETE_BACKUP_CONFIRMATION,
  NO_BACKUPS_TEXT,
  sizeText,
} from '../../../shared/api/backups';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDateTime } from '../../lib/format';
import { confirmDelete } from '../../ui/confirm';
import { useNoticeMutation } from '../../ui/notice-mutation';

/**
 * The backups (spec 2 §2): name, type, size, date, Download (POST download-backup?id=) and Delete
 * (after 'Are you sure you want to delete theis backup ?'); 'No Backups Found' when there are none.
 */
export function BackupsTable({ backups, loading }: { backups: Backup[] | undefined; loading: boolean }) {
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState<string | null>(null);
  const remove = useNoticeMutation(
    (b: Backup) => api.call(backupsApi.delete, { body: { backup_id: b.id, filename: b.backup_name } }),
    { onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.backups.all }) },
  );

  const download = async (b: Backup) => {
    setDownloading(b.id);
    try {
      await api.call(backupsApi.download, { query: { id: b.id }, fallbackName: b.backup_name });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Error', message: (e as Error).message });
    } finally {
      setDownloading(null);
    }
  };

  const rows = backups ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="backups-title">
      <Title order={2} size="h4" id="backups-title" mb="sm">
        Backups
      </Title>
      <Table striped withTableBorder verticalSpacing="xs" aria-labelledby="backups-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th ta="right">Size</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text size="sm" ta="center" py="md">
                  {loading ? 'Loading…' : NO_BACKUPS_TEXT}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td style={{ wordBreak: 'break-all' }}>{b.backup_name}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={b.backup_type === 'database' ? 'blue' : 'grape'}>
                  {b.backup_type === 'database' ? 'Database' : 'Project'}
                </Badge>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {sizeText(b.backup_size)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(b.backup_date)}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => download(b)}
                    loading={downloading === b.id}
                    aria-label={`Download ${b.backup_name}`}
                  >
                    Download
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    loading={remove.isPending && remove.variables?.id === b.id}
                    onClick={async () => {
                      if (await confirmDelete(DELETE_BACKUP_CONFIRMATION)) remove.mutate(b);
                    }}
                    aria-label={`Delete ${b.backup_name}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
