import { Badge, Button, Group, Paper, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type CustomerRow, customersApi } from '../../../shared/api/customers';
import { implementedRoutes, pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDate } from '../../lib/format';
import { PageHeader } from '../../ui/PageHeader';
import { Can } from '../../ui/permissions';
import { EditLink } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn } from '../../ui/ServerTable';

/** Spec 2 §9: the customers table's search delay. */
const SEARCH_DELAY = 1500;

/** A filter field: applied SEARCH_DELAY ms after the last key, at once on Enter or when cleared. */
function useFilterText() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    if (text === search) return;
    const t = setTimeout(() => setSearch(text), SEARCH_DELAY);
    return () => clearTimeout(t);
  }, [text, search]);
  return {
    text,
    setText,
    search,
    applyNow: () => setSearch(text),
    clear: () => {
      setText('');
      setSearch('');
    },
  };
}

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
  { accessor: 'email', title: 'Email', sortable: true, render: (r) => r.email ?? '' },
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
  {
    accessor: 'actions',
    title: '',
    width: 80,
    render: (r) => <EditLink to={pathTo('customer-edit', { id: r.id })} permission="customers.update" />,
  },
];

/**
 * Customers list (/customers, spec 2 §2): search by post code and an open search (name, post code,
 * email or phone), 25 per page (25, 50, 100, 500), newest first (column 5 descending, spec 2 §9),
 * a CSV export of the filtered list, Edit → customer-edit. 'New customer' and 'Manage customers'
 * for role 1 (spec 2 §6); the latter once the duplicate-customers screen exists.
 */
export function CustomersListPage() {
  const postcode = useFilterText();
  const open = useFilterText();
  const [exporting, setExporting] = useState(false);
  const filters = { pincode_search: postcode.search, open_search: open.search };

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

  const enter = (apply: () => void) => (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      apply();
    }
  };

  return (
    <>
      <PageHeader
        title="Customers"
        actions={
          <>
            <Button variant="default" onClick={exportCsv} disabled={exporting}>
              {exporting ? 'Exporting...' : 'Export CSV'}
            </Button>
            {implementedRoutes.has('duplicate-customers') && (
              <Can permission="customers.update">
                <Button variant="light" component={Link} to={pathTo('duplicate-customers')}>
                  Manage customers
                </Button>
              </Can>
            )}
            <Can permission="customers.create">
              <Button component={Link} to={pathTo('create-new-customer')}>
                New customer
              </Button>
            </Can>
          </>
        }
      />
      <Paper withBorder p="md" radius="md">
        <Group mb="sm" gap="md" align="flex-end" wrap="wrap">
          <TextInput
            label="Post code"
            placeholder="e.g. LS6 or LS6 2QT"
            value={postcode.text}
            onChange={(e) => postcode.setText(e.currentTarget.value)}
            onKeyDown={enter(postcode.applyNow)}
            w={{ base: '100%', xs: 200 }}
          />
          <TextInput
            label="Search"
            placeholder="Name, email, post code or phone…"
            type="search"
            value={open.text}
            onChange={(e) => open.setText(e.currentTarget.value)}
            onKeyDown={enter(open.applyNow)}
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
        </Group>
        <ServerTable<CustomerRow>
          label="Customers"
          endpoint={customersApi.table}
          queryKeyPrefix={keys.customers.all}
          columns={columns}
          filters={filters}
          pageSizes={[25, 50, 100, 500]}
          defaultOrder={{ column: 5, dir: 'desc' }}
          emptyText="No customers found"
        />
      </Paper>
    </>
  );
}
