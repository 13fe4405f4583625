import { TextInput } from '@mantine/core';
import { type Agent, type AgentInput, agentInput } from '../../../shared/api/agents';
import { EntityFormFrame, type EntityFormProps, useEntityForm } from '../../ui/entity';
import { FieldGrid, MoneyInput, PercentInput } from '../../ui/form';
import { PartyContactFields, type PartyContactValues, partyContactValues } from '../../ui/PartyContactFields';

interface AgentFormValues extends PartyContactValues {
  name: string;
  abta: string;
  commission: number | string;
  credit_limit: number | string;
}

const toValues = (a?: Agent): AgentFormValues => ({
  name: a?.name ?? '',
  abta: a?.abta ?? '',
  ...partyContactValues(a),
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
    permission: { create: 'agents.create', update: 'agents.update' },
    mode,
    record,
    send,
    onSaved,
  });
  const { form } = entity;
  return (
    <EntityFormFrame
      entity={entity}
      submitLabel={{ create: 'Create agent', update: 'Update agent' }}
      maw={960}
      bare={bare}
    >
      <FieldGrid>
        <TextInput label="Company name" required {...form.getInputProps('name')} />
        <TextInput label="ABTA number" {...form.getInputProps('abta')} />
        <PartyContactFields form={form} />
        <PercentInput label="Commission (%)" {...form.getInputProps('commission')} />
        <MoneyInput label="Credit limit" {...form.getInputProps('credit_limit')} />
      </FieldGrid>
    </EntityFormFrame>
  );
}
