import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  BROCHURE_REQUEST_PAGE_SIZES,
  type BrochureRequestRow,
  brochureRequestListApi,
  CREATE_CUSTOMER_WARNING,
} from '../../../shared/api/brochure-requests';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { confirmAction } from '../../ui/confirm';
import { type DateRange, DateRangeFilter, emptyRange } from '../../ui/DateRangeFilter';
import { ListFilters } from '../../ui/entity-list';
import { Modal } from '../../ui/Modal';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { useCan } from '../../ui/permissions';
import { DelayedSearchInput, useDelayedSearch } from '../../ui/QuickSearch';
import { EditLink, RowActions } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn } from '../../ui/ServerTable';
import { brochureRequestColumns } from './brochure-request-columns';

const SEARCH_DELAY = 1500;

/**
 * The customers list's brochure-request lookup (spec 2 §2 Customers, §7 GET
 * customers/brochure-request-table): a 'Brochure requests' button opening a modal with the
 * requests (sent ones too), filtered by brochure, name, post code, batch and days requested, and
 * on a request with no customer 'Create Customer' (role 1; the same warning as on the request's
 * screen) which opens the new customer.
 */
export function BrochureRequestLookupButton() {
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={modal.open}>
        Brochure requests
      </Button>
      <Modal opened={opened} onClose={modal.close} title="Brochure requests" size="80rem">
        {opened && <LookupTable onOpenCustomer={modal.close} />}
      </Modal>
    </>
  );
}

function LookupTable({ onOpenCustomer }: { onOpenCustomer: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayCreate = useCan('brochureRequests.createCustomer');
  const brochure = useDelayedSearch(SEARCH_DELAY);
  const name = useDelayedSearch(SEARCH_DELAY);
  const postcode = useDelayedSearch(SEARCH_DELAY);
  const batch = useDelayedSearch(SEARCH_DELAY);
  const [range, setRange] = useState<DateRange>(emptyRange);

  const create = useNoticeMutation(
    (row: BrochureRequestRow) => api.call(brochureRequestListApi.createCustomer, { params: { id: row.id } }),
    {
      onSuccess: (answer) => {
        void queryClient.invalidateQueries({ queryKey: keys.brochureRequests.all });
        void queryClient.invalidateQueries({ queryKey: keys.customers.all });
        onOpenCustomer();
        navigate(pathTo('customer-edit', { id: answer.data }));
      },
    },
  );

  const columns: ServerTableColumn<BrochureRequestRow>[] = [
    ...brochureRequestColumns(),
    {
      accessor: 'actions',
      title: '',
      width: 230,
      render: (row) => (
        <RowActions>
          <EditLink to={pathTo('brochure-request-edit', { id: row.id })} label="Open" />
          {mayCreate && !row.customer && (
            <Button
              size="compact-sm"
              variant="light"
              loading={create.isPending && create.variables?.id === row.id}
              onClick={async () => {
                if (
                  await confirmAction(CREATE_CUSTOMER_WARNING, {
                    title: 'Create customer',
                    confirmLabel: 'Create customer',
                  })
                )
                  create.mutate(row);
              }}
              aria-label={`Create Customer from ${row.brochure_requester_name || 'the requester'}`}
            >
              Create Customer
            </Button>
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <ListFilters>
        <DelayedSearchInput box={brochure} label="Brochure" placeholder="Brochure name" w={190} />
        <DelayedSearchInput box={name} label="Name" placeholder="Requester or customer" w={190} />
        <DelayedSearchInput box={postcode} label="Post code" placeholder="e.g. LS6" w={120} />
        <DelayedSearchInput box={batch} label="Batch" placeholder="e.g. 20260501" w={150} />
        <DateRangeFilter label="Requested" value={range} onChange={setRange} />
      </ListFilters>
      <ServerTable<BrochureRequestRow>
        label="Brochure requests"
        endpoint={brochureRequestListApi.lookup}
        queryKeyPrefix={keys.brochureRequests.all}
        columns={columns}
        pageSizes={BROCHURE_REQUEST_PAGE_SIZES}
        defaultPageSize={25}
        filters={{
          brochure_name: brochure.search.trim() || undefined,
          customer_name: name.search.trim() || undefined,
          customer_post_code: postcode.search.trim() || undefined,
          batch_id: batch.search.trim() || undefined,
          brochure_requested_from: range[0] ?? undefined,
          brochure_requested_to: range[1] ?? undefined,
        }}
        emptyText="No brochure requests found"
      />
    </>
  );
}
