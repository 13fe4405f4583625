import { Badge, Paper, Title } from '@mantine/core';
import { agentsApi } from '../../../shared/api/agents';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { EntityCreatePage, EntityEditPage } from '../../ui/entity';
import { PartyBookingsTable } from '../../ui/PartyBookingsTable';
import { AgentForm } from './AgentForm';
import { SendResetLink } from './SendResetLink';

/** Create agent (/agents/create, role 1): goes to the agent's edit screen afterwards. */
export function AgentCreatePage() {
  return (
    <EntityCreatePage
      title="New agent"
      create={agentsApi.create}
      invalidate={keys.agents.all}
      afterCreate={(answer) => pathTo('agent-edit', { id: answer.data.id })}
      form={AgentForm}
    />
  );
}

/**
 * Agent edit (spec 2 §2, route agent-edit): 'Agent: {company name}', the agent fields (read-only
 * without the update permission), the update button (role 1) and the agent's bookings, current
 * plus old.
 */
export function AgentEditPage() {
  return (
    <EntityEditPage
      label="agent"
      load={agentsApi.get}
      select={(answer) => answer.data}
      queryKey={keys.agents.one}
      invalidate={keys.agents.all}
      title={(agent) => `Agent: ${agent.name}`}
      actions={(agent) => (
        <>
          <Badge variant="light" color={agent.has_password ? 'teal' : 'gray'} size="lg" radius="sm" tt="none">
            {agent.has_password ? 'Agent login: password set' : 'Agent login: no password yet'}
          </Badge>
          <SendResetLink agent={agent} variant="button" />
        </>
      )}
      update={agentsApi.update}
      form={AgentForm}
    >
      {(agent) => (
        <Paper withBorder p="md" radius="md" maw={960} mt="lg">
          <Title order={2} size="h4" mb="sm">
            Bookings
          </Title>
          <PartyBookingsTable
            endpoint={agentsApi.bookings}
            params={{ id: agent.id }}
            queryKeyPrefix={keys.agents.sub(agent.id, 'bookings')}
            label={`Bookings of ${agent.name}`}
            linkLabel="View"
            pageSizes={[10, 25, 50, 100]}
          />
        </Paper>
      )}
    </EntityEditPage>
  );
}
