import { Button, Group, Stack, Text } from '@mantine/core';
import { useRouteError } from 'react-router';
import { pathTo } from '../../shared/routes';
import { AgentFrame } from './AgentFrame';

/**
 * Shown when a page of the agent's side fails while rendering (issue #25): in the agent's own
 * frame, with a way back to the agency's bookings — never the staff app's. The error's text goes
 * to the browser's console only.
 */
export function AgentErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <AgentFrame title="Something went wrong" narrow signedIn={false}>
      <Stack gap="md">
        <Text>This page could not be shown. Reloading usually helps; if it does not, please call us.</Text>
        <Group>
          <Button size="md" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button size="md" variant="default" component="a" href={pathTo('agent-bookings')}>
            Back to your bookings
          </Button>
        </Group>
      </Stack>
    </AgentFrame>
  );
}
