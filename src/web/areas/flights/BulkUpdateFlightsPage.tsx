import { Checkbox, Group, Select, Text, TextInput, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import {
  type BulkUpdateFlightsInput,
  bulkUpdateFlightsInput,
  flightsApi,
  WEEKDAYS,
} from '../../../shared/api/flights';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { useAirlines } from '../../api/reference';
import { DateField } from '../../ui/DateField';
import { EntityFormFrame, useEntityForm } from '../../ui/entity';
import { FieldGrid, MoneyInput } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { AirportSelect } from './AirportSelect';

/** The new details; nested like the payload, so the schema's and the server's errors land on them. */
interface DetailValues {
  departure_airport_id: string | null;
  arrival_airport_id: string | null;
  departure_terminal: string;
  arrival_terminal: string;
  departure_time: string;
  arrival_time: string;
  airline_id: string | null;
  flight_cost: string | number;
  flight_price: string | number;
  stop_sell: string | null;
}

interface BulkValues {
  filter_flight_number: string;
  date_from: string | null;
  date_to: string | null;
  selected_days_of_week: string[];
  flightDetails: DetailValues;
}

const blankValues = (): BulkValues => ({
  filter_flight_number: '',
  date_from: null,
  date_to: null,
  selected_days_of_week: [],
  flightDetails: {
    departure_airport_id: null,
    arrival_airport_id: null,
    departure_terminal: '',
    arrival_terminal: '',
    departure_time: '',
    arrival_time: '',
    airline_id: null,
    flight_cost: '',
    flight_price: '',
    stop_sell: null,
  },
});

/** A blank detail is left out: it stays as it is on every flight. */
const blank = (x: string | number | null) => (x === '' || x === null ? undefined : String(x));

const toInput = (v: BulkValues): BulkUpdateFlightsInput => ({
  filter_flight_number: v.filter_flight_number,
  date_from: v.date_from,
  date_to: v.date_to,
  selected_days_of_week: v.selected_days_of_week,
  flightDetails: Object.fromEntries(Object.entries(v.flightDetails).map(([k, x]) => [k, blank(x)])),
});

const capital = (d: string) => d[0].toUpperCase() + d.slice(1);

/**
 * Update multiple flights (/flights/bulk-update, route bulk-update-flights, spec 3 §2, §7): filter by
 * flight number, date range and days of the week; the details filled in are changed on every
 * matching flight in one transaction (blank details stay as they are). Checked with the shared
 * `bulkUpdateFlightsInput`. The answer's message always shows as a success notice and the form
 * resets (spec 3 §8).
 */
export function BulkUpdateFlightsPage() {
  const airlines = useAirlines();
  const queryClient = useQueryClient();
  const entity = useEntityForm({
    schema: bulkUpdateFlightsInput,
    toValues: blankValues,
    toInput,
    permission: 'flights.update',
    mode: 'update',
    send: (body) => api.call(flightsApi.bulkUpdate, { body }),
    onSaved: () => {
      reset();
      void queryClient.invalidateQueries({ queryKey: keys.flights.all });
    },
  });
  const { form } = entity;
  function reset() {
    form.setValues(blankValues());
  }
  const detail = (name: keyof DetailValues) => form.getInputProps(`flightDetails.${name}`);
  return (
    <>
      <PageHeader title="Update multiple flights" />
      <EntityFormFrame entity={entity} maw={900} submitLabel="Update flights">
        <Title order={2} size="h5" mb="xs">
          Flights to change
        </Title>
        <FieldGrid cols={3}>
          <TextInput
            label="Flight number"
            required
            placeholder="e.g. EZY8071"
            {...form.getInputProps('filter_flight_number')}
          />
          <DateField label="Date from" required {...form.getInputProps('date_from')} />
          <DateField label="Date to" required {...form.getInputProps('date_to')} />
        </FieldGrid>
        <Checkbox.Group
          label="Days of the week"
          description="None ticked: every day"
          mt="sm"
          {...form.getInputProps('selected_days_of_week')}
        >
          <Group gap="md" mt={6}>
            {WEEKDAYS.map((d) => (
              <Checkbox key={d} value={d} label={capital(d)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Title order={2} size="h5" mt="lg" mb={2}>
          New details
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          Only the details you fill in change. A new departure time keeps each flight's date and its duration;
          an arrival time not after the departure time lands the next day.
        </Text>
        {form.errors.flightDetails && (
          <Text size="sm" c="red" mb="xs" role="alert">
            {form.errors.flightDetails}
          </Text>
        )}
        <FieldGrid>
          <AirportSelect label="Departure airport" {...detail('departure_airport_id')} />
          <TextInput label="Departure terminal" {...detail('departure_terminal')} />
          <AirportSelect label="Arrival airport" {...detail('arrival_airport_id')} />
          <TextInput label="Arrival terminal" {...detail('arrival_terminal')} />
          <TimeInput label="Departure time" {...detail('departure_time')} />
          <TimeInput label="Arrival time" {...detail('arrival_time')} />
          <Select
            label="Airline"
            placeholder="Leave as it is"
            data={(airlines.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            searchable
            clearable
            {...detail('airline_id')}
          />
          <Select
            label="Stop sell"
            placeholder="Leave as it is"
            data={[
              { value: 'yes', label: 'Stop sell' },
              { value: 'no', label: 'On sale' },
            ]}
            clearable
            {...detail('stop_sell')}
          />
          <MoneyInput label="Flight cost" placeholder="Leave as it is" {...detail('flight_cost')} />
          <MoneyInput label="Flight price" placeholder="Leave as it is" {...detail('flight_price')} />
        </FieldGrid>
      </EntityFormFrame>
    </>
  );
}
