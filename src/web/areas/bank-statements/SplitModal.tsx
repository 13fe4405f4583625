import { Alert, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type BankLineRow, bankStatementsApi, splitProblem } from '../../../shared/api/bank-statements';
import { allocatedTotal } from '../../../shared/bank-matching';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDate, formatMoney } from '../../lib/format';
import { MoneyInput, numberText } from '../../ui/form';
import { Modal } from '../../ui/Modal';
import { useRecordLine } from './record-line';

type Party = { kind: 'agent' | 'group'; id: number; label: string };

/**
 * Split a line across bookings (issue #26): an agent's transfer across the agent's bookings, a
 * group's cheque across the group's. The bookings owing are listed oldest balance due first with
 * a proposed allocation (each up to what it owes); staff change the amounts, see the total against
 * the line, and record only when it adds up exactly (the shared `splitProblem`).
 */
export function SplitModal({
  line,
  agentId,
  onClose,
}: {
  line: BankLineRow;
  agentId: number | null;
  onClose: () => void;
}) {
  const [party, setParty] = useState<Party | null>(
    agentId ? { kind: 'agent', id: agentId, label: 'The suggested agent' } : null,
  );
  const [q, setQ] = useState('');
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  // The chosen option's label comes back as the search text: its 'Agent: '/'Group: ' is not searched.
  const term = q.replace(/^(Agent|Group): /, '').trim();
  const parties = useQuery({
    queryKey: keys.bankStatements.sub(0, 'parties', term),
    queryFn: () => api.call(bankStatementsApi.parties, { query: { q: term } }),
    enabled: term.length >= 2,
  });
  const split = useQuery({
    queryKey: keys.bankStatements.sub(line.id, 'split', party),
    queryFn: async () => {
      const answer = await api.call(bankStatementsApi.split, {
        params: { id: line.id },
        query: party?.kind === 'agent' ? { agent_id: party.id } : { group_id: party?.id },
      });
      setAmounts(Object.fromEntries(answer.data.allocations.map((a) => [a.booking_id, a.amount])));
      return answer.data;
    },
    enabled: party !== null,
  });
  const record = useRecordLine(onClose);
  const options = [
    ...(parties.data?.data.agents ?? []).map((a) => ({ value: `agent:${a.id}`, label: `Agent: ${a.name}` })),
    ...(parties.data?.data.groups ?? []).map((g) => ({ value: `group:${g.id}`, label: `Group: ${g.label}` })),
  ];
  const allocations = Object.entries(amounts)
    .filter(([, a]) => a.trim() !== '' && Number(a) !== 0)
    .map(([id, amount]) => ({ booking_id: Number(id), amount: amount.trim() }));
  const readable = allocations.every((a) => /^\d+(\.\d{1,2})?$/.test(a.amount));
  const problem = !readable
    ? 'Enter amounts in pounds and pence.'
    : allocations.length === 0
      ? 'Allocate the line to at least one booking.'
      : splitProblem(line.amount as string, allocations);
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Split ${formatMoney(line.amount as string)} from ${line.payer || 'this line'}`}
      size="xl"
    >
      <Stack>
        <Select
          label="Agent or tour group"
          placeholder="Type two letters of a name…"
          searchable
          // The server filters by every word typed; the list is shown as it answers.
          filter={({ options }) => options}
          data={
            party && !options.some((o) => o.value === `${party.kind}:${party.id}`)
              ? [...options, { value: `${party.kind}:${party.id}`, label: party.label }]
              : options
          }
          value={party ? `${party.kind}:${party.id}` : null}
          searchValue={q}
          onSearchChange={setQ}
          onChange={(v) => {
            if (!v) return setParty(null);
            const [kind, id] = v.split(':');
            const label = options.find((o) => o.value === v)?.label ?? party?.label ?? '';
            setParty({ kind: kind as Party['kind'], id: Number(id), label });
          }}
          nothingFoundMessage={term.length >= 2 ? 'No agent or group of that name' : undefined}
          data-autofocus
        />
        {split.data && (
          <>
            <Table striped withTableBorder aria-label="Split across bookings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Booking</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Departure</Table.Th>
                  <Table.Th ta="right">Owes</Table.Th>
                  <Table.Th>Allocate</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {split.data.bookings.map((b) => (
                  <Table.Tr key={b.booking_id}>
                    <Table.Td>{b.booking_ref ?? `#${b.booking_id}`}</Table.Td>
                    <Table.Td>{b.name ?? ''}</Table.Td>
                    <Table.Td>{formatDate(b.departure_date)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(b.owed as string)}</Table.Td>
                    <Table.Td>
                      <MoneyInput
                        aria-label={`Allocate to ${b.booking_ref ?? b.booking_id}`}
                        value={amounts[b.booking_id] ?? ''}
                        onChange={(v) => setAmounts((m) => ({ ...m, [b.booking_id]: numberText(v) }))}
                        w={130}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {split.data.bookings.length === 0 && <Text size="sm">No bookings of theirs owe anything.</Text>}
            <Text size="sm">
              Allocated {formatMoney(readable ? allocatedTotal(allocations) : '0')} of{' '}
              {formatMoney(line.amount as string)}
            </Text>
            {problem && (
              <Alert color="yellow" variant="light">
                {problem}
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!split.data || problem !== null}
            loading={record.isPending}
            onClick={() => record.mutate({ lineId: line.id, allocations })}
          >
            Record {allocations.length} payment{allocations.length === 1 ? '' : 's'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
