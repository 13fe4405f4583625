import { Alert, Paper, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PASSENGER_GENDERS, PASSENGER_TITLES } from '../../../shared/api/booking-edit';
import { PortalCard } from '../../portal/PortalCard';
import { DateField } from '../../ui/DateField';

/** A passenger as the form holds it (blank title and birth date are null). */
export interface PassengerValues {
  title: string | null;
  first_name: string;
  last_name: string;
  dob: string | null;
  gender: string | null;
}

/** The booking form's values beside the chosen departure and room. */
export interface BookValues {
  guests: number;
  passengers: PassengerValues[];
  special_request: string;
  agent_reference: string;
}

export const blankPassenger = (): PassengerValues => ({
  title: null,
  first_name: '',
  last_name: '',
  dob: null,
  gender: null,
});

/**
 * Step 3: one passenger per guest (the first is the lead client): title, first names and surname as
 * on the passport, date of birth and gender (a passenger's details are complete with both); then
 * the client's special request and the agency's own reference.
 */
export function PassengersFields({ form }: { form: UseFormReturnType<BookValues> }) {
  const listError = form.errors.passengers;
  return (
    <PortalCard title="3. Passengers">
      <Text size="sm">
        One passenger for each guest, names exactly as on the passport. The first is the lead client. Passport
        details can be added later on the booking.
      </Text>
      {listError && (
        <Alert color="red" variant="light" role="alert">
          {listError}
        </Alert>
      )}
      {form.values.passengers.map((_, i) => (
        <Paper
          // biome-ignore lint/suspicious/noArrayIndexKey: one passenger per guest, by position
          key={i}
          withBorder
          radius="sm"
          p="sm"
          component="fieldset"
          m={0}
        >
          <Text component="legend" fw={600} px={4}>
            {i === 0 ? 'Passenger 1 (lead client)' : `Passenger ${i + 1}`}
          </Text>
          <div className="agent-passenger-grid">
            <Select
              label="Title"
              data={[...PASSENGER_TITLES]}
              clearable
              size="md"
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps(`passengers.${i}.title`)}
            />
            <TextInput
              label="First and middle names"
              required
              autoComplete="off"
              size="md"
              {...form.getInputProps(`passengers.${i}.first_name`)}
            />
            <TextInput
              label="Surname"
              required
              autoComplete="off"
              size="md"
              {...form.getInputProps(`passengers.${i}.last_name`)}
            />
            <DateField
              label="Date of birth"
              birthDate
              size="md"
              {...form.getInputProps(`passengers.${i}.dob`)}
            />
            <Select
              label="Gender"
              data={[...PASSENGER_GENDERS]}
              clearable
              size="md"
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps(`passengers.${i}.gender`)}
            />
          </div>
        </Paper>
      ))}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Textarea
          label="Special request"
          description="Anything the office should know (dietary needs, a room near the lift)."
          autosize
          minRows={2}
          maxRows={6}
          size="md"
          {...form.getInputProps('special_request')}
        />
        <TextInput
          label="Your agency reference"
          description="Optional: your own reference for this booking."
          autoComplete="off"
          size="md"
          {...form.getInputProps('agent_reference')}
        />
      </SimpleGrid>
    </PortalCard>
  );
}
