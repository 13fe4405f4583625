import { Button, Paper } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import {
  CANCELLATION_MESSAGES,
  CANCELLATION_TOUR_TYPE_LABELS,
  type CancellationPolicy,
  cancellationsApi,
  formatPenalty,
} from '../../../shared/api/cancellations';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { PageHeader } from '../../ui/PageHeader';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction, EditLink, RowActions } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';

/**
 * Cancellation policies (/cancellations, route cancellation-index, spec 3 §2): server-side table of
 * Policy Start Day, Policy End Day, Penalty Amount (% when penalty_type is 1, else £), Tour Type,
 * edit and delete links; 'New Cancellation' and delete for role 1 (spec 3 §6).
 */
export function CancellationsListPage() {
  const table = useRef<ServerTableHandle>(null);
  const mayDelete = useCan('cancellations.delete');
  const columns: ServerTableColumn<CancellationPolicy>[] = [
    {
      accessor: 'days_before_start',
      title: 'Policy Start Day',
      sortable: true,
      textAlign: 'right',
      width: 160,
    },
    { accessor: 'days_before_end', title: 'Policy End Day', sortable: true, textAlign: 'right', width: 160 },
    {
      accessor: 'penalty_charge',
      title: 'Penalty Amount',
      sortable: true,
      textAlign: 'right',
      width: 170,
      render: (r) => formatPenalty(r.penalty_type, r.penalty_charge),
    },
    {
      accessor: 'tour_type',
      title: 'Tour Type',
      sortable: true,
      render: (r) => CANCELLATION_TOUR_TYPE_LABELS[r.tour_type] ?? r.tour_type,
    },
    {
      accessor: 'actions',
      title: '',
      width: 140,
      render: (r) => (
        <RowActions>
          <EditLink to={pathTo('cancellation-edit', { id: r.id })} permission="cancellations.save" />
          {mayDelete && (
            <DeleteAction
              endpoint={cancellationsApi.delete}
              params={{ id: r.id }}
              confirmMessage={CANCELLATION_MESSAGES.deleteConfirm}
              onDeleted={() => table.current?.reload()}
            />
          )}
        </RowActions>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Cancellation policies"
        actions={
          <Can permission="cancellations.save">
            <Button component={Link} to={pathTo('create-cancellation')}>
              New Cancellation
            </Button>
          </Can>
        }
      />
      <Paper withBorder p="md" radius="md" maw={900}>
        <ServerTable<CancellationPolicy>
          ref={table}
          label="Cancellation policies"
          endpoint={cancellationsApi.table}
          queryKeyPrefix={keys.cancellations.all}
          columns={columns}
          emptyText="No cancellation policies yet"
        />
      </Paper>
    </>
  );
}
