import { Button, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { BookingDetail } from '../../../../shared/api/booking-edit';
import { api } from '../../../api/client';
import { useCan } from '../../../ui/permissions';
import { useBookingChange } from '../booking-api';
import { airlineEmailAddress } from './booking-view';

/**
 * Custom airline reference email (spec 1 §4): on when the booking has one. Choosing an allowed
 * domain builds `firstname.lastname@domain` (lower case) from the customer's names; clearing the
 * domain, or switching off, empties it. Role 1 saves → POST update-booking/{id}/update-booking-custom-airline
 * (both blank = off).
 */
export function CustomAirlineSection({
  booking,
  allowedDomains,
}: {
  booking: BookingDetail;
  allowedDomains: string[];
}) {
  const mayEdit = useCan('bookings.customAirline');
  const [on, setOn] = useState(!!booking.airline_reference_email);
  const [domain, setDomain] = useState<string | null>(booking.allowed_domain);
  const [email, setEmail] = useState(booking.airline_reference_email ?? '');
  const save = useBookingChange(
    booking,
    (body: { allowed_domain: string; airline_reference_email: string }, b) =>
      api.post<{ message: string }>(`/update-booking/${b.id}/update-booking-custom-airline`, {
        ...body,
        version: b.version,
      }),
  );
  const options = [
    ...new Set([...allowedDomains, ...(booking.allowed_domain ? [booking.allowed_domain] : [])]),
  ];
  const chooseDomain = (d: string | null) => {
    setDomain(d);
    setEmail(airlineEmailAddress(booking.customer, d));
  };
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
            value={domain}
            onChange={chooseDomain}
            placeholder="Choose a domain"
            clearable
            readOnly={!mayEdit}
            disabled={mayEdit && noCustomer}
          />
          <TextInput
            label="Airline reference email"
            value={email}
            readOnly
            variant="filled"
            placeholder="—"
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
          <Button
            size="sm"
            onClick={() => save.mutate({ allowed_domain: domain ?? '', airline_reference_email: email })}
            disabled={save.isPending || (on && !email)}
          >
            {save.isPending ? 'Updating...' : 'Update airline email'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
