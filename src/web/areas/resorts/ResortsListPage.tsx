import { type ResortRow, resortsApi } from '../../../shared/api/resorts';
import { keys } from '../../api/query-keys';
import { EntityListPage } from '../../ui/entity-list';

/** Resorts list (/resorts, spec 3 §2): Name, Location, edit; quick search; delete for role 1. */
export function ResortsListPage() {
  return (
    <EntityListPage<ResortRow>
      title="Resorts"
      create={{ label: 'New resort', route: 'resort-create', permission: 'resorts.create' }}
      endpoint={resortsApi.table}
      queryKey={keys.resorts.all}
      columns={[
        { accessor: 'resort_name', title: 'Name', sortable: true },
        { accessor: 'location', title: 'Location', sortable: true, render: (r) => r.location ?? '' },
      ]}
      actions={{
        width: 140,
        edit: { route: 'resort-edit', permission: 'resorts.update' },
        delete: {
          endpoint: resortsApi.delete,
          permission: 'resorts.delete',
          confirm: (r) => `Are you sure you want to delete the resort "${r.resort_name}" ?`,
        },
      }}
      pageSizes={[25, 50, 100, 500, -1]}
      search="Name or location…"
      emptyText="No resorts found"
    />
  );
}
