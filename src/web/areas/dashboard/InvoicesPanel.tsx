import { Badge, Group, Paper, Table, Text, Title } from '@mantine/core';
import type { DashboardAnswer } from '../../../shared/api/dashboard';
import { groupThousands } from '../../../shared/money-text';
import { implementedRoutes, pathTo } from '../../../shared/routes';
import { formatDate, formatMoney } from '../../lib/format';
import { RouterAnchor } from '../../ui/RouterAnchor';

/**
 * Supplier invoices with money outstanding, due by Sunday or overdue (issue #14): supplier (to its
 * screen, where the invoices are paid), number, due date and what is left, in pounds and — for
 * another currency — in the invoice's own.
 */
export function InvoicesPanel({
  data,
  today,
}: {
  data: DashboardAnswer['supplier_invoices'];
  today: string;
}) {
  const supplierLinks = implementedRoutes.has('supplier-edit');
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      id="supplier-invoices"
      aria-labelledby="supplier-invoices-title"
      h="100%"
    >
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5" id="supplier-invoices-title">
          Supplier invoices due by {formatDate(data.until)}
        </Title>
      </Group>
      {data.invoices.length === 0 ? (
        <Text size="sm" c="dimmed" py="md">
          No supplier invoice is due this week.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={6} fz="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Supplier</Table.Th>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th ta="right">Outstanding</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.invoices.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    {supplierLinks ? (
                      <RouterAnchor to={pathTo('supplier-edit', { id: i.supplier_id })} fw={600}>
                        {i.supplier_name}
                      </RouterAnchor>
                    ) : (
                      i.supplier_name
                    )}
                  </Table.Td>
                  <Table.Td>{i.invoice_number}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {formatDate(i.invoice_due_date)}
                      {i.invoice_due_date < today && (
                        <Badge color="red" variant="light" size="sm">
                          Overdue
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    {formatMoney(i.outstanding_gbp)}
                    {i.currency_type !== 'Sterling' && (
                      <Text span size="xs" c="dimmed" display="block">
                        {groupThousands(i.outstanding)} {i.currency_type}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
