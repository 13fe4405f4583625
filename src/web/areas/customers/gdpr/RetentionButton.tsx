import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type GdprRun, gdprApi } from '../../../../shared/api/gdpr';
import { api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { formatDateTime } from '../../../lib/format';
import { JobProgress } from '../../../ui/JobProgress';
import { Modal } from '../../../ui/Modal';
import { useNoticeMutation } from '../../../ui/notice-mutation';
import { Can } from '../../../ui/permissions';
import { QueryProblem } from '../../../ui/QueryProblem';

/**
 * 'GDPR retention' on the customers list (issue #27), role 1: a dialog with the retention period
 * (setting retention_years_after_last_departure), 'Run retention now' (the daily run's job, its
 * progress here) and the newest runs — erasures and retention runs — with their counts.
 */
export function RetentionButton() {
  const [opened, setOpened] = useState(false);
  return (
    <Can permission="gdpr.manage">
      <Button variant="default" onClick={() => setOpened(true)}>
        GDPR retention
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="GDPR retention" size="xl" centered>
        {opened && <RetentionBody />}
      </Modal>
    </Can>
  );
}

const STATUS_COLOURS = { running: 'blue.8', done: 'green.9', failed: 'red.8' } as const;

function RetentionBody() {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<number | null>(null);
  const runs = useQuery({
    queryKey: keys.customers.list('gdpr-runs'),
    queryFn: ({ signal }) => api.call(gdprApi.runs, { signal }),
  });
  const run = useNoticeMutation(() => api.call(gdprApi.runRetention), {
    onSuccess: (answer) => setJobId(answer.data.job_id),
  });
  const years = runs.data?.retention_years;
  return (
    <Stack gap="md">
      <Text size="sm">
        Every day at 04:15 the personal data of each customer whose last departure was more than{' '}
        {years ?? '…'} years ago is erased (setting <code>retention_years_after_last_departure</code>);
        bookings and payments stay (Companies Act 2006 s.388, VAT Notice 700/21).
      </Text>
      <Group>
        <Button onClick={() => run.mutate()} loading={run.isPending}>
          Run retention now
        </Button>
      </Group>
      {jobId !== null && (
        <JobProgress
          jobId={jobId}
          label="Retention run"
          onDone={() => queryClient.invalidateQueries({ queryKey: keys.customers.all })}
        />
      )}
      {runs.isError && <QueryProblem query={runs} what="GDPR runs" />}
      {runs.data && <RunsTable runs={runs.data.data} />}
    </Stack>
  );
}

function RunsTable({ runs }: { runs: GdprRun[] }) {
  if (runs.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No erasure or retention run yet.
      </Text>
    );
  return (
    // A scrolling box a keyboard can reach (tab to it, then the arrow keys scroll it).
    <section
      aria-label="Last GDPR runs"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
      tabIndex={0}
      style={{ overflowX: 'auto' }}
    >
      <Table miw={640} fz="sm" verticalSpacing={4} aria-label="Last GDPR runs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Run</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Customers</Table.Th>
            <Table.Th ta="right">Bookings</Table.Th>
            <Table.Th ta="right">Passengers</Table.Th>
            <Table.Th ta="right">Fields</Table.Th>
            <Table.Th ta="right">Files</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(String(r.started_at))}</Table.Td>
              <Table.Td>{r.kind === 'erasure' ? `Erasure #${r.customer_id ?? '?'}` : 'Retention'}</Table.Td>
              <Table.Td>{r.user_name ?? 'Schedule'}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} c={STATUS_COLOURS[r.status]} title={r.error ?? undefined}>
                  {r.status}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{r.customers}</Table.Td>
              <Table.Td ta="right">{r.bookings}</Table.Td>
              <Table.Td ta="right">{r.passengers}</Table.Td>
              <Table.Td ta="right">{r.fields}</Table.Td>
              <Table.Td ta="right">{r.files}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
