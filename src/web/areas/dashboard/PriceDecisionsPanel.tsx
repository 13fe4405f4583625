import { Table, Text } from '@mantine/core';
import type { DashboardAnswer } from '../../../shared/api/dashboard';
import { pathTo } from '../../../shared/routes';
import { formatDate, formatMoney } from '../../lib/format';
import { RouterAnchor } from '../../ui/RouterAnchor';
import { DashboardPanel } from './DashboardPanel';

/**
 * Price increases waiting for the customer's decision (issue #27; PTR 2018 reg. 11: accept, or
 * cancel without a charge, by the response date — no answer by then counts as accepted): how many,
 * and the soonest response dates first, each linking to its booking, where staff record an answer
 * given by phone.
 */
export function PriceDecisionsPanel({ data }: { data: DashboardAnswer['price_decisions'] }) {
  return (
    <DashboardPanel
      id="price-decisions"
      title="Price changes waiting for the customer"
      aside={
        <Text size="sm" c="dimmed">
          {data.count} booking{data.count === 1 ? '' : 's'}
        </Text>
      }
    >
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing={6} fz="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Booking</Table.Th>
              <Table.Th ta="right">Increase</Table.Th>
              <Table.Th ta="right">New total</Table.Th>
              <Table.Th>Answer by</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.decisions.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <RouterAnchor to={pathTo('booking-edit', { id: d.id })} fw={600}>
                    {d.reference}
                  </RouterAnchor>
                  {d.party && (
                    <Text span size="xs" c="dimmed" display="block">
                      {d.party}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(d.amount)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatMoney(d.total_after)}
                </Table.Td>
                <Table.Td>{formatDate(d.respond_by)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </DashboardPanel>
  );
}
