import { Button, Paper } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type BookingRow, bookingsApi } from '../../../shared/api/bookings';
import { can } from '../../../shared/permissions';
import { implementedRoutes, pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { useSession } from '../../api/session';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable } from '../../ui/ServerTable';
import { BookingSearchForm } from './BookingSearchForm';
import { BOOKINGS_DEFAULT_ORDER, bookingColumns } from './booking-columns';
import {
  type BookingSearch,
  bookingSearchFromUrl,
  bookingSearchToUrl,
  emptyBookingSearch,
  toBookingTableFilters,
} from './booking-search';

/** The New booking and Edit screens join as their routes are implemented. */
const hasCreateScreen = implementedRoutes.has('booking-create');
const hasEditScreen = implementedRoutes.has('booking-edit');

/** Spec 1 §9: bookings table page sizes, default 25, search delay 1500 ms. */
const PAGE_SIZES = [25, 50, 100, 500];
const SEARCH_DELAY = 1500;

/**
 * Bookings list (/bookings, spec 1 §2): search form and the server-side bookings table. A link may
 * open it searched (`/bookings?search_by_…`, the dashboard's tiles) or quick-searched (`?q=`, the
 * global search's "and n more"; a new `q` opens the list afresh); a search puts its filters back
 * in the URL, so a reload or a shared link shows the same list.
 */
export function BookingsListPage() {
  const [params] = useSearchParams();
  const q = params.get('q')?.slice(0, 100) ?? '';
  return <BookingsList key={q} quick={q} />;
}

function BookingsList({ quick }: { quick: string }) {
  const { role } = useSession();
  const [params, setParams] = useSearchParams();
  const urlSearch = params.toString();
  const [draft, setDraft] = useState<BookingSearch>(() => bookingSearchFromUrl(params));
  const [applied, setApplied] = useState(() => toBookingTableFilters(bookingSearchFromUrl(params)));
  const [searchCount, setSearchCount] = useState(0);
  const mayEdit = can(role, 'bookings.update');
  // A list of balances (the dashboard's due and overdue figures) shows what is owed and when.
  const withBalance = Boolean(
    applied.search_by_outstanding || applied.search_by_balance_due_start || applied.search_by_balance_due_end,
  );
  const columns = bookingColumns({ withEdit: hasEditScreen, mayEdit, withBalance });

  // A link followed while the list is open (e.g. from the header) searches anew.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL's query is the trigger
  useEffect(() => {
    const fromUrl = bookingSearchFromUrl(new URLSearchParams(urlSearch));
    // The list's own search put this query there: keep the draft (it may hold a party too).
    if (JSON.stringify(bookingSearchToUrl(fromUrl)) === JSON.stringify(bookingSearchToUrl(draft))) return;
    setDraft(fromUrl);
    setApplied(toBookingTableFilters(fromUrl));
  }, [urlSearch]);

  const search = (next: BookingSearch) => {
    setApplied(toBookingTableFilters(next));
    setSearchCount((n) => n + 1);
    // The quick search a link opened stays in the URL with the form's filters.
    setParams({ ...bookingSearchToUrl(next), ...(quick ? { q: quick } : {}) }, { replace: true });
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
          initialSearch={quick}
          searchDelay={SEARCH_DELAY}
          searchPlaceholder="Reference, customer, postcode…"
        />
      </Paper>
    </>
  );
}
