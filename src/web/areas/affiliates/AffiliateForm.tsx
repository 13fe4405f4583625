import { Switch, TextInput } from '@mantine/core';
import { type Affiliate, type AffiliateInput, affiliateInput } from '../../../shared/api/affiliates';
import { EntityFormFrame, type EntityFormProps, useEntityForm } from '../../ui/entity';
import { FieldGrid } from '../../ui/form';

interface AffiliateFormValues {
  name: string;
  code: string;
  email: string;
  phone_number: string;
  address_line_1: string;
  address_line_2: string;
  town_city: string;
  county: string;
  postcode: string;
  artwork_email: string;
  is_active: boolean;
}

const toValues = (a?: Affiliate): AffiliateFormValues => ({
  name: a?.name ?? '',
  code: a?.code ?? '',
  email: a?.email ?? '',
  phone_number: a?.phone_number ?? '',
  address_line_1: a?.address_line_1 ?? '',
  address_line_2: a?.address_line_2 ?? '',
  town_city: a?.town_city ?? '',
  county: a?.county ?? '',
  postcode: a?.postcode ?? '',
  artwork_email: a?.artwork_email ?? '',
  is_active: a?.is_active ?? true,
});

const toInput = (v: AffiliateFormValues): AffiliateInput => v;

/**
 * The affiliate form (spec 2 §3 Affiliate, §5) of the create and edit screens, also New booking's
 * 'Create new' modal (`bare`: without its panel). Validated with the shared `affiliateInput`;
 * read-only for a role that may not save.
 */
export function AffiliateForm<A = unknown>({
  mode,
  record,
  send,
  onSaved,
  bare = false,
}: EntityFormProps<Affiliate, AffiliateInput, A> & { bare?: boolean }) {
  const entity = useEntityForm({
    schema: affiliateInput,
    toValues,
    toInput,
    permission: mode === 'create' ? 'affiliates.create' : 'affiliates.update',
    mode,
    record,
    send,
    onSaved,
  });
  const { form } = entity;
  return (
    <EntityFormFrame
      entity={entity}
      submitLabel={mode === 'create' ? 'Create affiliate' : 'Update affiliate'}
      maw={960}
      bare={bare}
    >
      <FieldGrid>
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <TextInput label="Code" required {...form.getInputProps('code')} />
        <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        <TextInput label="Phone number" type="tel" {...form.getInputProps('phone_number')} />
        <TextInput label="Address line 1" {...form.getInputProps('address_line_1')} />
        <TextInput label="Address line 2" {...form.getInputProps('address_line_2')} />
        <TextInput label="Town/City" {...form.getInputProps('town_city')} />
        <TextInput label="County" {...form.getInputProps('county')} />
        <TextInput label="Postcode" {...form.getInputProps('postcode')} />
        <TextInput label="Artwork email" type="email" {...form.getInputProps('artwork_email')} />
      </FieldGrid>
      <Switch mt="md" label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
    </EntityFormFrame>
  );
}
