import { TextInput } from '@mantine/core';
import { CustomerTypeahead } from '../../ui/CustomerTypeahead';
import { PartyPickerModal } from '../../ui/PartyPickerModal';
import type { BookingSearch } from './booking-search';

interface Props {
  value: BookingSearch;
  onChange: (patch: Partial<BookingSearch>) => void;
}

/** The control that follows the 'Booking for' choice (spec 1 §2 'Bookings list'). */
export function BookingForField({ value, onChange }: Props) {
  switch (value.bookingFor) {
    case 'customer':
      return (
        <CustomerTypeahead
          label="Customer"
          value={value.customer?.id ?? null}
          selected={value.customer}
          onChange={(_, customer) => onChange({ customer })}
        />
      );
    case 'agent':
      return (
        <PartyPickerModal
          kind="agent"
          label="Agent"
          value={value.agent}
          onChange={(agent) => onChange({ agent })}
        />
      );
    case 'affiliate':
      return (
        <PartyPickerModal
          kind="affiliate"
          label="Affiliate"
          value={value.affiliate}
          onChange={(affiliate) => onChange({ affiliate })}
        />
      );
    case 'airline':
      return (
        <TextInput
          label="Airline reference"
          placeholder="e.g. ABC123"
          value={value.airlineRef}
          maxLength={50}
          onChange={(e) => onChange({ airlineRef: e.currentTarget.value })}
        />
      );
  }
}
