import { Badge, Group, Table, Text } from '@mantine/core';
import type { DashboardAnswer } from '../../../shared/api/dashboard';
import { pathTo } from '../../../shared/routes';
import { formatDate, formatMoney } from '../../lib/format';
import { RouterAnchor } from '../../ui/RouterAnchor';
import { DashboardPanel } from './DashboardPanel';

/**
 * Refunds due on cancelled bookings (issue #27; PTR 2018 reg. 14: within 14 days of the
 * cancellation): how many and how much, the overdue count highlighted, and the oldest cancellations
 * first (the overdue ones lead), each linking to its booking where the refund is recorded.
 */
export function RefundsDuePanel({ data }: { data: DashboardAnswer['refunds_due'] }) {
  return (
    <DashboardPanel
      id="refunds-due"
      title="Refunds due"
      aside={
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {data.count} booking{data.count === 1 ? '' : 's'} · {formatMoney(data.sum)} to give back
          </Text>
          {data.overdue_count > 0 && (
            <Badge color="red" variant="filled" tt="none" data-testid="refunds-overdue">
              {data.overdue_count} overdue
            </Badge>
          )}
        </Group>
      }
    >
      {data.refunds.length === 0 ? (
        <Text size="sm" c="dimmed" py="md">
          No cancelled booking is owed a refund.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={6} fz="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Booking</Table.Th>
                <Table.Th>Cancelled</Table.Th>
                <Table.Th>Due by</Table.Th>
                <Table.Th ta="right">Refund due</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.refunds.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <RouterAnchor to={pathTo('booking-edit', { id: r.id })} fw={600}>
                      {r.reference}
                    </RouterAnchor>
                    {r.party && (
                      <Text span size="xs" c="dimmed" display="block">
                        {r.party}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatDate(r.cancelled_on)}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {formatDate(r.due_by)}
                      {r.overdue && (
                        <Badge color="red" variant="light" size="sm">
                          Overdue
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" c={r.overdue ? 'red.8' : undefined} fw={600}>
                    {formatMoney(r.refund_due)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </DashboardPanel>
  );
}
