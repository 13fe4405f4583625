import { Button, Paper } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { type BookingRow, bookingsApi } from '../../../shared/api/bookings';
import { can } from '../../../shared/permissions';
import { implementedRoutes, pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { useSession } from '../../api/session';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable } from '../../ui/ServerTable';
import { BookingSearchForm } from './BookingSearchForm';
import { BOOKINGS_DEFAULT_ORDER, bookingColumns } from './booking-columns';
import { type BookingSearch, emptyBookingSearch, toBookingTableFilters } from './booking-search';

/** The New booking and Edit screens join as their routes are implemented. */
const hasCreateScreen = implementedRoutes.has('booking-create');
const hasEditScreen = implementedRoutes.has('booking-edit');

/** Spec 1 §9: bookings table page sizes, default 25, search delay 1500 ms. */
const PAGE_SIZES = [25, 50, 100, 500];
const SEARCH_DELAY = 1500;

/** Bookings list (/bookings, spec 1 §2): search form and the server-side bookings table. */
export function BookingsListPage() {
  const { role } = useSession();
  const [draft, setDraft] = useState<BookingSearch>(emptyBookingSearch);
  const [applied, setApplied] = useState(() => toBookingTableFilters(emptyBookingSearch));
  const [searchCount, setSearchCount] = useState(0);
  const mayEdit = can(role, 'bookings.update');
  const columns = bookingColumns({ withEdit: hasEditScreen, mayEdit });

  const search = (next: BookingSearch) => {
    setApplied(toBookingTableFilters(next));
    setSearchCount((n) => n + 1);
  };

  return (
    <>
      <PageHeader
        title="Bookings"
        actions={
          hasCreateScreen &&
          can(role, 'bookings.create') && (
            <Button component={Link} to={pathTo('booking-create')}>
              New booking
            </Button>
          )
        }
      />
      <BookingSearchForm
        value={draft}
        onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        onSearch={() => search(draft)}
        onReset={() => {
          setDraft(emptyBookingSearch);
          search(emptyBookingSearch);
        }}
      />
      <Paper withBorder p="md" radius="md">
        <ServerTable<BookingRow>
          label="Bookings"
          endpoint={bookingsApi.table}
          queryKeyPrefix={keys.bookings.all}
          columns={columns}
          filters={applied}
          reloadKey={searchCount}
          pageSizes={PAGE_SIZES}
          defaultPageSize={25}
          defaultOrder={BOOKINGS_DEFAULT_ORDER}
          quickSearch
          searchDelay={SEARCH_DELAY}
          searchPlaceholder="Reference, customer, postcode…"
        />
      </Paper>
    </>
  );
}
