import { type ServiceType, serviceTypeInput, serviceTypesApi } from '../../../shared/api/service-types';
import { routeByName } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { ListWithSideForm } from '../../ui/ListWithSideForm';
import { PageHeader } from '../../ui/PageHeader';

/**
 * Services Type screen (/service-types, spec 3 §2 'Service types and advertise sizes'): the table of
 * Service Name and Service Code on the left, the add/edit form on the right (role 1, spec 3 §6).
 */
export function ServiceTypesPage() {
  return (
    <>
      <PageHeader title={routeByName['service-types'].title} />
      <ListWithSideForm<ServiceType>
        label="Service types"
        noun="Service Type"
        table={serviceTypesApi.table}
        save={serviceTypesApi.save}
        remove={serviceTypesApi.delete}
        schema={serviceTypeInput}
        queryKey={keys.serviceTypes.all}
        deleteMessage={(r) => `Are you sure you want to delete the service type "${r.service_name}" ?`}
        savePermission="serviceTypes.save"
        deletePermission="serviceTypes.delete"
        searchPlaceholder="Service name or code…"
        emptyText="No service types found"
        fields={[
          { name: 'service_name', label: 'Service Name', required: true, maxLength: 150 },
          { name: 'service_code', label: 'Service Code', maxLength: 50 },
        ]}
        columns={[
          { accessor: 'service_name', title: 'Service Name', sortable: true },
          {
            accessor: 'service_code',
            title: 'Service Code',
            sortable: true,
            width: 160,
            render: (r) => r.service_code ?? '',
          },
        ]}
      />
    </>
  );
}
