import { Button, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type BookingDetail, bookingEditApi, customAirlineSchema } from '../../../../shared/api/booking-edit';
import { api } from '../../../api/client';
import { useEntityForm } from '../../../ui/entity';
import { useReloadBooking } from '../booking-api';
import { airlineEmailAddress } from './booking-view';

interface AirlineValues {
  allowed_domain: string | null;
  airline_reference_email: string;
}

const toValues = (b?: BookingDetail): AirlineValues => ({
  allowed_domain: b?.allowed_domain ?? null,
  airline_reference_email: b?.airline_reference_email ?? '',
});

/**
 * Custom airline reference email (spec 1 §4): on when the booking has one. Choosing an allowed
 * domain builds `firstname.lastname@domain` (lower case) from the customer's names; clearing the
 * domain, or switching off, empties it. Role 1 saves → POST update-booking/{id}/update-booking-custom-airline
 * (both blank = off), checked with the shared customAirlineSchema.
 */
export function CustomAirlineSection({
  booking,
  allowedDomains,
}: {
  booking: BookingDetail;
  allowedDomains: string[];
}) {
  const reload = useReloadBooking(booking.id);
  const [on, setOn] = useState(!!booking.airline_reference_email);
  const entity = useEntityForm({
    schema: customAirlineSchema,
    toValues,
    toInput: (v: AirlineValues) => ({
      allowed_domain: v.allowed_domain ?? '',
      airline_reference_email: v.airline_reference_email,
      version: booking.version,
    }),
    permission: 'bookings.customAirline',
    mode: 'update',
    record: booking,
    send: (body) => api.call(bookingEditApi.customAirline, { params: { id: booking.id }, body }),
    onSaved: () => void reload(),
  });
  const { form, onSubmit, saving, maySave: mayEdit } = entity;
  const { allowed_domain: domain, airline_reference_email: email } = form.getValues();
  const options = [
    ...new Set([...allowedDomains, ...(booking.allowed_domain ? [booking.allowed_domain] : [])]),
  ];
  const chooseDomain = (d: string | null) =>
    form.setValues({ allowed_domain: d, airline_reference_email: airlineEmailAddress(booking.customer, d) });
  const toggle = (checked: boolean) => {
    setOn(checked);
    if (!checked) chooseDomain(null);
    // One fixed domain (spec 1 §4): choose it at once when there is a name to build from.
    else if (!domain && options.length === 1 && booking.customer) chooseDomain(options[0]);
  };
  const changed =
    (email || '') !== (booking.airline_reference_email ?? '') ||
    (domain ?? '') !== (booking.allowed_domain ?? '');
  const noCustomer = !booking.customer;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Switch
          label="Use a custom airline reference email"
          checked={on}
          onChange={(e) => toggle(e.currentTarget.checked)}
          disabled={!mayEdit}
        />
        {on && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={720}>
            <Select
              label="Allowed domain"
              data={options}
              placeholder="Choose a domain"
              clearable
              readOnly={!mayEdit}
              disabled={mayEdit && noCustomer}
              {...form.getInputProps('allowed_domain')}
              onChange={chooseDomain}
            />
            <TextInput
              label="Airline reference email"
              readOnly
              variant="filled"
              placeholder="—"
              {...form.getInputProps('airline_reference_email')}
            />
          </SimpleGrid>
        )}
        {on && noCustomer && (
          <Text size="xs" c="orange.8">
            The address is built from the customer's names: link a customer first.
          </Text>
        )}
        {mayEdit && changed && (
          <Group>
            <Button type="submit" size="sm" disabled={saving || (on && !email)}>
              {saving ? 'Updating...' : 'Update airline email'}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
