import { Button, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  bookingRequestInput,
  bookingRequestsApi,
  type ReferrerOption,
} from '../../../../shared/api/booking-requests';
import { api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { formatDate } from '../../../lib/format';
import { EntityFormFrame, useEntityForm } from '../../../ui/entity';
import { Modal } from '../../../ui/Modal';

/** Spec 1 §9: the customer type-ahead asks 500 ms after the last key. */
const TYPEAHEAD_DELAY = 500;

interface Values {
  booking_id: string | null;
  referrer_id: string | null;
}

const referrerLabel = (r: ReferrerOption) =>
  [r.full_name, r.postcode, r.email].filter(Boolean).join(' — ') +
  (r.total_bookings ? ` (${r.total_bookings} booking${r.total_bookings === 1 ? '' : 's'})` : '');

/**
 * 'Record referral' (role 1): one of the customer's bookings (GET bookings?customer_id=; those
 * already referred are shown but not offered) and the customer who referred them (GET referrers,
 * a type-ahead that leaves out this customer), saved through POST bookings/requests.
 */
export function RecordReferralModal({
  customerId,
  opened,
  onClose,
  onDone,
}: {
  customerId: number;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), TYPEAHEAD_DELAY);
  const [picked, setPicked] = useState<ReferrerOption | null>(null);
  const bookings = useQuery({
    queryKey: keys.bookingRequests.list('bookings', customerId),
    queryFn: ({ signal }) =>
      api
        .call(bookingRequestsApi.bookings, { query: { customer_id: customerId }, signal })
        .then((r) => r.data),
    enabled: opened,
  });
  const referrers = useQuery<ReferrerOption[]>({
    queryKey: keys.bookingRequests.list('referrers', customerId, debounced),
    queryFn: ({ signal }) =>
      api
        .call(bookingRequestsApi.referrers, { query: { search: debounced, customer_id: customerId }, signal })
        .then((r) => r.data),
    enabled: opened && debounced.length >= 2,
    placeholderData: keepPreviousData,
  });
  const entity = useEntityForm({
    schema: bookingRequestInput,
    toValues: (): Values => ({ booking_id: null, referrer_id: null }),
    toInput: (v: Values) => ({
      customer_id: customerId,
      booking_id: v.booking_id,
      referrer_id: v.referrer_id,
    }),
    permission: 'bookingRequests.create',
    mode: 'create',
    send: (input) => api.call(bookingRequestsApi.create, { body: input }),
    onSaved: onDone,
    resetAfterCreate: true,
  });
  const options = [...(referrers.data ?? [])];
  if (picked && !options.some((o) => o.id === picked.id)) options.unshift(picked);

  return (
    <Modal opened={opened} onClose={onClose} title="Record referral" centered size="lg">
      <EntityFormFrame
        entity={entity}
        submitLabel="Save referral"
        bare
        actions={
          <Button variant="default" onClick={onClose} disabled={entity.saving}>
            Cancel
          </Button>
        }
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Who referred this customer, and for which of their bookings.
          </Text>
          <Select
            label="Booking"
            required
            placeholder={bookings.isPending ? 'Loading…' : 'Choose a booking'}
            data={(bookings.data ?? []).map((b) => ({
              value: String(b.id),
              label: `${b.booking_ref ?? `#${b.id}`} — ${b.departure_date ? `departs ${formatDate(b.departure_date)}` : 'no departure yet'} — ${b.status}${b.referrer_name ? ` (referred by ${b.referrer_name})` : ''}`,
              disabled: b.referrer_id !== null,
            }))}
            nothingFoundMessage="This customer has no bookings"
            comboboxProps={{ withinPortal: true }}
            {...entity.form.getInputProps('booking_id')}
          />
          <Select
            label="Referred by"
            required
            searchable
            placeholder="Type a name, post code or email"
            data={options.map((r) => ({ value: String(r.id), label: referrerLabel(r) }))}
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: o }) => o}
            nothingFoundMessage={debounced.length < 2 ? 'Type at least 2 characters' : 'No customer found'}
            comboboxProps={{ withinPortal: true }}
            {...entity.form.getInputProps('referrer_id')}
            onChange={(value) => {
              entity.form.setFieldValue('referrer_id', value);
              setPicked(options.find((o) => String(o.id) === value) ?? null);
            }}
          />
        </Stack>
      </EntityFormFrame>
    </Modal>
  );
}
