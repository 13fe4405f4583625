import { Button } from '@mantine/core';
import { Link } from 'react-router';
import type { BookingRow } from '../../../shared/api/bookings';
import { poundsText } from '../../../shared/money-text';
import { pathTo } from '../../../shared/routes';
import { formatDate, formatDateTime } from '../../lib/format';
import type { ServerTableColumn } from '../../ui/ServerTable';
import { BookingRefCell, CustomerCell, PartyCell } from './booking-cells';

/** Spec 1 §9: sorted by the sixth column (booking date) descending. Keep in step with the list below. */
export const BOOKINGS_DEFAULT_ORDER = { column: 5, dir: 'desc' } as const;

/**
 * The columns of the bookings list (spec 1 §2), named as the server's DataTables `columns[i][data]`.
 * The Edit action is added only once the edit screen exists; it reads 'View' for a role that may
 * not change bookings (`mayEdit`: bookings.update).
 */
export function bookingColumns({
  withEdit,
  mayEdit = true,
  withBalance = false,
}: {
  withEdit: boolean;
  mayEdit?: boolean;
  /**
   * Adds the balance's due date and amount, sortable (issue #22 point 12d): the lists of balances
   * due and overdue the dashboard opens. Added after the spec's columns, so the default order's
   * column index still holds.
   */
  withBalance?: boolean;
}): ServerTableColumn<BookingRow>[] {
  const action = mayEdit ? 'Edit' : 'View';
  const columns: ServerTableColumn<BookingRow>[] = [
    {
      accessor: 'booking_ref',
      title: 'Booking ref',
      sortable: true,
      noWrap: true,
      width: 140,
      render: (row) => <BookingRefCell row={row} />,
    },
    {
      accessor: 'departure_date',
      title: 'Departure date',
      sortable: true,
      noWrap: true,
      width: 150,
      render: (row) => formatDate(row.departure_date) || '—',
    },
    { accessor: 'customer', title: 'Customer', sortable: true, render: (row) => <CustomerCell row={row} /> },
    {
      accessor: 'agent',
      title: 'Agent',
      sortable: true,
      render: (row) => <PartyCell row={row} kind="agent" />,
    },
    {
      accessor: 'affiliate',
      title: 'Affiliate',
      sortable: true,
      render: (row) => <PartyCell row={row} kind="affiliate" />,
    },
    {
      accessor: 'created_at',
      title: 'Booking date',
      sortable: true,
      noWrap: true,
      width: 160,
      render: (row) => formatDateTime(row.created_at),
    },
  ];
  if (withBalance) {
    columns.push(
      {
        accessor: 'balance_due',
        title: 'Balance due',
        sortable: true,
        noWrap: true,
        render: (row) => formatDate(row.balance_due) || '—',
      },
      {
        accessor: 'balance',
        title: 'Balance',
        sortable: true,
        noWrap: true,
        textAlign: 'right',
        render: (row) => poundsText(row.balance),
      },
    );
  }
  if (withEdit) {
    columns.push({
      accessor: 'action',
      title: 'Action',
      textAlign: 'right',
      render: (row) => (
        <Button
          component={Link}
          to={pathTo('booking-edit', { id: row.id })}
          size="compact-sm"
          variant="light"
          aria-label={`${action} booking ${row.booking_ref ?? row.old_booking_id ?? row.id}`}
        >
          {action}
        </Button>
      ),
    });
  }
  return columns;
}
