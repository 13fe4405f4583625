import { type AirlineRow, airlinesApi } from '../../../shared/api/airlines';
import { keys } from '../../api/query-keys';
import { EntityListPage } from '../../ui/entity-list';

/**
 * Airlines list (/airlines, spec 3 §2 'Flights and airlines'): name, contact name, web check-in
 * days, edit; delete and 'New airline' for role 1 (spec 3 §6).
 */
export function AirlinesListPage() {
  return (
    <EntityListPage<AirlineRow>
      title="Airlines"
      create={{ label: 'New airline', route: 'airline-create', permission: 'airlines.create' }}
      endpoint={airlinesApi.table}
      queryKey={keys.airlines.all}
      columns={[
        { accessor: 'name', title: 'Name', sortable: true },
        {
          accessor: 'contact_name',
          title: 'Contact name',
          sortable: true,
          render: (r) => r.contact_name ?? '',
        },
        {
          accessor: 'web_check_in_before_days',
          title: 'Web check-in days',
          sortable: true,
          textAlign: 'right',
          width: 190,
          render: (r) => (r.web_check_in_before_days == null ? '' : String(r.web_check_in_before_days)),
        },
      ]}
      actions={{
        width: 140,
        edit: { route: 'airline-edit', permission: 'airlines.update' },
        delete: {
          endpoint: airlinesApi.delete,
          permission: 'airlines.delete',
          confirm: (r) => `Are you sure you want to delete the airline "${r.name}" ?`,
        },
      }}
      search="Airline or contact name…"
      emptyText="No airlines found"
    />
  );
}
