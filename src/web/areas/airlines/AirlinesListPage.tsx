import { Button, Paper } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { type AirlineRow, airlinesApi } from '../../../shared/api/airlines';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { PageHeader } from '../../ui/PageHeader';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction, EditLink, RowActions } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';

/**
 * Airlines list (/airlines, spec 3 §2 'Flights and airlines'): name, contact name, web check-in
 * days, edit; delete and 'New airline' for role 1 (spec 3 §6).
 */
export function AirlinesListPage() {
  const table = useRef<ServerTableHandle>(null);
  const mayDelete = useCan('airlines.delete');
  const columns: ServerTableColumn<AirlineRow>[] = [
    { accessor: 'name', title: 'Name', sortable: true },
    { accessor: 'contact_name', title: 'Contact name', sortable: true, render: (r) => r.contact_name ?? '' },
    {
      accessor: 'web_check_in_before_days',
      title: 'Web check-in days',
      sortable: true,
      textAlign: 'right',
      width: 190,
      render: (r) => (r.web_check_in_before_days == null ? '' : String(r.web_check_in_before_days)),
    },
    {
      accessor: 'actions',
      title: '',
      width: 140,
      render: (r) => (
        <RowActions>
          <EditLink to={pathTo('airline-edit', { id: r.id })} permission="airlines.update" />
          {mayDelete && (
            <DeleteAction
              endpoint={airlinesApi.delete}
              params={{ id: r.id }}
              confirmMessage={`Are you sure you want to delete the airline "${r.name}" ?`}
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
        title="Airlines"
        actions={
          <Can permission="airlines.create">
            <Button component={Link} to={pathTo('airline-create')}>
              New airline
            </Button>
          </Can>
        }
      />
      <Paper withBorder p="md" radius="md">
        <ServerTable<AirlineRow>
          ref={table}
          label="Airlines"
          endpoint={airlinesApi.table}
          queryKeyPrefix={keys.airlines.all}
          columns={columns}
          quickSearch
          searchPlaceholder="Airline or contact name…"
          emptyText="No airlines found"
        />
      </Paper>
    </>
  );
}
