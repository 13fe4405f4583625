import { type AgentRow, agentsApi } from '../../../shared/api/agents';
import { keys } from '../../api/query-keys';
import { EntityListPage } from '../../ui/entity-list';
import { SendResetLink } from './SendResetLink';

/**
 * Agents list (/agents, spec 2 §2): ABTA no., name, postcode, edit, delete (role 1) and 'Send
 * password reset link' (when the agent has an email); quick search. The order is the server's
 * default, newest agents first (our reading of §9 'column 4 descending', see agents/queries.ts).
 */
export function AgentsListPage() {
  return (
    <EntityListPage<AgentRow>
      title="Agents"
      create={{ label: 'New agent', route: 'agent-create', permission: 'agents.create' }}
      endpoint={agentsApi.table}
      queryKey={keys.agents.all}
      columns={[
        {
          accessor: 'abta',
          title: 'ABTA no.',
          sortable: true,
          noWrap: true,
          width: 120,
          render: (r) => r.abta ?? '',
        },
        { accessor: 'name', title: 'Name', sortable: true },
        {
          accessor: 'postcode',
          title: 'Postcode',
          sortable: true,
          noWrap: true,
          width: 120,
          render: (r) => r.postcode ?? '',
        },
      ]}
      actions={{
        width: 330,
        edit: { route: 'agent-edit', permission: 'agents.update' },
        delete: {
          endpoint: agentsApi.delete,
          permission: 'agents.delete',
          confirm: (r) => `Are you sure you want to delete the agent "${r.name}" ?`,
        },
        more: (r) => <SendResetLink agent={r} />,
      }}
      pageSizes={[25, 50, 100, 500]}
      search="Name, ABTA no., postcode or email…"
      emptyText="No agents found"
    />
  );
}
