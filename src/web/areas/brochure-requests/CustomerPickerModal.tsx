import { Button, VisuallyHidden } from '@mantine/core';
import { type CustomerRow, customersApi } from '../../../shared/api/customers';
import { keys } from '../../api/query-keys';
import { Modal } from '../../ui/Modal';
import { ServerTable, type ServerTableColumn } from '../../ui/ServerTable';

/** Spec 3 §9: the customer picker offers 25, 50, 100, 500 rows a page. */
const PICKER_PAGE_SIZES = [25, 50, 100, 500];

/**
 * The customer picker of 'Link Customer' (spec 3 §2, §3 Customer (picker): last name, first name,
 * email, phone, post code; GET customers/table): a searchable server-side table with a Select
 * button per row, which hands the customer to `onPick`.
 */
export function CustomerPickerModal({
  opened,
  onClose,
  onPick,
  initialSearch,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (customer: CustomerRow) => void;
  initialSearch?: string;
}) {
  const columns: ServerTableColumn<CustomerRow>[] = [
    { accessor: 'last_name', title: 'Last name', sortable: true },
    { accessor: 'first_name', title: 'First name', sortable: true },
    { accessor: 'email', title: 'Email', sortable: true, render: (r) => r.email ?? '' },
    {
      accessor: 'phone_number',
      title: 'Phone',
      sortable: true,
      noWrap: true,
      render: (r) => r.phone_number ?? r.mobile_number ?? '',
    },
    {
      accessor: 'postcode',
      title: 'Post code',
      sortable: true,
      noWrap: true,
      render: (r) => r.postcode ?? '',
    },
    {
      accessor: 'select',
      title: <VisuallyHidden>Choose</VisuallyHidden>,
      textAlign: 'right',
      width: 90,
      render: (r) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onPick(r)}
          aria-label={`Select ${r.full_name}`}
        >
          Select
        </Button>
      ),
    },
  ];
  return (
    <Modal opened={opened} onClose={onClose} title="Choose a customer" size="70rem">
      {opened && (
        <ServerTable<CustomerRow>
          label="Customers"
          endpoint={customersApi.table}
          queryKeyPrefix={keys.customers.all}
          columns={columns}
          pageSizes={PICKER_PAGE_SIZES}
          defaultOrder={{ column: 0, dir: 'asc' }}
          quickSearch
          searchDelay={500}
          searchPlaceholder={initialSearch ? `e.g. ${initialSearch}` : 'Name, email, post code or phone'}
          emptyText="No customers found"
        />
      )}
    </Modal>
  );
}
