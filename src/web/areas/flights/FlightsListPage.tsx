import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { type FlightRow, flightsApi } from '../../../shared/api/flights';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { PageHeader } from '../../ui/PageHeader';
import { Can, useCan } from '../../ui/permissions';
import { RouterAnchor } from '../../ui/RouterAnchor';
import { DeleteAction, EditLink } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';
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
 * arriving on, airline, edit, delete (role 1). Times DD/MM/YYYY hh:mm A. Spec 3 §9 sorts by 'the
 * seventh column descending' by default; we read that as the departure time, newest first.
 * 'New flight', 'Add multiple flights' and 'Update Bulk Flights' for role 1.
 */
export function FlightsListPage() {
  const table = useRef<ServerTableHandle>(null);
  const mayDelete = useCan('flights.delete');
  const columns: ServerTableColumn<FlightRow>[] = [
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
    {
      accessor: 'edit',
      title: '',
      width: 60,
      render: (r) => <EditLink to={pathTo('flight-edit', { id: r.id })} permission="flights.update" />,
    },
  ];
  if (mayDelete) {
    columns.push({
      accessor: 'delete',
      title: '',
      width: 64,
      render: (r) => (
        <DeleteAction
          endpoint={flightsApi.delete}
          params={{ id: r.id }}
          confirmMessage={`Are you sure you want to delete flight ${r.flight_number} of ${formatFlightTime(r.departure_time)}?`}
          onDeleted={() => table.current?.reload()}
        />
      ),
    });
  }
  return (
    <>
      <PageHeader
        title="Flights"
        actions={
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
              <Button component={Link} to={pathTo('flight-create')}>
                New flight
              </Button>
            </Can>
          </>
        }
      />
      <Paper withBorder p="md" radius="md">
        <ServerTable<FlightRow>
          ref={table}
          label="Flights"
          endpoint={flightsApi.table}
          queryKeyPrefix={keys.flights.all}
          columns={columns}
          defaultOrder={{ column: 1, dir: 'desc' }}
          quickSearch
          searchPlaceholder="Flight number, airport, airline or date (DD/MM/YYYY)…"
          emptyText="No flights found"
        />
      </Paper>
    </>
  );
}
