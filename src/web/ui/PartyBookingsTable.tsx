import { Badge, Group, Text } from '@mantine/core';
import type { PartyBookingRow } from '../../shared/api/agents';
import type { Endpoint } from '../../shared/api/contract';
import { implementedRoutes, pathTo } from '../../shared/routes';
import { formatDate } from '../lib/format';
import { EditLink } from './RowActions';
import { ServerTable, type ServerTableColumn } from './ServerTable';

/**
 * The bookings of an agent or affiliate (spec 2 §2: agent edit 'ref, customer, date booked and
 * view'; affiliate Bookings tab 'booking ref, customer ('-' when none), date booked and edit'),
 * from `endpoint` (agentsApi.bookings or affiliatesApi.bookings) with `params` {id}. Imported
 * bookings show the old system's id as their reference. The link to a booking appears once the
 * booking edit screen exists.
 */
export function PartyBookingsTable({
  endpoint,
  params,
  queryKeyPrefix,
  label,
  linkLabel,
  pageSizes,
}: {
  endpoint: Endpoint;
  params: { id: number };
  /** The party's key (e.g. `keys.agents.one(id)`), so saving the party reloads the table too. */
  queryKeyPrefix?: readonly unknown[];
  label: string;
  linkLabel: 'View' | 'Edit';
  pageSizes: number[];
}) {
  const canOpen = implementedRoutes.has('booking-edit');
  const columns: ServerTableColumn<PartyBookingRow>[] = [
    {
      accessor: 'booking_ref',
      title: 'Booking ref',
      sortable: true,
      noWrap: true,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{r.booking_ref ?? r.old_booking_id ?? '-'}</Text>
          {r.is_old && (
            <Badge size="xs" variant="light" color="gray">
              Old
            </Badge>
          )}
        </Group>
      ),
    },
    { accessor: 'customer_name', title: 'Customer', sortable: true, render: (r) => r.customer_name || '-' },
    {
      accessor: 'created_at',
      title: 'Date booked',
      sortable: true,
      noWrap: true,
      width: 140,
      render: (r) => formatDate(r.created_at),
    },
  ];
  if (canOpen) {
    columns.push({
      accessor: 'actions',
      title: '',
      width: 80,
      render: (r) => <EditLink to={pathTo('booking-edit', { id: r.id })} label={linkLabel} />,
    });
  }
  return (
    <ServerTable<PartyBookingRow>
      label={label}
      endpoint={endpoint}
      params={params}
      queryKeyPrefix={queryKeyPrefix}
      columns={columns}
      pageSizes={pageSizes}
      quickSearch
      searchPlaceholder="Reference or customer…"
      emptyText="No bookings found"
    />
  );
}
