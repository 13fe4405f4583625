import { Anchor, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { InstanceRow, TourGroupDetail } from '../../../../shared/api/tour-catalogue';
import { pathTo } from '../../../../shared/routes';
import { formatDate, formatMoney } from '../../../lib/format';
import { ListTable } from '../../../ui/ListTable';
import { Can, useCan } from '../../../ui/permissions';
import { EditLink, RowActions } from '../../../ui/RowActions';
import { Section } from '../../../ui/Section';
import { useDeleteInstance } from '../instance-actions';
import { TransfersModal } from '../TransfersModal';
import { AddInstanceForm } from './AddInstanceForm';

/** Where an instance leaves from, as a short text. */
const departureOf = (i: InstanceRow) =>
  i.airport
    ? `${i.airport.airport_name} (${i.airport.iata_code})`
    : i.pick_up_point
      ? i.pick_up_point.pickup_point_name
      : i.self_drive
        ? 'Self drive'
        : '';

/**
 * Instances of a group (spec 3 §2): the add-instance form, the instances with Edit and Delete, and
 * Manage Transfers.
 */
export function InstancesSection({
  g,
  defaultOpen,
  onChanged,
}: {
  g: TourGroupDetail;
  defaultOpen: boolean;
  onChanged: () => void;
}) {
  const mayDelete = useCan('instances.delete');
  const { deleteInstance, isPending: deleting } = useDeleteInstance(onChanged);
  const [transfers, setTransfers] = useState(false);
  return (
    <Section
      title="Instances"
      defaultOpen={defaultOpen}
      actions={
        <Can permission="groups.transfers">
          <Button size="xs" variant="light" onClick={() => setTransfers(true)}>
            Manage Transfers
          </Button>
        </Can>
      }
    >
      <Stack gap="md">
        <Can permission="instances.create">
          <AddInstanceForm g={g} onAdded={onChanged} />
        </Can>
        <ListTable<InstanceRow>
          label="Instances"
          records={g.instances}
          emptyText="No instances yet"
          columns={[
            {
              accessor: 'instance_title',
              title: 'Instance',
              render: (i) => (
                <Anchor component={Link} to={pathTo('tour-instance', { id: i.id })} size="sm">
                  {i.instance_title ?? `Instance ${i.id}`}
                </Anchor>
              ),
            },
            {
              accessor: 'departure_date',
              title: 'Departure date',
              render: (i) => formatDate(i.departure_date),
            },
            { accessor: 'departure', title: 'Departs from', render: departureOf },
            {
              accessor: 'base_price',
              title: 'Base price',
              textAlign: 'right',
              render: (i) => formatMoney(i.base_price),
            },
            {
              accessor: 'tour_places',
              title: 'Places',
              textAlign: 'right',
              render: (i) => i.tour_places ?? '',
            },
            { accessor: 'booking_count', title: 'Bookings', textAlign: 'right' },
            { accessor: 'pax_count', title: 'Passengers', textAlign: 'right' },
            { accessor: 'stop_sell', title: 'Stop sell', render: (i) => (i.stop_sell ? 'Yes' : '') },
            {
              accessor: 'actions',
              title: '',
              render: (i) => (
                <RowActions>
                  <EditLink to={pathTo('tour-instance', { id: i.id })} permission="instances.update" />
                  {mayDelete && (
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      c="red"
                      disabled={deleting}
                      onClick={() => deleteInstance(i)}
                    >
                      Delete
                    </Anchor>
                  )}
                </RowActions>
              ),
            },
          ]}
        />
      </Stack>
      <TransfersModal groupId={g.id} opened={transfers} onClose={() => setTransfers(false)} />
    </Section>
  );
}
