import { Alert, Autocomplete, Checkbox, Group, Switch, Text, TextInput, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  flightsApi,
  type MultipleFlightsInput,
  multipleFlightsInput,
  WEEKDAYS,
} from '../../../shared/api/flights';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { useAirlines } from '../../api/reference';
import { DateField } from '../../ui/DateField';
import { EntityFormFrame, useEntityForm } from '../../ui/entity';
import { FieldGrid, MoneyInput } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { AirportSelect } from './AirportSelect';

interface MultipleValues {
  flight_number: string;
  airline: string;
  departure_airport_id: string | null;
  arrival_airport_id: string | null;
  departure_terminal: string;
  arrival_terminal: string;
  start_date: string | null;
  end_date: string | null;
  selected_days_of_week: string[];
  departure_time: string;
  arrival_time: string;
  flight_cost: string | number;
  flight_price: string | number;
  stop_sell: boolean;
}

const initialValues: MultipleValues = {
  flight_number: '',
  airline: '',
  departure_airport_id: null,
  arrival_airport_id: null,
  departure_terminal: '',
  arrival_terminal: '',
  start_date: null,
  end_date: null,
  selected_days_of_week: [],
  departure_time: '',
  arrival_time: '',
  flight_cost: '',
  flight_price: '',
  stop_sell: false,
};

const toInput = (v: MultipleValues): MultipleFlightsInput => ({
  ...v,
  departure_airport_id: v.departure_airport_id ?? '',
  arrival_airport_id: v.arrival_airport_id ?? '',
  flight_cost: v.flight_cost === '' ? '' : String(v.flight_cost),
  flight_price: v.flight_price === '' ? '' : String(v.flight_price),
});

const capital = (d: string) => d[0].toUpperCase() + d.slice(1);

/**
 * Add multiple flights (/flights/multiple, spec 3 §2, §3): the flight's fields with a date range,
 * weekday checkboxes and a free-text airline; one flight per matching day, created in one go, those
 * that already exist skipped and reported.
 */
export function MultipleFlightsPage() {
  const airlines = useAirlines();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<string | null>(null);
  const entity = useEntityForm({
    schema: multipleFlightsInput,
    toValues: () => initialValues,
    toInput,
    permission: 'flights.create',
    mode: 'create',
    send: (body) => api.call(flightsApi.createMultiple, { body }),
    onSaved: (answer) => {
      setResult(answer.message);
      void queryClient.invalidateQueries({ queryKey: keys.flights.all });
    },
  });
  const { form } = entity;
  return (
    <>
      <PageHeader title="Add multiple flights" />
      {result && (
        <Alert
          color="green"
          title="Flights added"
          mb="md"
          maw={900}
          withCloseButton
          onClose={() => setResult(null)}
        >
          <Text size="sm">{result}</Text>
          <Text size="sm" mt={4}>
            <Link to={pathTo('flights')}>Back to the flights list</Link>
          </Text>
        </Alert>
      )}
      <EntityFormFrame entity={entity} maw={900} submitLabel="Add flights">
        <FieldGrid>
          <TextInput
            label="Flight number"
            required
            placeholder="e.g. EZY8071"
            {...form.getInputProps('flight_number')}
          />
          <Autocomplete
            label="Airline"
            placeholder="Airline name, as on the Airlines screen"
            data={(airlines.data ?? []).map((a) => a.name)}
            {...form.getInputProps('airline')}
          />
          <AirportSelect label="Departure airport" required {...form.getInputProps('departure_airport_id')} />
          <TextInput label="Departure terminal" {...form.getInputProps('departure_terminal')} />
          <AirportSelect label="Arrival airport" required {...form.getInputProps('arrival_airport_id')} />
          <TextInput label="Arrival terminal" {...form.getInputProps('arrival_terminal')} />
        </FieldGrid>
        <Title order={2} size="h5" mt="lg" mb="xs">
          When it flies
        </Title>
        <FieldGrid>
          <DateField label="Start date" required {...form.getInputProps('start_date')} />
          <DateField label="End date" required {...form.getInputProps('end_date')} />
        </FieldGrid>
        <Checkbox.Group
          label="Days of the week"
          required
          mt="sm"
          {...form.getInputProps('selected_days_of_week')}
        >
          <Group gap="md" mt={6}>
            {WEEKDAYS.map((d) => (
              <Checkbox key={d} value={d} label={capital(d)} />
            ))}
          </Group>
        </Checkbox.Group>
        <FieldGrid>
          <TimeInput label="Departure time" required mt="sm" {...form.getInputProps('departure_time')} />
          <TimeInput label="Arrival time" required mt="sm" {...form.getInputProps('arrival_time')} />
        </FieldGrid>
        <Text size="xs" c="dimmed" mt={4}>
          An arrival time not after the departure time lands the next day.
        </Text>
        <Title order={2} size="h5" mt="lg" mb="xs">
          Cost and price
        </Title>
        <FieldGrid>
          <MoneyInput label="Flight cost" {...form.getInputProps('flight_cost')} />
          <MoneyInput label="Flight price" {...form.getInputProps('flight_price')} />
          <Switch label="Stop sell" {...form.getInputProps('stop_sell', { type: 'checkbox' })} />
        </FieldGrid>
      </EntityFormFrame>
    </>
  );
}
