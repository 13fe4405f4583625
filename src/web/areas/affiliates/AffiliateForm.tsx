import { Switch, TextInput } from '@mantine/core';
import { type Affiliate, type AffiliateInput, affiliateInput } from '../../../shared/api/affiliates';
import { EntityFormFrame, type EntityFormProps, useEntityForm } from '../../ui/entity';
import { FieldGrid } from '../../ui/form';
import { PartyContactFields, type PartyContactValues, partyContactValues } from '../../ui/PartyContactFields';

interface AffiliateFormValues extends PartyContactValues {
  name: string;
  code: string;
  artwork_email: string;
  is_active: boolean;
}

const toValues = (a?: Affiliate): AffiliateFormValues => ({
  name: a?.name ?? '',
  code: a?.code ?? '',
  ...partyContactValues(a),
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
    permission: { create: 'affiliates.create', update: 'affiliates.update' },
    mode,
    record,
    send,
    onSaved,
  });
  const { form } = entity;
  return (
    <EntityFormFrame
      entity={entity}
      submitLabel={{ create: 'Create affiliate', update: 'Update affiliate' }}
      maw={960}
      bare={bare}
    >
      <FieldGrid>
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <TextInput label="Code" required {...form.getInputProps('code')} />
        <PartyContactFields form={form} />
        <TextInput label="Artwork email" type="email" {...form.getInputProps('artwork_email')} />
      </FieldGrid>
      <Switch mt="md" label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
    </EntityFormFrame>
  );
}
