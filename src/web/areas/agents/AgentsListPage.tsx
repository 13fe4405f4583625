import { Button, Paper } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { type AgentRow, agentsApi } from '../../../shared/api/agents';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { PageHeader } from '../../ui/PageHeader';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction, EditLink, RowActions } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';
import { SendResetLink } from './SendResetLink';

/**
 * Agents list (/agents, spec 2 §2): ABTA no., name, postcode, edit, delete (role 1) and 'Send
 * password reset link' (when the agent has an email); quick search. The order is the server's
 * default, newest agents first (our reading of §9 'column 4 descending', see agents/queries.ts).
 */
export function AgentsListPage() {
  const table = useRef<ServerTableHandle>(null);
  const mayDelete = useCan('agents.delete');
  const columns: ServerTableColumn<AgentRow>[] = [
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
    {
      accessor: 'actions',
      title: '',
      width: 330,
      render: (r) => (
        <RowActions>
          <EditLink to={pathTo('agent-edit', { id: r.id })} permission="agents.update" />
          {mayDelete && (
            <DeleteAction
              endpoint={agentsApi.delete}
              params={{ id: r.id }}
              confirmMessage={`Are you sure you want to delete the agent "${r.name}" ?`}
              onDeleted={() => table.current?.reload()}
            />
          )}
          <SendResetLink agent={r} />
        </RowActions>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Agents"
        actions={
          <Can permission="agents.create">
            <Button component={Link} to={pathTo('agent-create')}>
              New agent
            </Button>
          </Can>
        }
      />
      <Paper withBorder p="md" radius="md">
        <ServerTable<AgentRow>
          ref={table}
          label="Agents"
          endpoint={agentsApi.table}
          queryKeyPrefix={keys.agents.all}
          columns={columns}
          pageSizes={[25, 50, 100, 500]}
          quickSearch
          searchPlaceholder="Name, ABTA no., postcode or email…"
          emptyText="No agents found"
        />
      </Paper>
    </>
  );
}
