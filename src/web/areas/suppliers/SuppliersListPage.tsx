import { type SupplierRow, suppliersApi } from '../../../shared/api/suppliers';
import { keys } from '../../api/query-keys';
import { EntityListPage } from '../../ui/entity-list';

/** Suppliers (/suppliers, spec 2 §2): quick search, name and edit; New supplier and delete for role 1. */
export function SuppliersListPage() {
  return (
    <EntityListPage<SupplierRow>
      title="Suppliers"
      create={{ label: 'New supplier', route: 'supplier-create', permission: 'suppliers.create' }}
      endpoint={suppliersApi.table}
      queryKey={keys.suppliers.all}
      columns={[{ accessor: 'supplier_name', title: 'Name', sortable: true }]}
      actions={{
        width: 140,
        edit: { route: 'supplier-edit', permission: 'suppliers.update' },
        delete: {
          endpoint: suppliersApi.delete,
          permission: 'suppliers.delete',
          confirm: (r) => `Are you sure you want to delete the supplier "${r.supplier_name}" ?`,
        },
      }}
      pageSizes={[25, 50, 100, 500, -1]}
      search="Name, email or nominal code…"
      emptyText="No suppliers found"
    />
  );
}
