import { Badge, Group, Paper, Table, Text, Title } from '@mantine/core';
import { CUSTOMER_MESSAGE_KIND_LABELS } from '../../../shared/api/customer-messages';
import type { DashboardAnswer } from '../../../shared/api/dashboard';
import { pathTo } from '../../../shared/routes';
import { formatDateTime } from '../../lib/format';
import { RouterAnchor } from '../../ui/RouterAnchor';

/**
 * "From customers" (issue #23): how many messages and updates from the customers' side nobody has
 * marked read, and the newest of them (up to ten) — booking (to its screen, where they are read and
 * marked), who it is for, what kind, the text on one line and when.
 */
export function CustomerMessagesPanel({ data }: { data: DashboardAnswer['from_customers'] }) {
  const shown = data.messages.length;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      id="from-customers"
      aria-labelledby="from-customers-title"
      style={data.count > 0 ? { borderLeft: '4px solid var(--mantine-color-blue-6)' } : undefined}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="sm">
          <Title order={2} size="h5" id="from-customers-title">
            From customers
          </Title>
          {data.count > 0 && (
            <Badge color="blue" variant="filled" radius="sm">
              {data.count.toLocaleString('en-GB')} unread
            </Badge>
          )}
        </Group>
        {data.count > shown && (
          <Text size="sm" c="dimmed">
            The newest {shown} are shown
          </Text>
        )}
      </Group>
      {shown === 0 ? (
        <Text size="sm" c="dimmed" py="md">
          No new messages from customers.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={6} fz="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Booking</Table.Th>
                <Table.Th>For</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Text</Table.Th>
                <Table.Th>When</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.messages.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    <RouterAnchor to={pathTo('booking-edit', { id: m.booking_id })} fw={600}>
                      {m.reference}
                    </RouterAnchor>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {m.party ?? (
                      <Text span c="dimmed" size="sm">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge
                      // A table gives a cell its content's narrowest width; a badge's label may shrink to nothing.
                      style={{ minWidth: 'max-content' }}
                      color={m.kind === 'message' ? 'indigo' : 'gray'}
                      variant="light"
                      size="sm"
                      radius="sm"
                    >
                      {CUSTOMER_MESSAGE_KIND_LABELS[m.kind]}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.body}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
