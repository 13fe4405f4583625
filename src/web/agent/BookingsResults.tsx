import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import type { AgentBookingRow } from '../../shared/api/agent-side';
import { pathTo } from '../../shared/routes';
import { formatDate, formatMoney } from '../lib/format';
import { NEED_COLORS, NEED_LABELS, needsOf } from './needs';
import { StatusBadge } from './StatusBadge';

interface Answer {
  data: AgentBookingRow[];
  total: number;
  page: number;
  per_page: number;
}

/**
 * The agency's bookings of one page: a table from 768px up, a card per booking below; the reference
 * opens a current booking (an old-system one is listed, marked, and not a link); the needs show as
 * badges. Under it 'Showing a–b of n' and Previous/Next. `filtered` words the empty state.
 */
export function BookingsResults({
  answer,
  loading,
  refreshing,
  filtered,
  onPage,
}: {
  answer: Answer | undefined;
  loading: boolean;
  refreshing: boolean;
  filtered: boolean;
  onPage: (page: number) => void;
}) {
  const wide = useMediaQuery('(min-width: 48em)', true);
  if (loading) return <Skeleton height={240} radius="md" aria-label="Loading your bookings" />;
  if (!answer) return null;
  if (answer.data.length === 0)
    return (
      <Paper withBorder radius="md" p="xl" role="status">
        <Text ta="center" fw={600}>
          {filtered ? 'No bookings match these filters.' : 'Your agency has no bookings with us yet.'}
        </Text>
        <Text ta="center" c="dimmed" size="sm" mt={4}>
          {filtered ? 'Try another reference, surname or dates.' : 'Bookings you make for clients show here.'}
        </Text>
      </Paper>
    );
  const first = (answer.page - 1) * answer.per_page + 1;
  const last = first + answer.data.length - 1;
  const pages = Math.max(1, Math.ceil(answer.total / answer.per_page));
  return (
    <Stack gap="sm" aria-busy={refreshing}>
      {wide ? <BookingsTable rows={answer.data} /> : <BookingCards rows={answer.data} />}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" role="status">
          Showing {first} to {last} of {answer.total} bookings
        </Text>
        {pages > 1 && (
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="default"
              size="md"
              disabled={answer.page <= 1}
              onClick={() => onPage(answer.page - 1)}
            >
              Previous
            </Button>
            <Text size="sm" className="agent-nowrap">
              Page {answer.page} of {pages}
            </Text>
            <Button
              variant="default"
              size="md"
              disabled={answer.page >= pages}
              onClick={() => onPage(answer.page + 1)}
            >
              Next
            </Button>
          </Group>
        )}
      </Group>
    </Stack>
  );
}

/** The reference: a link to a current booking, plain text for an old-system one. */
function Ref({ row }: { row: AgentBookingRow }) {
  if (row.id === null || row.is_old)
    return (
      <Text span fw={600}>
        {row.booking_ref}
      </Text>
    );
  return (
    <Anchor component={Link} to={pathTo('agent-booking', { id: row.id })} fw={600}>
      {row.booking_ref}
    </Anchor>
  );
}

/** The status badge and the needs' badges (an old-system booking says so). */
function Badges({ row }: { row: AgentBookingRow }) {
  return (
    <Group gap={6} wrap="wrap">
      {row.is_old && (
        <Badge color="gray" variant="light" tt="none">
          Earlier system
        </Badge>
      )}
      {needsOf(row).map((n) => (
        <Badge key={n} color={NEED_COLORS[n]} variant="light" tt="none">
          {NEED_LABELS[n]}
        </Badge>
      ))}
    </Group>
  );
}

function BookingsTable({ rows }: { rows: AgentBookingRow[] }) {
  return (
    <Paper withBorder radius="md" className="agent-table-scroll">
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Departure</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Net balance</Table.Th>
            <Table.Th>Needs doing</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.is_old ? 'old' : 'new'}-${row.id ?? row.booking_ref}`}>
              <Table.Td className="agent-nowrap">
                <Ref row={row} />
              </Table.Td>
              <Table.Td>{row.client ?? '—'}</Table.Td>
              <Table.Td className="agent-nowrap">{formatDate(row.departure_date) || '—'}</Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td ta="right" className="agent-nowrap">
                {formatMoney(row.total_due)}
              </Table.Td>
              <Table.Td ta="right" className="agent-nowrap">
                {formatMoney(row.net_balance)}
              </Table.Td>
              <Table.Td>
                <Badges row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function BookingCards({ rows }: { rows: AgentBookingRow[] }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper
          key={`${row.is_old ? 'old' : 'new'}-${row.id ?? row.booking_ref}`}
          component="li"
          withBorder
          radius="md"
          p="sm"
        >
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Ref row={row} />
              <StatusBadge status={row.status} />
            </Group>
            <Text>{row.client ?? '—'}</Text>
            <Text size="sm">Departs {formatDate(row.departure_date) || '—'}</Text>
            <Group justify="space-between" gap="xs">
              <Text size="sm">Total {formatMoney(row.total_due)}</Text>
              <Text size="sm" fw={600}>
                Net balance {formatMoney(row.net_balance)}
              </Text>
            </Group>
            <Badges row={row} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
