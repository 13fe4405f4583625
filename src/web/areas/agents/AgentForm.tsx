import { TextInput } from '@mantine/core';
import { type Agent, type AgentInput, agentInput } from '../../../shared/api/agents';
import { EntityFormFrame, type EntityFormProps, useEntityForm } from '../../ui/entity';
import { FieldGrid, MoneyInput, PercentInput } from '../../ui/form';

interface AgentFormValues {
  name: string;
  abta: string;
  email: string;
  phone_number: string;
  address_line_1: string;
  address_line_2: string;
  town_city: string;
  county: string;
  postcode: string;
  commission: number | string;
  credit_limit: number | string;
}

const toValues = (a?: Agent): AgentFormValues => ({
  name: a?.name ?? '',
  abta: a?.abta ?? '',
  email: a?.email ?? '',
  phone_number: a?.phone_number ?? '',
  address_line_1: a?.address_line_1 ?? '',
  address_line_2: a?.address_line_2 ?? '',
  town_city: a?.town_city ?? '',
  county: a?.county ?? '',
  postcode: a?.postcode ?? '',
  commission: a ? a.commission : '',
  credit_limit: a ? a.credit_limit : '',
});

const toInput = (v: AgentFormValues): AgentInput => ({
  ...v,
  commission: v.commission === '' ? '' : String(v.commission),
  credit_limit: v.credit_limit === '' ? '' : String(v.credit_limit),
});

/**
 * The agent form (spec 2 §3 Agent) of the create and edit screens, also New booking's 'Create
 * new' modal (`bare`: without its panel). Validated with the shared `agentInput` ('Credit limit
 * must be at least 0.', as the server says); read-only for a role that may not save.
 */
export function AgentForm<A = unknown>({
  mode,
  record,
  send,
  onSaved,
  bare = false,
}: EntityFormProps<Agent, AgentInput, A> & { bare?: boolean }) {
  const entity = useEntityForm({
    schema: agentInput,
    toValues,
    toInput,
    permission: mode === 'create' ? 'agents.create' : 'agents.update',
    mode,
    record,
    send,
    onSaved,
  });
  const { form } = entity;
  return (
    <EntityFormFrame
      entity={entity}
      submitLabel={mode === 'create' ? 'Create agent' : 'Update agent'}
      maw={960}
      bare={bare}
    >
      <FieldGrid>
        <TextInput label="Company name" required {...form.getInputProps('name')} />
        <TextInput label="ABTA number" {...form.getInputProps('abta')} />
        <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        <TextInput label="Phone number" type="tel" {...form.getInputProps('phone_number')} />
        <TextInput label="Address line 1" {...form.getInputProps('address_line_1')} />
        <TextInput label="Address line 2" {...form.getInputProps('address_line_2')} />
        <TextInput label="Town/City" {...form.getInputProps('town_city')} />
        <TextInput label="County" {...form.getInputProps('county')} />
        <TextInput label="Postcode" {...form.getInputProps('postcode')} />
        <PercentInput label="Commission (%)" {...form.getInputProps('commission')} />
        <MoneyInput label="Credit limit" {...form.getInputProps('credit_limit')} />
      </FieldGrid>
    </EntityFormFrame>
  );
}
