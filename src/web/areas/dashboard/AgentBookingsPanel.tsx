import { Group, Table, Text } from '@mantine/core';
import type { DashboardAnswer } from '../../../shared/api/dashboard';
import { pathTo } from '../../../shared/routes';
import { formatDate, formatMoney } from '../../lib/format';
import { RouterAnchor } from '../../ui/RouterAnchor';
import { DashboardPanel } from './DashboardPanel';

/**
 * New bookings from agents (issue #25): bookings agencies made on their side, still Pending and not
 * yet reviewed, newest first — the agency, the reference (linking to the booking, where staff review
 * and accept it), the lead client, departure and total due; and every agent booking in the list.
 */
export function AgentBookingsPanel({ data }: { data: DashboardAnswer['agent_bookings'] }) {
  return (
    <DashboardPanel
      id="agent-bookings"
      title="New bookings from agents"
      aside={
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {data.count} to review
          </Text>
          <RouterAnchor to={pathTo('bookings', undefined, { search_by_from_agent: '1' })} size="sm">
            All agent bookings
          </RouterAnchor>
        </Group>
      }
    >
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing={6} fz="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Booking</Table.Th>
              <Table.Th>Agency</Table.Th>
              <Table.Th>Departs</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.bookings.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>
                  <RouterAnchor to={pathTo('booking-edit', { id: b.id })} fw={600}>
                    {b.reference}
                  </RouterAnchor>
                  {b.client && (
                    <Text span size="xs" c="dimmed" display="block">
                      {b.client}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{b.agency ?? '—'}</Table.Td>
                <Table.Td>{formatDate(b.departure_date)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatMoney(b.total_due)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </DashboardPanel>
  );
}
