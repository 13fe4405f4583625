import { Checkbox, Group, Paper, Select, Text, TextInput, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { END_AFTER_START_MESSAGE } from '../../../shared/api/common';
import { WEEKDAYS } from '../../../shared/api/flights';
import { ApiError, api } from '../../api/client';
import { DateField } from '../../ui/DateField';
import { FieldGrid, FormActions, MoneyInput, SaveButton } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { AirportSelect } from './AirportSelect';
import { useAirlines } from './FlightFormPage';

interface BulkValues {
  filter_flight_number: string;
  date_from: string | null;
  date_to: string | null;
  selected_days_of_week: string[];
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

const initialValues: BulkValues = {
  filter_flight_number: '',
  date_from: null,
  date_to: null,
  selected_days_of_week: [],
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
};

const DETAIL_FIELDS = [
  'departure_airport_id',
  'arrival_airport_id',
  'departure_terminal',
  'arrival_terminal',
  'departure_time',
  'arrival_time',
  'airline_id',
  'flight_cost',
  'flight_price',
  'stop_sell',
] as const;

const capital = (d: string) => d[0].toUpperCase() + d.slice(1);

/**
 * Update multiple flights (/flights/bulk-update, route bulk-update-flights, spec 3 §2, §7): filter by
 * flight number, date range and days of the week; the details filled in are changed on every
 * matching flight in one transaction (blank details stay as they are). The answer's message always
 * shows as a success notice and the form resets (spec 3 §8).
 */
export function BulkUpdateFlightsPage() {
  const airlines = useAirlines();
  const mayUpdate = useCan('flights.update');
  const form = useForm<BulkValues>({
    initialValues,
    validate: (v) => {
      const errors: Record<string, string> = {};
      if (!v.filter_flight_number.trim()) errors.filter_flight_number = 'Flight number is required.';
      if (!v.date_from) errors.date_from = 'Date from is required.';
      if (!v.date_to) errors.date_to = 'Date to is required.';
      else if (v.date_from && v.date_to < v.date_from) errors.date_to = END_AFTER_START_MESSAGE;
      const changes = DETAIL_FIELDS.some((f) => v[f] !== '' && v[f] !== null);
      if (!changes) errors.flightDetails = 'Choose at least one detail to change.';
      return errors;
    },
  });
  const blank = (x: string | number | null) => (x === '' || x === null ? undefined : String(x));
  const mutation = useMutation({
    mutationFn: (v: BulkValues) =>
      api.post<{ message: string }>('/flights/update/multiple', {
        filter_flight_number: v.filter_flight_number,
        date_from: v.date_from,
        date_to: v.date_to,
        selected_days_of_week: v.selected_days_of_week,
        flightDetails: Object.fromEntries(DETAIL_FIELDS.map((f) => [f, blank(v[f])])),
      }),
    onSuccess: (answer) => {
      notifications.show({ color: 'green', message: answer.message });
      form.reset();
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        const errors: Record<string, string> = {};
        for (const [k, m] of Object.entries(err.fieldErrors)) errors[k.replace(/^flightDetails\./, '')] = m;
        form.setErrors(errors);
      }
      notifications.show({ color: 'red', title: 'Error', message: err.message });
    },
  });
  return (
    <>
      <PageHeader title="Update multiple flights" />
      <Paper withBorder p="lg" radius="md" maw={900}>
        <form onSubmit={form.onSubmit((v) => mutation.mutate(v))} noValidate>
          <fieldset disabled={!mayUpdate} style={{ border: 0, padding: 0, margin: 0 }}>
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
              Only the details you fill in change. A new departure time keeps each flight's date and its
              duration; an arrival time not after the departure time lands the next day.
            </Text>
            {form.errors.flightDetails && (
              <Text size="sm" c="red" mb="xs" role="alert">
                {form.errors.flightDetails}
              </Text>
            )}
            <FieldGrid>
              <AirportSelect label="Departure airport" {...form.getInputProps('departure_airport_id')} />
              <TextInput label="Departure terminal" {...form.getInputProps('departure_terminal')} />
              <AirportSelect label="Arrival airport" {...form.getInputProps('arrival_airport_id')} />
              <TextInput label="Arrival terminal" {...form.getInputProps('arrival_terminal')} />
              <TimeInput label="Departure time" {...form.getInputProps('departure_time')} />
              <TimeInput label="Arrival time" {...form.getInputProps('arrival_time')} />
              <Select
                label="Airline"
                placeholder="Leave as it is"
                data={(airlines.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
                searchable
                clearable
                {...form.getInputProps('airline_id')}
              />
              <Select
                label="Stop sell"
                placeholder="Leave as it is"
                data={[
                  { value: 'yes', label: 'Stop sell' },
                  { value: 'no', label: 'On sale' },
                ]}
                clearable
                {...form.getInputProps('stop_sell')}
              />
              <MoneyInput
                label="Flight cost"
                placeholder="Leave as it is"
                {...form.getInputProps('flight_cost')}
              />
              <MoneyInput
                label="Flight price"
                placeholder="Leave as it is"
                {...form.getInputProps('flight_price')}
              />
            </FieldGrid>
          </fieldset>
          {mayUpdate && (
            <FormActions>
              <SaveButton mode="update" saving={mutation.isPending}>
                Update flights
              </SaveButton>
            </FormActions>
          )}
        </form>
      </Paper>
    </>
  );
}
