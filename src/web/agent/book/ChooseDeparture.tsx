import { Alert, Badge, Button, Group, Paper, Radio, Select, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { agentSideApi } from '../../../shared/api/agent-side';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDate } from '../../lib/format';
import { PortalCard } from '../../portal/PortalCard';
import { DateField, dateOf } from '../../ui/DateField';
import { QueryProblem } from '../../ui/QueryProblem';

/** The choice of a tour and its departure, with the departure filters (kept by the page). */
export interface DepartureChoice {
  tourId: string | null;
  airportId: string | null;
  from: string | null;
  to: string | null;
  departureId: string | null;
}

/** Departures shown before 'Show all departures' (a tour may have dozens). */
const FIRST = 12;

/**
 * Step 1 of booking for a client: a tour on sale (GET agent/tours), optionally a UK departure
 * airport and dates, then one of its departures (GET agent/tours/{id}/departures) with the places
 * left; one that cannot be booked is shown disabled with the reason (departed, release days,
 * stop sell, full). The first dozen show, three abreast on a wide screen, until 'Show all'.
 */
export function ChooseDeparture({
  choice,
  onChange,
}: {
  choice: DepartureChoice;
  onChange: (next: Partial<DepartureChoice>) => void;
}) {
  const tours = useQuery({
    queryKey: keys.agent.list('tours'),
    queryFn: async ({ signal }) => (await api.call(agentSideApi.tours, { signal })).data,
  });
  const airports = useQuery({
    queryKey: keys.agent.list('airports'),
    queryFn: async ({ signal }) => (await api.call(agentSideApi.airports, { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const filters = {
    airport_id: choice.airportId ?? undefined,
    from: dateOf(choice.from) ?? undefined,
    to: dateOf(choice.to) ?? undefined,
  };
  const tourId = Number(choice.tourId);
  const departures = useQuery({
    queryKey: keys.agent.list('departures', tourId, filters),
    queryFn: async ({ signal }) =>
      (await api.call(agentSideApi.departures, { params: { id: tourId }, query: filters, signal })).data,
    enabled: tourId > 0,
  });
  const [all, setAll] = useState(false);
  const list = departures.data ?? [];
  const chosenAt = list.findIndex((d) => String(d.id) === choice.departureId);
  const shown = all || chosenAt >= FIRST ? list : list.slice(0, FIRST);
  return (
    <PortalCard title="1. Tour and departure">
      {tours.isError && <QueryProblem query={tours} what="tours" />}
      <Select
        label="Tour"
        placeholder={tours.isPending ? 'Loading tours...' : 'Choose a tour'}
        data={(tours.data ?? []).map((t) => ({
          value: String(t.id),
          label: t.duration ? `${t.name} (${t.duration} nights)` : t.name,
        }))}
        value={choice.tourId}
        onChange={(v) => {
          setAll(false);
          onChange({ tourId: v, departureId: null });
        }}
        searchable
        nothingFoundMessage="No tour has that name"
        required
        size="md"
        comboboxProps={{ withinPortal: true }}
      />
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label="UK departure airport"
          placeholder="Any airport"
          data={(airports.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
          value={choice.airportId}
          onChange={(v) => onChange({ airportId: v, departureId: null })}
          clearable
          searchable
          size="md"
          w={{ base: '100%', sm: 280 }}
          comboboxProps={{ withinPortal: true }}
        />
        <DateField
          label="Departing from"
          value={choice.from}
          onChange={(v) => onChange({ from: v, departureId: null })}
          size="md"
          w={{ base: '100%', xs: 180 }}
        />
        <DateField
          label="Departing to"
          value={choice.to}
          onChange={(v) => onChange({ to: v, departureId: null })}
          size="md"
          w={{ base: '100%', xs: 180 }}
        />
      </Group>
      {tourId > 0 && departures.isPending && <Skeleton height={120} aria-label="Loading departures" />}
      {departures.isError && <QueryProblem query={departures} what="departures" />}
      {departures.data && departures.data.length === 0 && (
        <Alert color="blue" variant="light" role="status">
          No departures of this tour match. Try other dates or another airport.
        </Alert>
      )}
      {departures.data && departures.data.length > 0 && (
        <Radio.Group
          label="Departure"
          value={choice.departureId}
          onChange={(v) => onChange({ departureId: v })}
          required
          size="md"
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" mt="xs">
            {shown.map((d) => {
              const full = d.places_left !== null && d.places_left <= 0;
              const closed = d.sale_closed ?? (full ? 'No places left.' : null);
              return (
                <Paper
                  key={d.id}
                  withBorder
                  radius="sm"
                  p="sm"
                  className="agent-choice"
                  data-checked={choice.departureId === String(d.id) || undefined}
                  data-disabled={closed ? true : undefined}
                >
                  <Radio
                    value={String(d.id)}
                    disabled={!!closed}
                    label={
                      <Group gap="xs" wrap="wrap">
                        <Text fw={600} span>
                          {formatDate(d.departure_date)}
                        </Text>
                        {d.duration !== null && <Text span>{d.duration} nights</Text>}
                        {d.places_left !== null && !closed && (
                          <Badge color={d.places_left > 5 ? 'teal' : 'orange'} variant="light" tt="none">
                            {d.places_left === 1 ? '1 place left' : `${d.places_left} places left`}
                          </Badge>
                        )}
                      </Group>
                    }
                    description={[d.airports.length ? `From ${d.airports.join(', ')}` : null, closed]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </Paper>
              );
            })}
          </SimpleGrid>
          {shown.length < list.length && (
            <Button variant="subtle" size="md" mt="xs" onClick={() => setAll(true)}>
              Show all {list.length} departures
            </Button>
          )}
        </Radio.Group>
      )}
    </PortalCard>
  );
}
