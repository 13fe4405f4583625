import {
  ACCOMMODATION_DELETE_CONFIRM,
  type AccommodationRow,
  accommodationApi,
} from '../../../shared/api/accommodation';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { EntityListPage } from '../../ui/entity-list';
import { RouterAnchor } from '../../ui/RouterAnchor';

/**
 * Accommodation list (/accommodation, spec 3 §2): name, resort, supplier; quick search; page sizes
 * 25, 50, 100, 500 and All; 'New accommodation' and delete for role 1.
 */
export function AccommodationListPage() {
  return (
    <EntityListPage<AccommodationRow>
      title="Accommodation"
      create={{
        label: 'New accommodation',
        route: 'accommodation-create',
        permission: 'accommodation.create',
      }}
      endpoint={accommodationApi.table}
      queryKey={keys.accommodation.all}
      columns={[
        {
          accessor: 'accommodation_name',
          title: 'Name',
          sortable: true,
          render: (r) => (
            <RouterAnchor to={pathTo('accommodation-edit', { id: r.id })}>
              {r.accommodation_name}
            </RouterAnchor>
          ),
        },
        { accessor: 'resort_name', title: 'Resort', sortable: true, render: (r) => r.resort_name ?? '' },
        {
          accessor: 'supplier_name',
          title: 'Supplier',
          sortable: true,
          render: (r) => r.supplier_name ?? '',
        },
      ]}
      actions={{
        width: 140,
        edit: { route: 'accommodation-edit', permission: 'accommodation.update' },
        delete: {
          endpoint: accommodationApi.delete,
          permission: 'accommodation.delete',
          confirm: () => ACCOMMODATION_DELETE_CONFIRM,
        },
      }}
      pageSizes={[25, 50, 100, 500, -1]}
      search="Name, resort or supplier…"
      emptyText="No accommodation found"
    />
  );
}
