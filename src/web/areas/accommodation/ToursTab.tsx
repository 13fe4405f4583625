import { Paper, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { Accommodation, AccommodationTourLink } from '../../../shared/api/accommodation';
import { implementedRoutes, pathTo } from '../../../shared/routes';
import { formatDate } from '../../lib/format';
import { ListTable } from '../../ui/ListTable';
import { RouterAnchor } from '../../ui/RouterAnchor';

/**
 * Tours tab (spec 3 §2): the tours (and tour groups) that offer this accommodation — tour, type slug
 * and reference of each linked tour accommodation. Links appear once the tour screens exist.
 */
export function ToursTab({ accommodation }: { accommodation: Accommodation }) {
  const tourLinks = implementedRoutes.has('tour-edit');
  const groupLinks = implementedRoutes.has('tour-group');
  const columns: DataTableColumn<AccommodationTourLink>[] = [
    {
      accessor: 'tour_name',
      title: 'Tour',
      render: (r) =>
        tourLinks ? (
          <RouterAnchor to={pathTo('tour-edit', { id: r.tour_id })} size="sm">
            {r.tour_name}
          </RouterAnchor>
        ) : (
          r.tour_name
        ),
    },
    { accessor: 'tour_type', title: 'Type', width: 130 },
    { accessor: 'reference', title: 'Reference', width: 150, render: (r) => r.reference ?? '' },
    {
      accessor: 'group_start_date',
      title: 'Offered on',
      render: (r) =>
        r.tour_group_id == null ? (
          'Whole tour'
        ) : groupLinks ? (
          <RouterAnchor to={pathTo('tour-group', { id: r.tour_group_id })} size="sm">
            Group of {formatDate(r.group_start_date)}
          </RouterAnchor>
        ) : (
          `Group of ${formatDate(r.group_start_date)}`
        ),
    },
  ];
  return (
    <Paper withBorder p="md" radius="md" maw={960}>
      <ListTable<AccommodationTourLink>
        label={`Tours using ${accommodation.accommodation_name}`}
        records={accommodation.tour_accommodation}
        columns={columns}
        emptyText="No tour uses this accommodation"
      />
      {accommodation.tour_accommodation.length > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          While tours use this accommodation it cannot be deleted.
        </Text>
      )}
    </Paper>
  );
}
