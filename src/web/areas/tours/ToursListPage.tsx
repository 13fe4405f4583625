import { Group, Switch } from '@mantine/core';
import { useState } from 'react';
import { TOUR_TYPE_LABELS } from '../../../shared/api/tour-catalogue';
import { type TourRow, toursApi } from '../../../shared/api/tours';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { EntityListPage } from '../../ui/entity-list';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { Can, useCan } from '../../ui/permissions';
import { RouterAnchor } from '../../ui/RouterAnchor';
import { CsvUploader } from './CsvUploader';

/** The 'Supressed ?' switch: saves in place, then the list reloads (spec 3 §2, §4). */
function SuppressedSwitch({ row, onSaved }: { row: TourRow; onSaved: () => void }) {
  const mayUpdate = useCan('tours.update');
  // Saved or refused, the list reloads: a refused switch shows the stored value again.
  const saveSuppression = useNoticeMutation(
    (supression: 'yes' | 'no') => api.call(toursApi.suppression, { body: { tour_id: row.id, supression } }),
    { onSuccess: () => onSaved(), onError: () => onSaved() },
  );
  return (
    <Switch
      aria-label={`Suppressed: ${row.name}`}
      checked={row.is_suppressed}
      disabled={!mayUpdate || saveSuppression.isPending}
      onChange={(e) => saveSuppression.mutate(e.currentTarget.checked ? 'yes' : 'no')}
    />
  );
}

/**
 * Tours list (/tours, spec 3 §2 Tours): server-side table with quick search and 'Show suppressed
 * Tours ?'; Name (link to edit), Tour type, 'Supressed ?' switch, Edit. New tour and the Bulk Tour
 * Instance Uploader for role 1.
 */
export function ToursListPage() {
  const [onlySuppressed, setOnlySuppressed] = useState(false);
  return (
    <EntityListPage<TourRow>
      title="Tours"
      create={{ label: 'New tour', route: 'tour-create', permission: 'tours.create' }}
      endpoint={toursApi.table}
      queryKey={keys.tours.all}
      columns={(reload) => [
        {
          accessor: 'name',
          title: 'Name',
          sortable: true,
          render: (r) => (
            <RouterAnchor to={pathTo('tour-edit', { id: r.id })} size="sm">
              {r.name}
            </RouterAnchor>
          ),
        },
        {
          accessor: 'tour_type',
          title: 'Tour type',
          sortable: true,
          render: (r) => TOUR_TYPE_LABELS[r.tour_type] ?? r.tour_type,
        },
        {
          accessor: 'is_suppressed',
          title: 'Supressed ?',
          width: 130,
          render: (r) => <SuppressedSwitch row={r} onSaved={reload} />,
        },
      ]}
      actions={{ width: 90, edit: { route: 'tour-edit', permission: 'tours.update' } }}
      filters={{ show_only_suppressed: onlySuppressed ? 'yes' : undefined }}
      filterBar={
        <Group justify="flex-end" mb="xs">
          <Switch
            label="Show suppressed Tours ?"
            checked={onlySuppressed}
            onChange={(e) => setOnlySuppressed(e.currentTarget.checked)}
          />
        </Group>
      }
      search="Name or reference…"
      emptyText={onlySuppressed ? 'No suppressed tours' : 'No tours found'}
      below={
        <Can permission="tours.csvUpload">
          <CsvUploader />
        </Can>
      }
    />
  );
}
