import { Button, Paper } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import {
  ACCOMMODATION_DELETE_CONFIRM,
  type AccommodationRow,
  accommodationApi,
} from '../../../shared/api/accommodation';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { PageHeader } from '../../ui/PageHeader';
import { Can, useCan } from '../../ui/permissions';
import { RouterAnchor } from '../../ui/RouterAnchor';
import { DeleteAction, EditLink, RowActions } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';

/**
 * Accommodation list (/accommodation, spec 3 §2): name, resort, supplier; quick search; page sizes
 * 25, 50, 100, 500 and All; 'New accommodation' and delete for role 1.
 */
export function AccommodationListPage() {
  const table = useRef<ServerTableHandle>(null);
  const mayDelete = useCan('accommodation.delete');
  const columns: ServerTableColumn<AccommodationRow>[] = [
    {
      accessor: 'accommodation_name',
      title: 'Name',
      sortable: true,
      render: (r) => (
        <RouterAnchor to={pathTo('accommodation-edit', { id: r.id })}>{r.accommodation_name}</RouterAnchor>
      ),
    },
    { accessor: 'resort_name', title: 'Resort', sortable: true, render: (r) => r.resort_name ?? '' },
    { accessor: 'supplier_name', title: 'Supplier', sortable: true, render: (r) => r.supplier_name ?? '' },
    {
      accessor: 'actions',
      title: '',
      width: 140,
      render: (r) => (
        <RowActions>
          <EditLink to={pathTo('accommodation-edit', { id: r.id })} permission="accommodation.update" />
          {mayDelete && (
            <DeleteAction
              endpoint={accommodationApi.delete}
              params={{ id: r.id }}
              confirmMessage={ACCOMMODATION_DELETE_CONFIRM}
              onDeleted={() => table.current?.reload()}
            />
          )}
        </RowActions>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Accommodation"
        actions={
          <Can permission="accommodation.create">
            <Button component={Link} to={pathTo('accommodation-create')}>
              New accommodation
            </Button>
          </Can>
        }
      />
      <Paper withBorder p="md" radius="md">
        <ServerTable<AccommodationRow>
          ref={table}
          label="Accommodation"
          endpoint={accommodationApi.table}
          queryKeyPrefix={keys.accommodation.all}
          columns={columns}
          pageSizes={[25, 50, 100, 500, -1]}
          quickSearch
          searchPlaceholder="Name, resort or supplier…"
          emptyText="No accommodation found"
        />
      </Paper>
    </>
  );
}
