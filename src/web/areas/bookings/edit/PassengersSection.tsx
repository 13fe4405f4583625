import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  type BookingDetail,
  type BookingPassenger,
  bookingEditApi,
  PASSENGER_GENDERS,
  PASSENGER_TITLES,
  passengerSchema,
} from '../../../../shared/api/booking-edit';
import { api } from '../../../api/client';
import { formatDate } from '../../../lib/format';
import { DateField } from '../../../ui/DateField';
import { EntityFormFrame, useEntityForm } from '../../../ui/entity';
import { FieldGrid } from '../../../ui/form';
import { Modal } from '../../../ui/Modal';
import { useCan } from '../../../ui/permissions';
import { ConfirmDeleteLink } from '../../../ui/RowActions';
import { useBookingChange, useReloadBooking } from '../booking-api';
import { quietWhenStatusFalse, SectionEmpty, wasStatusFalse } from './section-kit';

interface PassengerValues {
  title: string | null;
  first_name: string;
  last_name: string;
  dob: string | null;
  gender: string | null;
  passport_no: string;
  passport_issue: string | null;
  passport_expiry: string | null;
  passport_nationality: string;
  policy_number: string;
  insurance_company: string;
  insurance_telephone_number: string;
}

const toValues = (p?: BookingPassenger): PassengerValues => ({
  title: p?.title ?? null,
  first_name: p?.first_name ?? '',
  last_name: p?.last_name ?? '',
  dob: p?.dob ?? null,
  gender: p?.gender ?? null,
  passport_no: p?.passport_no ?? '',
  passport_issue: p?.passport_issue ?? null,
  passport_expiry: p?.passport_expiry ?? null,
  passport_nationality: p?.passport_nationality ?? '',
  policy_number: p?.policy_number ?? '',
  insurance_company: p?.insurance_company ?? '',
  insurance_telephone_number: p?.insurance_telephone_number ?? '',
});

/** Blank fields go as '' (the schema reads them as not given); dates as YYYY-MM-DD. */
const toInput = (v: PassengerValues) => ({
  ...v,
  title: v.title ?? '',
  gender: v.gender ?? '',
  dob: v.dob ?? '',
  passport_issue: v.passport_issue ?? '',
  passport_expiry: v.passport_expiry ?? '',
});

/**
 * The booking's passengers (spec 1 §2 'passengers', §3 Passenger): a table of every field; role 1
 * adds (POST update-booking/update-pessenger), updates (…/update-pessenger-detail) and deletes
 * (…/remove-passenger/{id}, confirmed) in a modal. A `status: false` answer shows nothing (§8).
 */
