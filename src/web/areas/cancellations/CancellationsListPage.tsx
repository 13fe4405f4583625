import {
  CANCELLATION_MESSAGES,
  CANCELLATION_TOUR_TYPE_LABELS,
  type CancellationPolicy,
  cancellationsApi,
  formatPenalty,
} from '../../../shared/api/cancellations';
import { keys } from '../../api/query-keys';
import { EntityListPage } from '../../ui/entity-list';

/**
 * Cancellation policies (/cancellations, route cancellation-index, spec 3 §2): server-side table of
 * Policy Start Day, Policy End Day, Penalty Amount (% when penalty_type is 1, else £), Tour Type,
 * edit and delete links; 'New Cancellation' and delete for role 1 (spec 3 §6).
 */
export function CancellationsListPage() {
  return (
    <EntityListPage<CancellationPolicy>
      title="Cancellation policies"
      create={{ label: 'New Cancellation', route: 'create-cancellation', permission: 'cancellations.save' }}
      endpoint={cancellationsApi.table}
      queryKey={keys.cancellations.all}
      columns={[
        {
          accessor: 'days_before_start',
          title: 'Policy Start Day',
          sortable: true,
          textAlign: 'right',
          width: 160,
        },
        {
          accessor: 'days_before_end',
          title: 'Policy End Day',
          sortable: true,
          textAlign: 'right',
          width: 160,
        },
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
      ]}
      actions={{
        width: 140,
        edit: { route: 'cancellation-edit', permission: 'cancellations.save' },
        delete: {
          endpoint: cancellationsApi.delete,
          permission: 'cancellations.delete',
          confirm: () => CANCELLATION_MESSAGES.deleteConfirm,
        },
      }}
      emptyText="No cancellation policies yet"
      maw={900}
    />
  );
}
