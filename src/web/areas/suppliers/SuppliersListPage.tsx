import { Button, Paper } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { type SupplierRow, suppliersApi } from '../../../shared/api/suppliers';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { PageHeader } from '../../ui/PageHeader';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction, EditLink, RowActions } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';

/** Suppliers (/suppliers, spec 2 §2): quick search, name and edit; New supplier and delete for role 1. */
export function SuppliersListPage() {
  const table = useRef<ServerTableHandle>(null);
  const mayDelete = useCan('suppliers.delete');
  const columns: ServerTableColumn<SupplierRow>[] = [
    { accessor: 'supplier_name', title: 'Name', sortable: true },
    {
      accessor: 'actions',
      title: '',
      width: 140,
      render: (r) => (
        <RowActions>
          <EditLink to={pathTo('supplier-edit', { id: r.id })} permission="suppliers.update" />
          {mayDelete && (
            <DeleteAction
              endpoint={suppliersApi.delete}
              params={{ id: r.id }}
              confirmMessage={`Are you sure you want to delete the supplier "${r.supplier_name}" ?`}
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
        title="Suppliers"
        actions={
          <Can permission="suppliers.create">
            <Button component={Link} to={pathTo('supplier-create')}>
              New supplier
            </Button>
          </Can>
        }
      />
      <Paper withBorder p="md" radius="md">
        <ServerTable<SupplierRow>
          ref={table}
          label="Suppliers"
          endpoint={suppliersApi.table}
          queryKeyPrefix={keys.suppliers.all}
          columns={columns}
          pageSizes={[25, 50, 100, 500, -1]}
          quickSearch
          searchPlaceholder="Name, email or nominal code…"
          emptyText="No suppliers found"
        />
      </Paper>
    </>
  );
}
