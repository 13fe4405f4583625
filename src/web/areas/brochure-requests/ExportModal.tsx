import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  type BrochureRequestRow,
  brochureRequestExport,
  brochureRequestListApi,
} from '../../../shared/api/brochure-requests';
import { api } from '../../api/client';
import { formatDate } from '../../lib/format';
import { type DateRange, DateRangeFilter, emptyRange } from '../../ui/DateRangeFilter';
import { Modal } from '../../ui/Modal';

/**
 * The Export modal of the brochure requests list (spec 3 §7 GET brochures/requests/filter): a date
 * range (none: every request), then 'Show list' (type=list, shown here) or 'Download Excel'
 * (type=export, brochure-request.xlsx).
 */
export function ExportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [range, setRange] = useState<DateRange>(emptyRange);
  const [rows, setRows] = useState<BrochureRequestRow[] | null>(null);
  const [busy, setBusy] = useState<'list' | 'export' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const query = () => ({
    brochure_requested_from: range[0] ?? undefined,
    brochure_requested_to: range[1] ?? undefined,
  });

  const run = async (type: 'list' | 'export') => {
    setBusy(type);
    setProblem(null);
    try {
      if (type === 'list') {
        const answer = await api.call(brochureRequestListApi.filter, { query: { ...query(), type } });
        setRows(answer.data);
      } else {
        await api.call(brochureRequestExport, {
          query: { ...query(), type },
          fallbackName: 'brochure-request.xlsx',
        });
        notifications.show({ color: 'green', title: 'Success', message: 'File downloaded' });
      }
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Export brochure requests" size="xl" centered>
      <Stack gap="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <DateRangeFilter
            label="Requested between"
            value={range}
            onChange={(r) => {
              setRange(r);
              setRows(null);
            }}
            w={260}
          />
          <Button variant="default" onClick={() => run('list')} loading={busy === 'list'}>
            Show list
          </Button>
          <Button onClick={() => run('export')} loading={busy === 'export'}>
            Download Excel
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Leave the dates empty to take every request, sent or not.
        </Text>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        {rows &&
          (rows.length === 0 ? (
            <Text size="sm">No data available.</Text>
          ) : (
            // A scrolling box a keyboard can reach (tab to it, then the arrow keys scroll it).
            <section
              aria-label="Requests in the range"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
              tabIndex={0}
              style={{ maxHeight: 360, overflow: 'auto' }}
            >
              <Table striped withTableBorder aria-label="Brochure requests in the range">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Requested</Table.Th>
                    <Table.Th>Brochure</Table.Th>
                    <Table.Th>Qty</Table.Th>
                    <Table.Th>Requester</Table.Th>
                    <Table.Th>Post code</Table.Th>
                    <Table.Th>Sent</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>{formatDate(r.created_at)}</Table.Td>
                      <Table.Td>{r.brochures_names}</Table.Td>
                      <Table.Td>{r.qty}</Table.Td>
                      <Table.Td>{r.brochure_requester_name}</Table.Td>
                      <Table.Td>{r.brochure_requester.postcode ?? ''}</Table.Td>
                      <Table.Td>{r.sent ? 'Yes' : 'No'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </section>
          ))}
      </Stack>
    </Modal>
  );
}
