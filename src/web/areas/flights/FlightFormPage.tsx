import { Paper, Select, Switch, Text, TextInput, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { type Flight, type FlightInput, flightInput } from '../../../shared/api/flights';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { DateField } from '../../ui/DateField';
import { EntityLoader } from '../../ui/EntityLoader';
import { FieldGrid, FormActions, MoneyInput, SaveButton, useFormSubmit } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { zodValidate } from '../../ui/zod-validate';
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

const schemaRules = zodValidate<FlightValues>(flightInput, toInput);
/** The shared rules, plus the date fields' own 'required' (the schema sees date and time joined). */
function validate(v: FlightValues) {
  const errors = schemaRules(v);
  if (!v.departure_date) errors.departure_date = 'Departure date is required.';
  if (!v.arrival_date) errors.arrival_date = 'Arrival date is required.';
  if (!v.departure_time) errors.departure_time = 'Departure time is required.';
  if (!v.arrival_time) errors.arrival_time = 'Arrival time is required.';
  return errors;
}

/** The airlines (GET airlines, {data:[{id,name}]}), for the airline select. */
export function useAirlines() {
  return useQuery({
    queryKey: ['airlines', 'list'],
    queryFn: () => api.get<{ data: { id: number; name: string }[] }>('/airlines').then((r) => r.data),
    staleTime: 60_000,
  });
}

/** New flight (/flights/create); goes to the flight's edit screen afterwards (spec 3 §4). */
export function FlightCreatePage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New flight" />
      <FlightForm
        mode="create"
        send={(input) => api.post<{ data: { id: number } }>('/flights', input)}
        onSaved={(answer) => navigate(pathTo('flight-edit', { id: answer.data.id }))}
      />
    </>
  );
}

/** Edit flight (/flights/edit/{id}); 'Update flight' is role 1 only, others see it read-only. */
export function FlightEditPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['flight', id],
    queryFn: () => api.get<{ data: Flight[] }>(`/flights/${id}`).then((r) => r.data[0]),
  });
  return (
    <EntityLoader query={query} label="flight">
      {(flight) => (
        <>
          <PageHeader title={`Flight ${flight.flight_number}`} />
          <Text c="dimmed" mt={-8} mb="md">
            {flight.departure_airport.iata_code} {formatFlightTime(flight.departure_time)} →{' '}
            {flight.arrival_airport.iata_code} {formatFlightTime(flight.arrival_time)}
          </Text>
          <FlightForm
            key={`${flight.id}-${flight.departure_time}`}
            mode="update"
            flight={flight}
            send={(input) => api.post(`/flights/${id}`, input)}
            onSaved={() => queryClient.invalidateQueries({ queryKey: ['flight', id] })}
          />
        </>
      )}
    </EntityLoader>
  );
}

function FlightForm<A>({
  mode,
  flight,
  send,
  onSaved,
}: {
  mode: 'create' | 'update';
  flight?: Flight;
  send: (input: FlightInput) => Promise<A>;
  onSaved: (answer: A) => void;
}) {
  const airlines = useAirlines();
  const maySave = useCan(mode === 'create' ? 'flights.create' : 'flights.update');
  const form = useForm<FlightValues>({ initialValues: toValues(flight), validate });
  const { onSubmit, saving } = useFormSubmit(form, (v) => send(toInput(v)), { onSuccess: (a) => onSaved(a) });
  const airlineOptions = (airlines.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  if (
    flight?.airline_id &&
    flight.selected_airline &&
    !airlineOptions.some((o) => o.value === String(flight.airline_id))
  ) {
    airlineOptions.push({ value: String(flight.airline_id), label: flight.selected_airline.name });
  }
  return (
    <Paper withBorder p="lg" radius="md" maw={900}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={!maySave} style={{ border: 0, padding: 0, margin: 0 }}>
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
            <AirportSelect
              label="Departure airport"
              required
              {...form.getInputProps('departure_airport_id')}
            />
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
        </fieldset>
        {maySave && (
          <FormActions>
            <SaveButton mode={mode} saving={saving}>
              {mode === 'create' ? 'Create flight' : 'Update flight'}
            </SaveButton>
          </FormActions>
        )}
      </form>
    </Paper>
  );
}
