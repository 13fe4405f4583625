import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/** The contact and postal address of an agent or affiliate (spec 2 §3), as the form keeps them. */
export interface PartyContactValues {
  email: string;
  phone_number: string;
  address_line_1: string;
  address_line_2: string;
  town_city: string;
  county: string;
  postcode: string;
}

/** The form's values of a party's contact fields (blank when creating; null from the server → ''). */
export const partyContactValues = (
  p?: Partial<Record<keyof PartyContactValues, string | null>>,
): PartyContactValues => ({
  email: p?.email ?? '',
  phone_number: p?.phone_number ?? '',
  address_line_1: p?.address_line_1 ?? '',
  address_line_2: p?.address_line_2 ?? '',
  town_city: p?.town_city ?? '',
  county: p?.county ?? '',
  postcode: p?.postcode ?? '',
});

/**
 * Email, phone number and the postal address of an agent or affiliate (spec 2 §3): seven inputs,
 * to be placed inside the form's `FieldGrid` between the party's own fields.
 */
export function PartyContactFields<V extends PartyContactValues>({ form }: { form: UseFormReturnType<V> }) {
  return (
    <>
      <TextInput label="Email" type="email" {...form.getInputProps('email')} />
      <TextInput label="Phone number" type="tel" {...form.getInputProps('phone_number')} />
      <TextInput label="Address line 1" {...form.getInputProps('address_line_1')} />
      <TextInput label="Address line 2" {...form.getInputProps('address_line_2')} />
      <TextInput label="Town/City" {...form.getInputProps('town_city')} />
      <TextInput label="County" {...form.getInputProps('county')} />
      <TextInput label="Postcode" {...form.getInputProps('postcode')} />
    </>
  );
}
