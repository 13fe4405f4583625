import { Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSENGER_GENDERS, PASSENGER_TITLES } from '../../../shared/api/booking-edit';
import {
  PORTAL_MESSAGES,
  type PortalPassenger,
  type PortalPassengerInput,
  portalPassengerInput,
} from '../../../shared/api/portal';
import { DateField } from '../../ui/DateField';
import { FieldGrid, FormActions, SaveButton, useFormSubmit } from '../../ui/form';
import { Modal } from '../../ui/Modal';
import { zodValidate } from '../../ui/zod-validate';
import { passengerName } from '../portal-format';

/** The form's values: each field of the shared input schema, as text (null while blank). */
type Values = Record<keyof PortalPassengerInput, string | null>;

const toValues = (p: PortalPassenger): Values => ({
  title: p.title,
  first_name: p.first_name,
  last_name: p.last_name,
  dob: p.dob,
  gender: p.gender,
  passport_no: p.passport_no,
  passport_issue: p.passport_issue,
  passport_expiry: p.passport_expiry,
  passport_nationality: p.passport_nationality,
});

/** Blank fields go as '' (the schema reads them as not given); dates as YYYY-MM-DD. */
const toInput = (v: Values): PortalPassengerInput => {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(v)) out[key] = value ?? '';
  return out as PortalPassengerInput;
};

/** Saves a passenger's details: the reader's own call, which also puts the answered booking in place. */
export type SavePassenger = (passengerId: number, input: PortalPassengerInput) => Promise<unknown>;

/**
 * Edit one passenger's details (`save`: the customer's PUT portal/booking/passengers/{id}, the
 * agent's PUT agent/bookings/{id}/passengers/{passengerId}): names as on the passport, date
 * of birth, gender and — when a tour of the booking asks for them — the passport's number, issue
 * and expiry dates and nationality. Checked with the shared `portalPassengerInput` before sending
 * (the server's rules and messages); the server's field errors land on the fields. Once saved the
 * dialog closes ('Thank you — the passenger details are saved', or `savedMessage`). The kit's Modal
 * asks before closing over changes not saved.
 */
export function PassengerDialog({
  passenger,
  passportRequired,
  save,
  savedMessage = PORTAL_MESSAGES.passengerSaved,
  onClose,
}: {
  passenger: PortalPassenger;
  passportRequired: boolean;
  save: SavePassenger;
  savedMessage?: string;
  onClose: () => void;
}) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: toValues(passenger),
    validate: zodValidate(portalPassengerInput, toInput),
  });
  const { onSubmit, saving } = useFormSubmit(form, (values: Values) => save(passenger.id, toInput(values)), {
    successMessage: savedMessage,
    onSuccess: onClose,
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Details of ${passengerName(passenger)}`}
      size="lg"
      fullScreen={false}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">Enter names exactly as they appear on the passport.</Text>
          <FieldGrid>
            <Select
              label="Title"
              data={[...PASSENGER_TITLES]}
              clearable
              size="md"
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('title')}
            />
            <Select
              label="Gender"
              data={[...PASSENGER_GENDERS]}
              clearable
              size="md"
              {...form.getInputProps('gender')}
            />
            <TextInput
              label="First and middle names"
              autoComplete="off"
              required
              size="md"
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label="Surname"
              autoComplete="off"
              required
              size="md"
              {...form.getInputProps('last_name')}
            />
            <DateField label="Date of birth" birthDate size="md" {...form.getInputProps('dob')} />
          </FieldGrid>
          {passportRequired && (
            <>
              <Text fw={600} mt="xs">
                Passport
              </Text>
              <FieldGrid>
                <TextInput
                  label="Passport number"
                  autoComplete="off"
                  spellCheck={false}
                  size="md"
                  {...form.getInputProps('passport_no')}
                />
                <TextInput label="Nationality" size="md" {...form.getInputProps('passport_nationality')} />
                <DateField
                  label="Date of issue"
                  birthDate
                  size="md"
                  {...form.getInputProps('passport_issue')}
                />
                <DateField label="Date of expiry" size="md" {...form.getInputProps('passport_expiry')} />
              </FieldGrid>
            </>
          )}
          <FormActions>
            <Button variant="default" size="md" onClick={onClose}>
              Cancel
            </Button>
            <SaveButton mode="update" saving={saving} busyLabel="Saving..." size="md">
              Save details
            </SaveButton>
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
