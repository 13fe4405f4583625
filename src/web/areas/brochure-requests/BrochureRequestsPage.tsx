import { Button, Select, Switch } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BROCHURE_REQUEST_PAGE_SIZES,
  type BrochureRequestRow,
  brochureRequestListApi,
} from '../../../shared/api/brochure-requests';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { type DateRange, DateRangeFilter, emptyRange } from '../../ui/DateRangeFilter';
import { EntityListPage, ListFilters } from '../../ui/entity-list';
import { DelayedSearchInput, useDelayedSearch } from '../../ui/QuickSearch';
import { EditLink } from '../../ui/RowActions';
import { brochureRequestColumns } from './brochure-request-columns';
import { ExportModal } from './ExportModal';
import { ProcessedBatchesModal } from './ProcessedBatchesModal';
import { useBrochureOptions } from './queries';

/** Spec 3 §9: search delay of server-side tables. */
const SEARCH_DELAY = 1500;

/**
 * Brochure requests (/brochure-requests, spec 2 §2, spec 3 §2 'Brochure Requests'): the unsent
 * requests (all of them with 'Include sent brochure'), filtered by batch, brochure, customer and
 * the days requested; 25 rows (5, 25, 50, 100, 500), unordered, rows picked with checkboxes.
 * 'Process new requests' downloads the cover letters of the unsent requests — or of the ticked
 * ones — as one zip and marks them sent ('File downloaded', the list reloads); Export opens the
 * date-range export; 'Processed batches' lists the batches made so far, each downloadable again. Each row opens the request (brochure-request-edit).
 */
export function BrochureRequestsPage() {
  const queryClient = useQueryClient();
  const [includeSent, setIncludeSent] = useState(false);
  const [brochure, setBrochure] = useState<string | null>(null);
  const [range, setRange] = useState<DateRange>(emptyRange);
  const batch = useDelayedSearch(SEARCH_DELAY);
  const customer = useDelayedSearch(SEARCH_DELAY);
  const [selected, setSelected] = useState<BrochureRequestRow[]>([]);
  const [processing, setProcessing] = useState(false);
  const [exportOpened, exportModal] = useDisclosure(false);
  const [batchesOpened, batchesModal] = useDisclosure(false);

  const brochures = useBrochureOptions();

  // Only unsent rows can be processed; a sent one ticked while 'Include sent brochure' is on is left out.
  const chosen = selected.filter((r) => !r.sent);

  const process = async () => {
    setProcessing(true);
    try {
      await api.call(brochureRequestListApi.process, {
        query: chosen.length ? { ids: chosen.map((r) => r.id).join(',') } : {},
        fallbackName: 'cover-letters.zip',
      });
      notifications.show({ color: 'green', title: 'Success', message: 'File downloaded' });
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: keys.brochureRequests.all });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Error', message: (e as Error).message });
    } finally {
      setProcessing(false);
    }
  };

  const filtered = Boolean(includeSent || brochure || range[0] || range[1] || batch.text || customer.text);

  return (
    <>
      <EntityListPage<BrochureRequestRow>
        title="Brochure requests"
        headerActions={
          <>
            <Button variant="default" onClick={batchesModal.open}>
              Processed batches
            </Button>
            <Button variant="default" onClick={exportModal.open}>
              Export
            </Button>
            <Button onClick={process} loading={processing}>
              {chosen.length ? `Process selected requests (${chosen.length})` : 'Process new requests'}
            </Button>
          </>
        }
        endpoint={brochureRequestListApi.table}
        queryKey={keys.brochureRequests.all}
        columns={brochureRequestColumns()}
        actions={{
          width: 70,
          more: (row) => <EditLink to={pathTo('brochure-request-edit', { id: row.id })} label="Open" />,
        }}
        filters={{
          include_send_brochures: includeSent ? '1' : undefined,
          brochure_name: brochure ?? undefined,
          batch_id: batch.search.trim() || undefined,
          customer_name: customer.search.trim() || undefined,
          brochure_requested_from: range[0] ?? undefined,
          brochure_requested_to: range[1] ?? undefined,
        }}
        filterBar={
          <ListFilters>
            <Select
              label="Brochure"
              placeholder="Any brochure"
              data={(brochures.data ?? []).map((b) => b.brochure_name)}
              value={brochure}
              onChange={setBrochure}
              clearable
              searchable
              w={{ base: '100%', xs: 240 }}
            />
            <DelayedSearchInput
              box={customer}
              label="Customer"
              placeholder="Requester or customer name"
              w={{ base: '100%', xs: 220 }}
            />
            <DelayedSearchInput
              box={batch}
              label="Batch"
              placeholder="e.g. 20260501"
              w={{ base: '100%', xs: 170 }}
            />
            <DateRangeFilter label="Requested" value={range} onChange={setRange} />
            <Switch
              label="Include sent brochure"
              checked={includeSent}
              onChange={(e) => setIncludeSent(e.currentTarget.checked)}
              mb={8}
            />
            {filtered && (
              <Button
                variant="subtle"
                onClick={() => {
                  setIncludeSent(false);
                  setBrochure(null);
                  setRange(emptyRange);
                  batch.clear();
                  customer.clear();
                }}
              >
                Clear
              </Button>
            )}
          </ListFilters>
        }
        pageSizes={BROCHURE_REQUEST_PAGE_SIZES}
        defaultPageSize={25}
        emptyText={includeSent ? 'No brochure requests found' : 'No new brochure requests'}
        selection={{
          selected,
          onChange: setSelected,
          rowLabel: (r) => `${r.brochure_requester_name || 'request'} (${r.brochures_names})`,
        }}
      />
      <ExportModal opened={exportOpened} onClose={exportModal.close} />
      <ProcessedBatchesModal opened={batchesOpened} onClose={batchesModal.close} />
    </>
  );
}
