import { Anchor, Button } from '@mantine/core';
import { agentsApi } from '../../../shared/api/agents';
import { api } from '../../api/client';
import { confirmAction } from '../../ui/confirm';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { useCan } from '../../ui/permissions';

/**
 * 'Send password reset link' (spec 2 §2 agents list; POST agents/password/reset-link with email):
 * asks first, then emails the agent a link to set the password of the agent login. Shown only
 * when the agent has an email; as a link in table rows, as a button on the edit screen.
 */
export function SendResetLink({
  agent,
  variant = 'link',
}: {
  agent: { id: number; name: string; email: string | null };
  variant?: 'link' | 'button';
}) {
  const may = useCan('agents.sendResetLink');
  const mutation = useNoticeMutation(() =>
    api.call(agentsApi.sendResetLink, { body: { email: agent.email ?? '', agent_id: agent.id } }),
  );
  if (!may || !agent.email) return null;
  const label = mutation.isPending ? 'Sending...' : 'Send password reset link';
  const send = async () => {
    const yes = await confirmAction(`Send a password reset link to ${agent.email} for ${agent.name}?`, {
      title: 'Send password reset link',
      confirmLabel: 'Send',
    });
    if (yes) mutation.mutate();
  };
  if (variant === 'button') {
    return (
      <Button variant="default" disabled={mutation.isPending} onClick={send}>
        {label}
      </Button>
    );
  }
  return (
    <Anchor component="button" type="button" size="sm" disabled={mutation.isPending} onClick={send}>
      {label}
    </Anchor>
  );
}
