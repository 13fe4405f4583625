import { Anchor, Button, Paper } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { type ExtraRow, extrasApi } from '../../../shared/api/extras';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { formatMoney } from '../../lib/format';
import { PageHeader } from '../../ui/PageHeader';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction, EditLink, RowActions } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';

/**
 * Extras list (/extras, spec 3 §2 'Discounts and extras'): name, price and cost in £, edit; delete
 * and 'New extra' for role 1 (spec 3 §6). Delete is refused while bookings use the extra.
 */
export function ExtrasListPage() {
  const table = useRef<ServerTableHandle>(null);
  const mayDelete = useCan('extras.delete');
  const columns: ServerTableColumn<ExtraRow>[] = [
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      render: (r) => (
        <Anchor component={Link} to={pathTo('extra-edit', { id: r.id })} size="sm">
          {r.name}
        </Anchor>
      ),
    },
    {
      accessor: 'price',
      title: 'Price',
      sortable: true,
      textAlign: 'right',
      width: 140,
      render: (r) => formatMoney(r.price),
    },
    {
      accessor: 'cost',
      title: 'Cost',
      sortable: true,
      textAlign: 'right',
      width: 140,
      render: (r) => formatMoney(r.cost),
    },
    {
      accessor: 'actions',
      title: '',
      width: 140,
      render: (r) => (
        <RowActions>
          <EditLink to={pathTo('extra-edit', { id: r.id })} permission="extras.update" />
          {mayDelete && (
            <DeleteAction
              endpoint={extrasApi.delete}
              params={{ id: r.id }}
              confirmMessage={`Are you sure you want to delete the extra "${r.name}" ?`}
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
        title="Extras"
        actions={
          <Can permission="extras.create">
            <Button component={Link} to={pathTo('extra-create')}>
              New extra
            </Button>
          </Can>
        }
      />
      <Paper withBorder p="md" radius="md">
        <ServerTable<ExtraRow>
          ref={table}
          label="Extras"
          endpoint={extrasApi.table}
          queryKeyPrefix={keys.extras.all}
          columns={columns}
          quickSearch
          searchPlaceholder="Name…"
          emptyText="No extras found"
        />
      </Paper>
    </>
  );
}
