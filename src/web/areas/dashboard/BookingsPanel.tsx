import { Badge, Group, Paper, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DashboardBooking } from '../../../shared/api/dashboard';
import { pathTo } from '../../../shared/routes';
import { RouterAnchor } from '../../ui/RouterAnchor';

export interface PanelColumn {
  label: string;
  render: (b: DashboardBooking) => ReactNode;
  align?: 'right';
}

/**
 * The first bookings of a dashboard figure (up to five) as a small table — reference (to the
 * booking), who it is for and the columns the figure needs — with 'View all n' to the filtered
 * bookings list, or `empty` when there is nothing to do.
 */
export function BookingsPanel({
  id,
  title,
  count,
  listLink,
  bookings,
  columns,
  empty,
}: {
  id: string;
  title: string;
  count: number;
  listLink: string;
  bookings: DashboardBooking[];
  columns: PanelColumn[];
  empty: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${id}-title`} h="100%">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5" id={`${id}-title`}>
          {title}
        </Title>
        {count > 0 && (
          <RouterAnchor to={listLink} size="sm" fw={600}>
            View all {count.toLocaleString('en-GB')}
          </RouterAnchor>
        )}
      </Group>
      {bookings.length === 0 ? (
        <Text size="sm" c="dimmed" py="md">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={6} fz="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Booking</Table.Th>
                <Table.Th>For</Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c.label} ta={c.align}>
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bookings.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>
                    <RouterAnchor to={pathTo('booking-edit', { id: b.id })} fw={600}>
                      {b.reference}
                    </RouterAnchor>
                  </Table.Td>
                  <Table.Td>
                    {b.party ?? (
                      <Text span c="dimmed" size="sm">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.label} ta={c.align}>
                      {c.render(b)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** 'n of m' passengers and a Passports badge: what a booking departing soon is missing. */
export function MissingDetails({ b }: { b: DashboardBooking }) {
  return (
    <Group gap={6} wrap="nowrap">
      {b.passengers < b.guests && (
        <Badge color="grape" variant="light" size="sm">
          {b.passengers} of {b.guests} passengers
        </Badge>
      )}
      {b.passports_missing && (
        <Badge color="orange" variant="light" size="sm">
          Passports
        </Badge>
      )}
    </Group>
  );
}
