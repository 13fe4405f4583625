import { type ExtraRow, extrasApi } from '../../../shared/api/extras';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { formatMoney } from '../../lib/format';
import { EntityListPage } from '../../ui/entity-list';
import { RouterAnchor } from '../../ui/RouterAnchor';

/**
 * Extras list (/extras, spec 3 §2 'Discounts and extras'): name, price and cost in £, edit; delete
 * and 'New extra' for role 1 (spec 3 §6). Delete is refused while bookings use the extra.
 */
export function ExtrasListPage() {
  return (
    <EntityListPage<ExtraRow>
      title="Extras"
      create={{ label: 'New extra', route: 'extra-create', permission: 'extras.create' }}
      endpoint={extrasApi.table}
      queryKey={keys.extras.all}
      columns={[
        {
          accessor: 'name',
          title: 'Name',
          sortable: true,
          render: (r) => (
            <RouterAnchor to={pathTo('extra-edit', { id: r.id })} size="sm">
              {r.name}
            </RouterAnchor>
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
      ]}
      actions={{
        width: 140,
        edit: { route: 'extra-edit', permission: 'extras.update' },
        delete: {
          endpoint: extrasApi.delete,
          permission: 'extras.delete',
          confirm: (r) => `Are you sure you want to delete the extra "${r.name}" ?`,
        },
      }}
      search="Name…"
      emptyText="No extras found"
    />
  );
}
