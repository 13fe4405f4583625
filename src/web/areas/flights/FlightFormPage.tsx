import { Select, Switch, Text, TextInput, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { Fragment } from 'react';
import { type Flight, type FlightInput, flightInput, flightsApi } from '../../../shared/api/flights';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { toOptions, useAirlines } from '../../api/reference';
import { DateField } from '../../ui/DateField';
import {
  EntityCreatePage,
  EntityEditPage,
  EntityFormFrame,
  type EntityFormProps,
  useEntityForm,
} from '../../ui/entity';
import { FieldGrid, MoneyInput } from '../../ui/form';
import { AirportSelect } from './AirportSelect';
import { formatFlightTime, joinDateTime, splitDateTime } from './format';

interface FlightValues {
  flight_number: string;
  airline_id: string | null;
  departure_airport_id: string | null;
  arrival_airport_id: string | null;
  departure_terminal: string;
  arrival_terminal: string;
  departure_date: string | null;
  /** Time of day; named like the payload so the server's errors land here. */
  departure_time: string;
  arrival_date: string | null;
  arrival_time: string;
  flight_cost: string | number;
  flight_price: string | number;
  stop_sell: boolean;
}

const toValues = (f?: Flight): FlightValues => {
  const dep = splitDateTime(f?.departure_time);
  const arr = splitDateTime(f?.arrival_time);
  return {
    flight_number: f?.flight_number ?? '',
    airline_id: f?.airline_id ? String(f.airline_id) : null,
    departure_airport_id: f ? String(f.departure_airport_id) : null,
    arrival_airport_id: f ? String(f.arrival_airport_id) : null,
    departure_terminal: f?.departure_terminal ?? '',
    arrival_terminal: f?.arrival_terminal ?? '',
    departure_date: dep.date,
    departure_time: dep.time,
    arrival_date: arr.date,
    arrival_time: arr.time,
    flight_cost: f?.flight_cost ?? '',
    flight_price: f?.flight_price ?? '',
    stop_sell: f?.stop_sell ?? false,
  };
};

const toInput = (v: FlightValues): FlightInput => ({
  flight_number: v.flight_number,
  airline: v.airline_id ? Number(v.airline_id) : '',
  departure_airport_id: v.departure_airport_id ?? '',
  arrival_airport_id: v.arrival_airport_id ?? '',
  departure_terminal: v.departure_terminal,
  arrival_terminal: v.arrival_terminal,
  departure_time: joinDateTime(v.departure_date, v.departure_time),
  arrival_time: joinDateTime(v.arrival_date, v.arrival_time),
  flight_cost: v.flight_cost === '' ? '' : String(v.flight_cost),
  flight_price: v.flight_price === '' ? '' : String(v.flight_price),
  stop_sell: v.stop_sell,
});

/**
 * The form splits each date-time of the payload into a date and a time field: the schema sees them
 * joined, so each half's 'required' is named at its own field here.
 */
function splitFieldsRequired(v: FlightValues) {
  const errors: Record<string, string> = {};
  if (!v.departure_date) errors.departure_date = 'Departure date is required.';
  if (!v.arrival_date) errors.arrival_date = 'Arrival date is required.';
  if (!v.departure_time) errors.departure_time = 'Departure time is required.';
  if (!v.arrival_time) errors.arrival_time = 'Arrival time is required.';
  return errors;
}

/** New flight (/flights/create); goes to the flight's edit screen afterwards (spec 3 §4). */
export function FlightCreatePage() {
  return (
    <EntityCreatePage
      title="New flight"
      create={flightsApi.create}
      invalidate={keys.flights.all}
      afterCreate={(answer) => pathTo('flight-edit', { id: answer.data.id })}
      form={FlightForm}
    />
  );
}

/** Edit flight (/flights/edit/{id}); 'Update flight' is role 1 only, others see it read-only. */
export function FlightEditPage() {
  return (
    <EntityEditPage
      label="flight"
      load={flightsApi.get}
      select={(answer) => answer.data[0]}
      queryKey={keys.flights.one}
      invalidate={keys.flights.all}
      title={(flight) => `Flight ${flight.flight_number}`}
      update={flightsApi.update}
      form={FlightForm}
      layout={(form, flight) => (
        <>
          <Text c="dimmed" mt={-8} mb="md">
            {flight.departure_airport.iata_code} {formatFlightTime(flight.departure_time)} →{' '}
            {flight.arrival_airport.iata_code} {formatFlightTime(flight.arrival_time)}
          </Text>
          {/* A saved change of departure shows the flight as stored (times normalised). */}
          <Fragment key={flight.departure_time}>{form}</Fragment>
        </>
      )}
    />
  );
}

function FlightForm({ mode, record: flight, send, onSaved }: EntityFormProps<Flight, FlightInput>) {
  const airlines = useAirlines();
  const entity = useEntityForm({
    schema: flightInput,
    toValues,
    toInput,
    extraValidate: splitFieldsRequired,
    permission: { create: 'flights.create', update: 'flights.update' },
    mode,
    record: flight,
    send,
    onSaved,
  });
  const { form } = entity;
  const airlineOptions = toOptions(airlines.data, (a) => a.name);
  if (
    flight?.airline_id &&
    flight.selected_airline &&
    !airlineOptions.some((o) => o.value === String(flight.airline_id))
  ) {
    airlineOptions.push({ value: String(flight.airline_id), label: flight.selected_airline.name });
  }
  return (
    <EntityFormFrame
      entity={entity}
      maw={900}
      submitLabel={{ create: 'Create flight', update: 'Update flight' }}
    >
      <FieldGrid>
        <TextInput
          label="Flight number"
          required
          placeholder="e.g. BA2490"
          {...form.getInputProps('flight_number')}
        />
        <Select
          label="Airline"
          placeholder={airlines.isPending ? 'Loading…' : 'Choose an airline'}
          data={airlineOptions}
          searchable
          clearable
          nothingFoundMessage="No airline matches"
          {...form.getInputProps('airline_id')}
        />
      </FieldGrid>
      <Title order={2} size="h5" mt="lg" mb="xs">
        Departure
      </Title>
      <FieldGrid>
        <AirportSelect label="Departure airport" required {...form.getInputProps('departure_airport_id')} />
        <TextInput label="Departure terminal" {...form.getInputProps('departure_terminal')} />
        <DateField label="Departure date" required {...form.getInputProps('departure_date')} />
        <TimeInput label="Departure time" required {...form.getInputProps('departure_time')} />
      </FieldGrid>
      <Title order={2} size="h5" mt="lg" mb="xs">
        Arrival
      </Title>
      <FieldGrid>
        <AirportSelect label="Arrival airport" required {...form.getInputProps('arrival_airport_id')} />
        <TextInput label="Arrival terminal" {...form.getInputProps('arrival_terminal')} />
        <DateField label="Arrival date" required {...form.getInputProps('arrival_date')} />
        <TimeInput label="Arrival time" required {...form.getInputProps('arrival_time')} />
      </FieldGrid>
      <Title order={2} size="h5" mt="lg" mb="xs">
        Cost and price
      </Title>
      <FieldGrid>
        <MoneyInput label="Flight cost" {...form.getInputProps('flight_cost')} />
        <MoneyInput label="Flight price" {...form.getInputProps('flight_price')} />
        <Switch label="Stop sell" {...form.getInputProps('stop_sell', { type: 'checkbox' })} />
      </FieldGrid>
    </EntityFormFrame>
  );
}
