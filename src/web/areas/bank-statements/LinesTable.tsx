import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BANK_LINE_STATUS_LABELS,
  type BankLineRow,
  bankStatementsApi,
} from '../../../shared/api/bank-statements';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDate, formatMoney } from '../../lib/format';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { RouterAnchor } from '../../ui/RouterAnchor';
import { ServerTable } from '../../ui/ServerTable';
import { ChooseBookingModal } from './ChooseBookingModal';
import { useRecordLine } from './record-line';
import { SplitModal } from './SplitModal';

const STATUS_COLOURS: Record<BankLineRow['status'], string> = {
  matched: 'green',
  suggested: 'yellow',
  unmatched: 'gray',
  recorded: 'blue',
  ignored: 'gray',
  debit: 'red',
};

const bookingLink = (id: number, ref: string | null) => (
  <RouterAnchor to={pathTo('booking-edit', { id })} size="sm">
    {ref ?? `#${id}`}
  </RouterAnchor>
);

/** A statement's lines (issue #26) with what each matched or may match, and its actions. */
export function LinesTable({
  statementId,
  status,
  mayRecord,
}: {
  statementId: number;
  status?: string;
  mayRecord: boolean;
}) {
  const [splitting, setSplitting] = useState<{ line: BankLineRow; agentId: number | null } | null>(null);
  const [choosing, setChoosing] = useState<BankLineRow | null>(null);
  const record = useRecordLine();
  const qc = useQueryClient();
  const ignore = useNoticeMutation(
    (v: { id: number; ignored: boolean }) =>
      api.call(bankStatementsApi.ignore, { params: { id: v.id }, body: { ignored: v.ignored } }),
    { onSuccess: () => void qc.invalidateQueries({ queryKey: keys.bankStatements.all }) },
  );
  const busy = record.isPending || ignore.isPending;
  return (
    <>
      <ServerTable<BankLineRow>
        label="Statement lines"
        endpoint={bankStatementsApi.lines}
        params={{ id: statementId }}
        queryKeyPrefix={keys.bankStatements.one(statementId)}
        filters={{ status }}
        pageSizes={[50, 100, 500]}
        quickSearch
        searchPlaceholder="Reference, payer or booking…"
        emptyText="No lines"
        columns={[
          {
            accessor: 'booked_on',
            title: 'Date',
            sortable: true,
            width: 96,
            render: (l) => formatDate(l.booked_on),
          },
          {
            accessor: 'amount',
            title: 'Amount',
            sortable: true,
            textAlign: 'right',
            width: 104,
            render: (l) => formatMoney(l.amount as string),
          },
          {
            accessor: 'payer',
            title: 'Payer and reference',
            render: (l) => (
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {l.payer || '—'}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {l.reference}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'status',
            title: 'Status',
            width: 124,
            render: (l) => (
              <Badge color={STATUS_COLOURS[l.status]}>{BANK_LINE_STATUS_LABELS[l.status]}</Badge>
            ),
          },
          {
            accessor: 'booking',
            title: 'Booking',
            render: (l) => <LineBooking line={l} mayRecord={mayRecord} busy={busy} record={record.mutate} />,
          },
          {
            accessor: 'actions',
            title: '',
            width: 260,
            render: (l) =>
              mayRecord && (
                <Group gap={6} wrap="wrap">
                  {l.status === 'matched' && l.booking_id && (
                    <Button
                      size="compact-sm"
                      disabled={busy}
                      onClick={() =>
                        record.mutate({
                          lineId: l.id,
                          allocations: [{ booking_id: l.booking_id as number, amount: l.amount as string }],
                        })
                      }
                    >
                      Confirm
                    </Button>
                  )}
                  {['suggested', 'unmatched'].includes(l.status) && (
                    <Button size="compact-sm" variant="default" onClick={() => setChoosing(l)}>
                      Choose booking…
                    </Button>
                  )}
                  {['matched', 'suggested', 'unmatched'].includes(l.status) && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() =>
                        setSplitting({
                          line: l,
                          agentId: l.suggestions.find((s) => s.agent_id)?.agent_id ?? null,
                        })
                      }
                    >
                      Split…
                    </Button>
                  )}
                  {['suggested', 'unmatched'].includes(l.status) && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      disabled={busy}
                      onClick={() => ignore.mutate({ id: l.id, ignored: true })}
                    >
                      Set aside
                    </Button>
                  )}
                  {l.status === 'ignored' && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      disabled={busy}
                      onClick={() => ignore.mutate({ id: l.id, ignored: false })}
                    >
                      Restore
                    </Button>
                  )}
                </Group>
              ),
          },
        ]}
      />
      {splitting && (
        <SplitModal line={splitting.line} agentId={splitting.agentId} onClose={() => setSplitting(null)} />
      )}
      {choosing && <ChooseBookingModal line={choosing} onClose={() => setChoosing(null)} />}
    </>
  );
}

/** What a line found: its booking (and what it owes), its payments once recorded, or its suggestions. */
function LineBooking({
  line: l,
  mayRecord,
  busy,
  record,
}: {
  line: BankLineRow;
  mayRecord: boolean;
  busy: boolean;
  record: ReturnType<typeof useRecordLine>['mutate'];
}) {
  if (l.status === 'recorded')
    return (
      <Stack gap={2}>
        {l.payments.map((p) => (
          <Text size="sm" key={p.id}>
            {bookingLink(p.booking_id, p.booking_ref)} {formatMoney(p.amount)} by BACS
          </Text>
        ))}
      </Stack>
    );
  if (l.status === 'matched' && l.booking_id)
    return (
      <Text size="sm">
        {bookingLink(l.booking_id, l.booking_ref)} {l.booking_name ?? ''} · owes{' '}
        {formatMoney(l.booking_owed as string)}
      </Text>
    );
  if (!l.suggestions.length) return null;
  return (
    <Stack gap={4}>
      {l.suggestions.slice(0, 3).map((s) => (
        <Group key={s.booking_id} gap={6} wrap="nowrap">
          <Text size="sm">
            {bookingLink(s.booking_id, s.booking_ref)} {s.name ?? ''} · owes {formatMoney(s.owed)}{' '}
            <Text span size="xs" c="dimmed">
              ({s.reason}, {s.score})
            </Text>
          </Text>
          {mayRecord && l.status === 'suggested' && (
            <Button
              size="compact-xs"
              variant="light"
              disabled={busy}
              aria-label={`Use ${s.booking_ref} for this line`}
              onClick={() =>
                record({
                  lineId: l.id,
                  allocations: [{ booking_id: s.booking_id, amount: l.amount as string }],
                })
              }
            >
              Use
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
