import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AgentStatement } from '../../shared/api/agent-side';
import { formatDate, formatMoney } from '../lib/format';
import { Facts } from '../portal/Facts';
import { StatusBadge } from './StatusBadge';

type Row = AgentStatement['rows'][number];

/** The money columns of a statement, in order, with their headings. */
const MONEY: [keyof AgentStatement['totals'], string][] = [
  ['gross', 'Gross'],
  ['commission', 'Commission'],
  ['vat', 'VAT'],
  ['net', 'Net'],
  ['paid', 'Paid'],
  ['net_balance', 'Net balance'],
];

/**
 * A commission statement's bookings and totals: a table from 768px up (scrolling inside its box
 * when narrower than its columns), a card per booking and a totals card on a phone.
 */
export function StatementTable({ statement }: { statement: AgentStatement }) {
  const wide = useMediaQuery('(min-width: 48em)', true);
  if (statement.rows.length === 0)
    return (
      <Paper withBorder radius="md" p="xl" role="status">
        <Text ta="center" fw={600}>
          No bookings depart in this month.
        </Text>
      </Paper>
    );
  return wide ? <WideTable statement={statement} /> : <Cards statement={statement} />;
}

function WideTable({ statement }: { statement: AgentStatement }) {
  return (
    <Paper withBorder radius="md" className="agent-table-scroll">
      <Table striped verticalSpacing="sm" horizontalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Booked</Table.Th>
            <Table.Th>Departure</Table.Th>
            <Table.Th>Status</Table.Th>
            {MONEY.map(([key, label]) => (
              <Table.Th key={key} ta="right">
                {label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statement.rows.map((row) => (
            <Table.Tr key={row.booking_ref}>
              <Table.Td className="agent-nowrap" fw={600}>
                {row.booking_ref}
              </Table.Td>
              <Table.Td>{row.client ?? '—'}</Table.Td>
              <Table.Td className="agent-nowrap">{formatDate(row.booked_on)}</Table.Td>
              <Table.Td className="agent-nowrap">{formatDate(row.departure_date) || '—'}</Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              {MONEY.map(([key]) => (
                <Table.Td key={key} ta="right" className="agent-nowrap">
                  {formatMoney(row[key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={5}>Totals</Table.Th>
            {MONEY.map(([key]) => (
              <Table.Th key={key} ta="right" className="agent-nowrap">
                {formatMoney(statement.totals[key])}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Paper>
  );
}

function Cards({ statement }: { statement: AgentStatement }) {
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm" component="section" aria-label="Totals" bg="indigo.0">
        <Text fw={700} mb={4}>
          Totals
        </Text>
        <Facts rows={MONEY.map(([key, label]) => [label, formatMoney(statement.totals[key])])} />
      </Paper>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {statement.rows.map((row) => (
          <Paper key={row.booking_ref} component="li" withBorder radius="md" p="sm">
            <RowCard row={row} />
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

function RowCard({ row }: { row: Row }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={700}>{row.booking_ref}</Text>
        <StatusBadge status={row.status} />
      </Group>
      <Text size="sm">
        {[row.client, `departs ${formatDate(row.departure_date) || '—'}`].filter(Boolean).join(', ')}
      </Text>
      <Facts rows={MONEY.map(([key, label]) => [label, formatMoney(row[key])])} />
    </Stack>
  );
}
