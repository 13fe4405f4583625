import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import {
  BANK_FORMAT_LABELS,
  BANK_LINE_STATUS_LABELS,
  type BankLineRow,
  type BankStatement,
  bankStatementsApi,
} from '../../../shared/api/bank-statements';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDateTime, formatMoney } from '../../lib/format';
import { JobProgress } from '../../ui/JobProgress';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { QueryProblem } from '../../ui/QueryProblem';
import { LinesTable } from './LinesTable';

const FILTERS = ['matched', 'suggested', 'unmatched', 'recorded', 'debit', 'ignored'] as const;

/**
 * One imported statement (issue #26): what was found, the matching job's progress while it runs,
 * 'Confirm all matched' (role 1), and its lines filtered by status, each confirmed, matched by a
 * suggestion, split, or set aside from the table.
 */
export function BankStatementPage() {
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const [status, setStatus] = useState<string>('all');
  const [recordJob, setRecordJob] = useState<number | null>(null);
  const mayRecord = useCan('bankStatements.record');
  const query = useQuery({
    queryKey: keys.bankStatements.one(id),
    queryFn: () => api.call(bankStatementsApi.get, { params: { id } }),
  });
  const reload = () => void qc.invalidateQueries({ queryKey: keys.bankStatements.all });
  const recordAll = useNoticeMutation(() => api.call(bankStatementsApi.recordMatched, { params: { id } }), {
    onSuccess: (answer) => {
      if (answer.data.job_id) setRecordJob(answer.data.job_id);
      reload();
      void qc.invalidateQueries({ queryKey: keys.bookings.all });
    },
  });
  if (query.isError) return <QueryProblem query={query} what="bank statement" />;
  const s = query.data?.data;
  if (!s) return null;
  const count = (f: (typeof FILTERS)[number]) => s[f];
  return (
    <Stack gap="md">
      <PageHeader
        title={`Bank statement: ${s.file_name}`}
        actions={
          mayRecord && (
            <Button
              onClick={() => recordAll.mutate()}
              loading={recordAll.isPending}
              disabled={s.matched === 0 || s.status !== 'ready' || recordJob !== null}
            >
              Confirm all matched ({s.matched})
            </Button>
          )
        }
      />
      <StatementFacts s={s} />
      {s.status === 'matching' && s.job_id && (
        <JobProgress jobId={s.job_id} label="Matching the statement's lines" onDone={reload} />
      )}
      {recordJob && (
        <JobProgress
          jobId={recordJob}
          label="Recording the matched lines"
          onDone={() => {
            reload();
            void qc.invalidateQueries({ queryKey: keys.bookings.all });
          }}
        />
      )}
      <Paper withBorder p="md">
        <SegmentedControl
          mb="sm"
          aria-label="Show lines"
          value={status}
          onChange={setStatus}
          data={[
            { value: 'all', label: `All (${s.lines_in_file - s.lines_skipped})` },
            ...FILTERS.map((f) => ({
              value: f,
              label: `${f === 'debit' ? 'Debits' : BANK_LINE_STATUS_LABELS[f]} (${count(f)})`,
            })),
          ]}
        />
        <LinesTable statementId={id} status={status === 'all' ? undefined : status} mayRecord={mayRecord} />
      </Paper>
    </Stack>
  );
}

function StatementFacts({ s }: { s: BankStatement }) {
  return (
    <Group gap="lg" wrap="wrap">
      <Text size="sm">
        {BANK_FORMAT_LABELS[s.format]} · account {s.account}
      </Text>
      <Text size="sm">
        Imported {formatDateTime(s.created_at as string)}
        {s.imported_by_name ? ` by ${s.imported_by_name}` : ''}
      </Text>
      <Text size="sm">
        {s.lines_in_file} lines in the file
        {s.lines_skipped ? `, ${s.lines_skipped} imported before (skipped)` : ''}
      </Text>
      <Text size="sm">Credits still to record: {formatMoney(s.credits_open as string)}</Text>
      {s.status !== 'ready' && <Badge color={s.status === 'failed' ? 'red' : 'gray'}>{s.status}</Badge>}
    </Group>
  );
}

export type { BankLineRow };
