import { Button, Paper } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { type TourManagerRow, tourManagersApi } from '../../../shared/api/tour-managers';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { PageHeader } from '../../ui/PageHeader';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction, EditLink, RowActions } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';

/**
 * Tour managers (/tour-manager, spec 2 §2): Firstname, Lastname, Email, Address with quick search;
 * New Tour Manager and delete (with a confirmation) for role 1.
 */
export function TourManagersListPage() {
  const table = useRef<ServerTableHandle>(null);
  const mayDelete = useCan('tourManagers.delete');
  const columns: ServerTableColumn<TourManagerRow>[] = [
    { accessor: 'firstname', title: 'Firstname', sortable: true },
    { accessor: 'lastname', title: 'Lastname', sortable: true },
    { accessor: 'email', title: 'Email', sortable: true },
    { accessor: 'address', title: 'Address', sortable: true, render: (r) => r.address ?? '' },
    {
      accessor: 'actions',
      title: '',
      width: 140,
      render: (r) => (
        <RowActions>
          <EditLink to={pathTo('edit-tour-manager', { id: r.id })} permission="tourManagers.update" />
          {mayDelete && (
            <DeleteAction
              endpoint={tourManagersApi.delete}
              params={{ id: r.id }}
              confirmMessage={`Are you sure you want to delete the tour manager "${r.firstname} ${r.lastname}" ?`}
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
        title="Tour managers"
        actions={
          <Can permission="tourManagers.create">
            <Button component={Link} to={pathTo('create-tour-manager')}>
              New Tour Manager
            </Button>
          </Can>
        }
      />
      <Paper withBorder p="md" radius="md">
        <ServerTable<TourManagerRow>
          ref={table}
          label="Tour managers"
          endpoint={tourManagersApi.table}
          queryKeyPrefix={keys.tourManagers.all}
          columns={columns}
          quickSearch
          searchPlaceholder="Name, email or address…"
          emptyText="No tour managers found"
        />
      </Paper>
    </>
  );
}
