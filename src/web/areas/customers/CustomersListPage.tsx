import { Badge, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type CustomerRow, customersApi } from '../../../shared/api/customers';
import { implementedRoutes, pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDate } from '../../lib/format';
import { EntityListPage, ListFilters } from '../../ui/entity-list';
import { Can } from '../../ui/permissions';
import { DelayedSearchInput, useDelayedSearch } from '../../ui/QuickSearch';
import type { ServerTableColumn } from '../../ui/ServerTable';
import { BrochureRequestLookupButton } from '../brochure-requests';
import { RetentionButton } from './gdpr/RetentionButton';

/** Spec 2 §9: the customers table's search delay. */
const SEARCH_DELAY = 1500;

const columns: ServerTableColumn<CustomerRow>[] = [
  { accessor: 'first_name', title: 'First name', sortable: true },
  {
    accessor: 'last_name',
    title: 'Last name',
    sortable: true,
    render: (r) => (
      <Group gap={6} wrap="nowrap">
        <span>{r.last_name}</span>
        {r.is_blacklisted && (
          <Badge color="red" variant="light" size="sm">
            Blacklisted
          </Badge>
        )}
      </Group>
    ),
  },
  {
    accessor: 'email',
    title: 'Email',
    sortable: true,
    // A long address breaks anywhere rather than pushing Actions off the screen (issue #22 point 9).
    render: (r) => <span className="break-anywhere">{r.email ?? ''}</span>,
  },
  {
    accessor: 'phone_number',
    title: 'Phone',
    sortable: true,
    noWrap: true,
    render: (r) => r.phone_number ?? r.mobile_number ?? '',
  },
  { accessor: 'postcode', title: 'Post code', sortable: true, noWrap: true, render: (r) => r.postcode ?? '' },
  {
    accessor: 'created_at',
    title: 'Created',
    sortable: true,
    noWrap: true,
    render: (r) => formatDate(r.created_at),
  },
];

/**
 * Customers list (/customers, spec 2 §2): search by post code and an open search (name, post code,
 * email or phone), 25 per page (25, 50, 100, 500), newest first (column 5 descending, spec 2 §9),
 * a CSV export of the filtered list, Edit → customer-edit. 'New customer' and 'Manage customers'
 * for role 1 (spec 2 §6); the latter once the duplicate-customers screen exists. A link may open it
 * searched (`/customers?q=`, the global search's "and n more"; a new `q` opens it afresh).
 */
export function CustomersListPage() {
  const [params] = useSearchParams();
  const q = params.get('q')?.slice(0, 100) ?? '';
  return <CustomersList key={q} initialSearch={q} />;
}

function CustomersList({ initialSearch }: { initialSearch: string }) {
  const postcode = useDelayedSearch(SEARCH_DELAY);
  const open = useDelayedSearch(SEARCH_DELAY, initialSearch);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await api.call(customersApi.export, {
        query: {
          pincode_search: postcode.search.trim() || undefined,
          open_search: open.search.trim() || undefined,
        },
        fallbackName: 'customers.csv',
      });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Error', message: (e as Error).message });
    } finally {
      setExporting(false);
    }
  };

  return (
    <EntityListPage<CustomerRow>
      title="Customers"
      create={{ label: 'New customer', route: 'create-new-customer', permission: 'customers.create' }}
      headerActions={
        <>
          <Button variant="default" onClick={exportCsv} disabled={exporting}>
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
          <BrochureRequestLookupButton />
          <RetentionButton />
          {implementedRoutes.has('duplicate-customers') && (
            <Can permission="customers.update">
              <Button variant="light" component={Link} to={pathTo('duplicate-customers')}>
                Manage customers
              </Button>
            </Can>
          )}
        </>
      }
      endpoint={customersApi.table}
      queryKey={keys.customers.all}
      columns={columns}
      actions={{ width: 80, edit: { route: 'customer-edit', permission: 'customers.update' } }}
      filters={{ pincode_search: postcode.search, open_search: open.search }}
      filterBar={
        <ListFilters>
          <DelayedSearchInput
            box={postcode}
            label="Post code"
            placeholder="e.g. LS6 or LS6 2QT"
            w={{ base: '100%', xs: 200 }}
          />
          <DelayedSearchInput
            box={open}
            label="Search"
            placeholder="Name, email, post code or phone…"
            type="search"
            w={{ base: '100%', xs: 340 }}
          />
          {(postcode.text || open.text) && (
            <Button
              variant="subtle"
              onClick={() => {
                postcode.clear();
                open.clear();
              }}
            >
              Clear
            </Button>
          )}
        </ListFilters>
      }
      pageSizes={[25, 50, 100, 500]}
      defaultOrder={{ column: 5, dir: 'desc' }}
      emptyText="No customers found"
    />
  );
}
