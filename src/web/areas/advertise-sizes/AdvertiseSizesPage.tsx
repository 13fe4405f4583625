import {
  type AdvertiseSize,
  advertiseSizeInput,
  advertiseSizesApi,
} from '../../../shared/api/advertise-sizes';
import { routeByName } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { ListWithSideForm } from '../../ui/ListWithSideForm';
import { PageHeader } from '../../ui/PageHeader';

/**
 * Advertise Size screen (/advertise-sizes, spec 3 §2 'Service types and advertise sizes'): the table
 * of sizes on the left, the add/edit form (Advertise Size name) on the right (role 1, spec 3 §6).
 */
export function AdvertiseSizesPage() {
  return (
    <>
      <PageHeader title={routeByName['advertise-sizes'].title} />
      <ListWithSideForm<AdvertiseSize>
        label="Advertise sizes"
        noun="Advertise Size"
        table={advertiseSizesApi.table}
        save={advertiseSizesApi.save}
        remove={advertiseSizesApi.delete}
        schema={advertiseSizeInput}
        queryKey={keys.advertiseSizes.all}
        deleteMessage={(r) => `Are you sure you want to delete the advertise size "${r.size_name}" ?`}
        savePermission="advertiseSizes.save"
        deletePermission="advertiseSizes.delete"
        searchPlaceholder="Size name…"
        emptyText="No advertise sizes found"
        fields={[{ name: 'size_name', label: 'Advertise Size', required: true, maxLength: 100 }]}
        columns={[{ accessor: 'size_name', title: 'Advertise Size', sortable: true }]}
      />
    </>
  );
}
