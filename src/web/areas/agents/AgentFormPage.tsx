import { Badge, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { type Agent, type AgentInput, agentInput } from '../../../shared/api/agents';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { EntityLoader } from '../../ui/EntityLoader';
import { FieldGrid, FormActions, MoneyInput, PercentInput, SaveButton, useFormSubmit } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { zodValidate } from '../../ui/zod-validate';
import { PartyBookingsTable } from './PartyBookingsTable';
import { SendResetLink } from './SendResetLink';

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

/** Create agent (/agents/create, role 1): goes to the agent's edit screen afterwards. */
export function AgentCreatePage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New agent" />
      <AgentForm
        mode="create"
        send={(input) => api.post<{ data: { id: number } }>('/agents', input)}
        onSaved={(answer) => navigate(pathTo('agent-edit', { id: answer.data.id }))}
      />
    </>
  );
}

/**
 * Agent edit (spec 2 §2, route agent-edit): 'Agent: {company name}', the agent fields (read-only
 * without the update permission), the update button (role 1) and the agent's bookings, current
 * plus old.
 */
export function AgentEditPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['agent', id],
    queryFn: () => api.get<{ data: Agent }>(`/agents/${id}`).then((r) => r.data),
  });
  return (
    <EntityLoader query={query} label="agent">
      {(agent) => (
        <Stack gap="lg">
          <div>
            <PageHeader
              title={`Agent: ${agent.name}`}
              actions={
                <>
                  <Badge
                    variant="light"
                    color={agent.has_password ? 'teal' : 'gray'}
                    size="lg"
                    radius="sm"
                    tt="none"
                  >
                    {agent.has_password ? 'Agent login: password set' : 'Agent login: no password yet'}
                  </Badge>
                  <SendResetLink agent={agent} variant="button" />
                </>
              }
            />
            <AgentForm
              key={agent.id}
              mode="update"
              agent={agent}
              send={(input) => api.post(`/agents/${id}`, input)}
              onSaved={() => queryClient.invalidateQueries({ queryKey: ['agent', id] })}
            />
          </div>
          <Paper withBorder p="md" radius="md" maw={960}>
            <Title order={2} size="h4" mb="sm">
              Bookings
            </Title>
            <PartyBookingsTable
              endpoint={`/agents/${id}/bookings`}
              label={`Bookings of ${agent.name}`}
              linkLabel="View"
              pageSizes={[10, 25, 50, 100]}
            />
          </Paper>
        </Stack>
      )}
    </EntityLoader>
  );
}

/**
 * The agent form of the create and edit screens, also used in New booking's 'Create new'
 * modal (`framed={false}`: without its card).
 */
export function AgentForm<A>({
  mode,
  agent,
  send,
  onSaved,
  framed = true,
}: {
  mode: 'create' | 'update';
  agent?: Agent;
  send: (input: AgentInput) => Promise<A>;
  onSaved: (answer: A) => void;
  framed?: boolean;
}) {
  const mayCreate = useCan('agents.create');
  const mayUpdate = useCan('agents.update');
  const maySave = mode === 'create' ? mayCreate : mayUpdate;
  const form = useForm<AgentFormValues>({
    initialValues: toValues(agent),
    // The shared contract's rules and messages ('Credit limit must be at least 0.'), as the server's.
    validate: zodValidate(agentInput, toInput),
  });
  const { onSubmit, saving } = useFormSubmit(form, (v) => send(toInput(v)), { onSuccess: (a) => onSaved(a) });
  const body = (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={!maySave} style={{ border: 0, padding: 0, margin: 0 }}>
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
      </fieldset>
      {maySave && (
        <FormActions>
          <SaveButton mode={mode} saving={saving}>
            {mode === 'create' ? 'Create agent' : 'Update agent'}
          </SaveButton>
        </FormActions>
      )}
    </form>
  );
  return framed ? (
    <Paper withBorder p="lg" radius="md" maw={960}>
      {body}
    </Paper>
  ) : (
    body
  );
}
