import { Anchor, Button, Checkbox, Loader, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { flightsApi } from '../../../../shared/api/flights';
import { instancesApi } from '../../../../shared/api/instances';
import type { InstanceAnswer, InstanceFlight } from '../../../../shared/api/tour-catalogue';
import { implementedRoutes, pathTo } from '../../../../shared/routes';
import { api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { formatDate } from '../../../lib/format';
import { ListTable } from '../../../ui/ListTable';
import { useNoticeMutation } from '../../../ui/notice-mutation';
import { useCan } from '../../../ui/permissions';
import { ConfirmDeleteLink } from '../../../ui/RowActions';
import { Section } from '../../../ui/Section';

const dateTime = (iso: string) => `${formatDate(iso.slice(0, 10))} ${iso.slice(11, 16)}`;

/**
 * Flights of an air tour's instance (spec 3 §2): the flights linked, and a search to link more.
 */
export function FlightsSection({
  inst,
  defaultOpen,
  onChanged,
}: {
  inst: InstanceAnswer;
  defaultOpen: boolean;
  onChanged: () => void;
}) {
  const mayEdit = useCan('instances.update');
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 500);
  const search = useQuery({
    queryKey: keys.flights.list('search', debounced),
    queryFn: ({ signal }) =>
      api.call(flightsApi.search, { params: { term: debounced }, signal }).then((r) => r.data),
    enabled: debounced.length >= 2,
  });
  const added = new Set(inst.flights.map((f) => f.id));
  /** Runs one change of the instance's flights (add, remove, indirect), shows its message, reloads. */
  const change = useNoticeMutation((call: () => Promise<{ message: string }>) => call(), {
    onSuccess: () => onChanged(),
  });
  const canEditFlight = implementedRoutes.has('flight-edit');
  return (
    <Section title="Flights" defaultOpen={defaultOpen}>
      <Stack gap="md">
        {mayEdit && (
          <div>
            <TextInput
              label="Search flights"
              description="Flight number, airport code or date (DD/MM/YYYY)"
              placeholder="e.g. EZY2201 or MAN 01/06/2027"
              value={term}
              onChange={(e) => setTerm(e.currentTarget.value)}
              w={{ base: '100%', sm: 420 }}
              rightSection={search.isFetching ? <Loader size="xs" /> : null}
            />
            {debounced.length >= 2 && search.data && (
              <Table mt="xs" withTableBorder fz="sm" aria-label="Flight search results">
                <Table.Tbody>
                  {search.data.length === 0 && (
                    <Table.Tr>
                      <Table.Td>No flights match</Table.Td>
                    </Table.Tr>
                  )}
                  {search.data.slice(0, 10).map((f) => (
                    <Table.Tr key={f.id}>
                      <Table.Td>{f.flight_number}</Table.Td>
                      <Table.Td>
                        {f.departure_airport.iata_code} → {f.arrival_airport.iata_code}
                      </Table.Td>
                      <Table.Td>{dateTime(f.departure_time)}</Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="compact-xs"
                          disabled={added.has(f.id)}
                          onClick={() =>
                            change.mutate(() =>
                              api.call(instancesApi.addFlight, {
                                params: { id: inst.id },
                                body: { flight_id: f.id },
                              }),
                            )
                          }
                        >
                          {added.has(f.id) ? 'Added' : 'Add flight'}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </div>
        )}
        <ListTable<InstanceFlight>
          label="Flights of this instance"
          records={inst.flights}
          emptyText="No flights added"
          columns={[
            {
              accessor: 'flight_number',
              title: 'Flight number',
              render: (f) =>
                canEditFlight ? (
                  <Anchor component={Link} to={pathTo('flight-edit', { id: f.id })} size="sm">
                    {f.flight_number}
                  </Anchor>
                ) : (
                  f.flight_number
                ),
            },
            {
              accessor: 'departing',
              title: 'Departing',
              render: (f) =>
                `${f.departure_airport.airport_name} (${f.departure_airport.iata_code}) ${dateTime(f.departure_time)}`,
            },
            {
              accessor: 'arriving',
              title: 'Arriving',
              render: (f) =>
                `${f.arrival_airport.airport_name} (${f.arrival_airport.iata_code}) ${dateTime(f.arrival_time)}`,
            },
            ...(['outbound', 'inbound'] as const).map((direction) => ({
              accessor: `indirect_${direction}`,
              title: `Indirect ${direction}`,
              render: (f: InstanceFlight) => (
                <Checkbox
                  aria-label={`Indirect ${direction} ${f.flight_number}`}
                  checked={direction === 'outbound' ? f.indirect_outbound : f.indirect_inbound}
                  disabled={!mayEdit}
                  onChange={(e) => {
                    const status = e.currentTarget.checked;
                    change.mutate(() =>
                      api.call(instancesApi.flightIndirect, {
                        params: { id: inst.id, flightId: f.id },
                        body: { type: 'indirect', status, direction },
                      }),
                    );
                  }}
                />
              ),
            })),
            {
              accessor: 'actions',
              title: '',
              render: (f) =>
                mayEdit ? (
                  <ConfirmDeleteLink
                    confirmMessage={`Are you sure you want to remove flight "${f.flight_number}" from this instance ?`}
                    onConfirm={() =>
                      change.mutate(() =>
                        api.call(instancesApi.removeFlight, { params: { id: inst.id, flightId: f.id } }),
                      )
                    }
                  />
                ) : null,
            },
          ]}
        />
      </Stack>
    </Section>
  );
}
