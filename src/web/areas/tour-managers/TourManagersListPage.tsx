import { type TourManagerRow, tourManagersApi } from '../../../shared/api/tour-managers';
import { keys } from '../../api/query-keys';
import { EntityListPage } from '../../ui/entity-list';

/**
 * Tour managers (/tour-manager, spec 2 §2): Firstname, Lastname, Email, Address with quick search;
 * New Tour Manager and delete (with a confirmation) for role 1.
 */
export function TourManagersListPage() {
  return (
    <EntityListPage<TourManagerRow>
      title="Tour managers"
      create={{ label: 'New Tour Manager', route: 'create-tour-manager', permission: 'tourManagers.create' }}
      endpoint={tourManagersApi.table}
      queryKey={keys.tourManagers.all}
      columns={[
        { accessor: 'firstname', title: 'Firstname', sortable: true },
        { accessor: 'lastname', title: 'Lastname', sortable: true },
        { accessor: 'email', title: 'Email', sortable: true },
        { accessor: 'address', title: 'Address', sortable: true, render: (r) => r.address ?? '' },
      ]}
      actions={{
        width: 140,
        edit: { route: 'edit-tour-manager', permission: 'tourManagers.update' },
        delete: {
          endpoint: tourManagersApi.delete,
          permission: 'tourManagers.delete',
          confirm: (r) => `Are you sure you want to delete the tour manager "${r.firstname} ${r.lastname}" ?`,
        },
      }}
      search="Name, email or address…"
      emptyText="No tour managers found"
    />
  );
}
