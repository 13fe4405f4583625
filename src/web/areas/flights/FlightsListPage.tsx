import { Badge, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type FlightRow, flightsApi } from '../../../shared/api/flights';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { EntityListPage } from '../../ui/entity-list';
import { Can } from '../../ui/permissions';
import { RouterAnchor } from '../../ui/RouterAnchor';
import { formatFlightTime } from './format';

/** An airport in one line: its IATA code, then its name (cut short, in full on hover). */
function AirportCell({ iata, name }: { iata: string; name: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="light" color="gray" radius="sm" style={{ flexShrink: 0 }}>
        {iata}
      </Badge>
      <Text size="sm" truncate="end" maw={130} title={name}>
        {name}
      </Text>
    </Group>
  );
}

/**
 * Flights (/flights, spec 3 §2): flight number (link), departing on, departing from, arriving at,
 * arriving on, airline, then Edit and Delete (role 1) in the actions column. Times DD/MM/YYYY
 * hh:mm A. Spec 3 §9 sorts by 'the seventh column descending' by default; we read that as the
 * departure time, newest first.
 * 'New flight', 'Add multiple flights' and 'Update Bulk Flights' for role 1.
 */
export function FlightsListPage() {
  return (
    <EntityListPage<FlightRow>
      title="Flights"
      create={{ label: 'New flight', route: 'flight-create', permission: 'flights.create' }}
      headerActions={
        <>
          <Can permission="flights.update">
            <Button component={Link} to={pathTo('bulk-update-flights')} variant="light">
              Update Bulk Flights
            </Button>
          </Can>
          <Can permission="flights.create">
            <Button component={Link} to={pathTo('flights-multiple')} variant="light">
              Add multiple flights
            </Button>
          </Can>
        </>
      }
      endpoint={flightsApi.table}
      queryKey={keys.flights.all}
      columns={[
        {
          accessor: 'flight_number',
          title: 'Flight number',
          sortable: true,
          width: 130,
          render: (r) => (
            <RouterAnchor to={pathTo('flight-edit', { id: r.id })} size="sm" fw={500}>
              {r.flight_number}
            </RouterAnchor>
          ),
        },
        {
          accessor: 'departure_time',
          title: 'Departing on',
          sortable: true,
          noWrap: true,
          render: (r) => formatFlightTime(r.departure_time),
        },
        {
          accessor: 'departure_airport',
          title: 'Departing from',
          sortable: true,
          render: (r) => <AirportCell iata={r.departure_iata} name={r.departure_name} />,
        },
        {
          accessor: 'arrival_airport',
          title: 'Arriving at',
          sortable: true,
          render: (r) => <AirportCell iata={r.arrival_iata} name={r.arrival_name} />,
        },
        {
          accessor: 'arrival_time',
          title: 'Arriving on',
          sortable: true,
          noWrap: true,
          render: (r) => formatFlightTime(r.arrival_time),
        },
        { accessor: 'airline_name', title: 'Airline', sortable: true, render: (r) => r.airline_name ?? '' },
      ]}
      actions={{
        width: 124,
        edit: { route: 'flight-edit', permission: 'flights.update' },
        delete: {
          endpoint: flightsApi.delete,
          permission: 'flights.delete',
          confirm: (r) =>
            `Are you sure you want to delete flight ${r.flight_number} of ${formatFlightTime(r.departure_time)}?`,
        },
      }}
      defaultOrder={{ column: 1, dir: 'desc' }}
      search="Flight number, airport, airline or date (DD/MM/YYYY)…"
      emptyText="No flights found"
    />
  );
}
