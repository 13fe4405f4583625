import { Button, Paper } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { type ResortRow, resortsApi } from '../../../shared/api/resorts';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { PageHeader } from '../../ui/PageHeader';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction, EditLink, RowActions } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';

/** Resorts list (/resorts, spec 3 §2): Name, Location, edit; quick search; delete for role 1. */
export function ResortsListPage() {
  const table = useRef<ServerTableHandle>(null);
  const mayDelete = useCan('resorts.delete');
  const columns: ServerTableColumn<ResortRow>[] = [
    { accessor: 'resort_name', title: 'Name', sortable: true },
    { accessor: 'location', title: 'Location', sortable: true, render: (r) => r.location ?? '' },
    {
      accessor: 'actions',
      title: '',
      width: 140,
      render: (r) => (
        <RowActions>
          <EditLink to={pathTo('resort-edit', { id: r.id })} permission="resorts.update" />
          {mayDelete && (
            <DeleteAction
              endpoint={resortsApi.delete}
              params={{ id: r.id }}
              confirmMessage={`Are you sure you want to delete the resort "${r.resort_name}" ?`}
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
        title="Resorts"
        actions={
          <Can permission="resorts.create">
            <Button component={Link} to={pathTo('resort-create')}>
              New resort
            </Button>
          </Can>
        }
      />
      <Paper withBorder p="md" radius="md">
        <ServerTable<ResortRow>
          ref={table}
          label="Resorts"
          endpoint={resortsApi.table}
          queryKeyPrefix={keys.resorts.all}
          columns={columns}
          pageSizes={[25, 50, 100, 500, -1]}
          quickSearch
          searchPlaceholder="Name or location…"
          emptyText="No resorts found"
        />
      </Paper>
    </>
  );
}