export function PassengersSection({ booking, canEdit }: { booking: BookingDetail; canEdit: boolean }) {
  const allowed = useCan('bookings.passengers');
  const mayEdit = canEdit && allowed;
  const [editing, setEditing] = useState<BookingPassenger | 'new' | null>(null);
  const remove = useBookingChange(booking, (id: number, b) =>
    quietWhenStatusFalse(
      api.call(bookingEditApi.removePassenger, {
        params: { id },
        body: { holiday_booking_id: b.id, version: b.version },
      }),
    ),
  );
  const passengers = booking.passengers;
  return (
    <Stack gap="sm">
      {passengers.length === 0 ? (
        <SectionEmpty>No passengers have been added to this booking.</SectionEmpty>
      ) : (
        <Table.ScrollContainer minWidth={960}>
          <Table striped withTableBorder fz="sm" aria-label="Passengers" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>DOB</Table.Th>
                <Table.Th>Gender</Table.Th>
                <Table.Th>Passport no</Table.Th>
                <Table.Th>Issued</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Nationality</Table.Th>
                <Table.Th>Policy number</Table.Th>
                <Table.Th>Insurance</Table.Th>
                {mayEdit && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {passengers.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{[p.title, p.first_name, p.last_name].filter(Boolean).join(' ')}</Table.Td>
                  <Table.Td>{formatDate(p.dob)}</Table.Td>
                  <Table.Td>{p.gender}</Table.Td>
                  <Table.Td>{p.passport_no}</Table.Td>
                  <Table.Td>{formatDate(p.passport_issue)}</Table.Td>
                  <Table.Td>{formatDate(p.passport_expiry)}</Table.Td>
                  <Table.Td>{p.passport_nationality}</Table.Td>
                  <Table.Td>{p.policy_number}</Table.Td>
                  <Table.Td>
                    {p.insurance_company}
                    {p.insurance_telephone_number && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {p.insurance_telephone_number}
                      </Text>
                    )}
                  </Table.Td>
                  {mayEdit && (
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Anchor component="button" type="button" size="sm" onClick={() => setEditing(p)}>
                          Edit
                        </Anchor>
                        <ConfirmDeleteLink
                          ariaLabel={`Delete passenger ${p.first_name} ${p.last_name}`}
                          confirmMessage={`Are you sure you want to delete the passenger ${p.first_name} ${p.last_name}?`}
                          onConfirm={() => remove.mutate(p.id)}
                          pending={remove.isPending && remove.variables === p.id}
                          disabled={remove.isPending}
                        />
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {mayEdit && (
        <Group>
          <Button variant="light" onClick={() => setEditing('new')}>
            Add passenger
          </Button>
        </Group>
      )}
      {mayEdit && editing && (
        <PassengerModal
          booking={booking}
          passenger={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

/**
 * Add (no passenger) or update one passenger (entity kit: checked with the shared passengerSchema;
 * server field errors land on the fields). A `status: false` answer shows nothing and keeps it open.
 */
function PassengerModal({
  booking,
  passenger,
  onClose,
}: {
  booking: BookingDetail;
  passenger?: BookingPassenger;
  onClose: () => void;
}) {
  const reload = useReloadBooking(booking.id);
  const mode = passenger ? 'update' : 'create';
  const entity = useEntityForm({
    schema: passengerSchema,
    toValues,
    toInput,
    permission: 'bookings.passengers',
    mode,
    record: passenger,
    send: (input) => {
      const body = { ...input, holiday_booking_id: booking.id, version: booking.version };
      return quietWhenStatusFalse(
        passenger
          ? api.call(bookingEditApi.updatePassenger, { body: { ...body, id: passenger.id } })
          : api.call(bookingEditApi.addPassenger, { body }),
      );
    },
    onSaved: (answer) => {
      if (wasStatusFalse(answer)) {
        entity.form.setErrors(answer.fieldErrors);
        return;
      }
      void reload();
      onClose();
    },
  });
  const { form } = entity;
  const label = passenger ? 'Update passenger' : 'Add passenger';
  return (
    <Modal opened onClose={onClose} title={label} size="xl" centered>
      <EntityFormFrame
        entity={entity}
        bare
        submitLabel={label}
        actions={
          <Button variant="default" onClick={onClose} disabled={entity.saving}>
            Cancel
          </Button>
        }
      >
        <FieldGrid cols={3}>
          <Select
            label="Title"
            data={[...PASSENGER_TITLES]}
            clearable
            placeholder="Choose a title"
            {...form.getInputProps('title')}
          />
          <TextInput label="First name" required {...form.getInputProps('first_name')} />
          <TextInput label="Last name" required {...form.getInputProps('last_name')} />
          <DateField label="Date of birth" birthDate {...form.getInputProps('dob')} />
          <Select
            label="Gender"
            data={[...PASSENGER_GENDERS]}
            clearable
            placeholder="Choose"
            {...form.getInputProps('gender')}
          />
          <TextInput label="Passport no" {...form.getInputProps('passport_no')} />
          <DateField label="Passport issue date" {...form.getInputProps('passport_issue')} />
          <DateField label="Passport expiry date" {...form.getInputProps('passport_expiry')} />
          <TextInput label="Passport nationality" {...form.getInputProps('passport_nationality')} />
          <TextInput label="Policy number" {...form.getInputProps('policy_number')} />
          <TextInput label="Insurance company" {...form.getInputProps('insurance_company')} />
          <TextInput label="Insurance telephone" {...form.getInputProps('insurance_telephone_number')} />
        </FieldGrid>
      </EntityFormFrame>
    </Modal>
  );
}
