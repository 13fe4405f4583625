import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type DueReminder, paymentRemindersApi } from '../../../shared/api/payment-reminders';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDate, formatMoney } from '../../lib/format';
import { JobProgress } from '../../ui/JobProgress';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { Can } from '../../ui/permissions';
import { QueryProblem } from '../../ui/QueryProblem';
import { RouterAnchor } from '../../ui/RouterAnchor';

const STAGE_LABELS: Record<string, string> = { deposit: 'Deposit', balance: 'Balance', full: 'Full amount' };

/**
 * "Reminders due today" (issue #26), on the Dashboard and under the rules in Settings: what the
 * daily run would send now — booking, customer, rule, stage, amount, due date, address — and what
 * it leaves out and why; 'Send now' (role 1) runs the same service for today as a job whose
 * progress and result show here, then the list reloads (a reminder sent is no longer due).
 */
export function DueRemindersPanel({
  title = 'Reminders due today',
  limit,
}: {
  title?: string;
  /** Show this many rows and a link to the whole preview (the Dashboard). */
  limit?: number;
}) {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<number | null>(null);
  const query = useQuery({
    queryKey: keys.paymentReminders.list('due'),
    queryFn: ({ signal }) => api.call(paymentRemindersApi.due, { signal }),
  });
  const send = useNoticeMutation(() => api.call(paymentRemindersApi.send), {
    onSuccess: (answer) => setJobId(answer.data.job_id),
  });
  const d = query.data;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      id="reminders-due"
      aria-labelledby="reminders-due-title"
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="sm">
          <Title order={2} size="h5" id="reminders-due-title">
            {title}
          </Title>
          {d && (
            <Badge color={d.count > 0 ? 'orange' : 'gray'} variant="filled" radius="sm">
              {d.count.toLocaleString('en-GB')} to send
            </Badge>
          )}
          {d && d.skipped > 0 && (
            <Badge color="gray" variant="light" radius="sm">
              {d.skipped} left out
            </Badge>
          )}
        </Group>
        <Can permission="paymentReminders.send">
          <Button
            size="xs"
            onClick={() => send.mutate()}
            loading={send.isPending}
            disabled={!d || d.count === 0 || (jobId !== null && !send.isIdle && !send.isSuccess)}
          >
            Send now
          </Button>
        </Can>
      </Group>
      {jobId !== null && (
        <Stack mb="sm">
          <JobProgress
            jobId={jobId}
            label="Sending payment reminders"
            onDone={() => queryClient.invalidateQueries({ queryKey: keys.paymentReminders.all })}
          />
        </Stack>
      )}
      {query.isError && <QueryProblem query={query} what="reminders due today" />}
      {d && d.reminders.length === 0 && (
        <Text size="sm" c="dimmed" py="md">
          No payment reminder is due today ({formatDate(d.today)}).
        </Text>
      )}
      {d && d.reminders.length > 0 && (
        <DueTable reminders={limit ? d.reminders.slice(0, limit) : d.reminders} />
      )}
      {d && limit !== undefined && d.count + d.skipped > limit && (
        <Text size="sm" mt="xs">
          And {(d.count + d.skipped - limit).toLocaleString('en-GB')} more:{' '}
          <RouterAnchor to={pathTo('payment-reminders')}>see them all with the rules</RouterAnchor>
        </Text>
      )}
      {d && limit === undefined && d.count + d.skipped > d.reminders.length && (
        <Text size="xs" c="dimmed" mt="xs">
          The first {d.reminders.length} are shown.
        </Text>
      )}
    </Paper>
  );
}

function DueTable({ reminders }: { reminders: DueReminder[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={6} fz="sm" highlightOnHover aria-label="Reminders due today">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Booking</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Reminder</Table.Th>
            <Table.Th>Stage</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>To</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reminders.map((r) => (
            <Table.Tr
              key={`${r.booking_id}-${r.stage_kind}-${r.due_date}`}
              c={r.skip_reason ? 'dimmed' : undefined}
            >
              <Table.Td>
                <RouterAnchor to={pathTo('booking-edit', { id: r.booking_id })} fw={600}>
                  {r.reference}
                </RouterAnchor>
              </Table.Td>
              <Table.Td>{r.party ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {r.rule_name}
                {r.occurrence > 1 ? ` (${r.occurrence})` : ''}
              </Table.Td>
              <Table.Td>{STAGE_LABELS[r.stage_kind] ?? r.stage_label}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(r.amount)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.due_date)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>
                {r.skip_reason ? (
                  <Badge
                    color="gray"
                    variant="light"
                    size="sm"
                    radius="sm"
                    style={{ minWidth: 'max-content' }}
                  >
                    {r.skip_reason}
                  </Badge>
                ) : (
                  r.email_to
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
