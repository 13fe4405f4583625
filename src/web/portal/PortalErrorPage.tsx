import { Button, Group, Stack, Text } from '@mantine/core';
import { useRouteError } from 'react-router';
import { pathTo } from '../../shared/routes';
import { PortalFrame } from './PortalFrame';

/**
 * Shown when a customer's page fails while rendering (issue #23): in the portal's own frame, with
 * a way back to the customer's side — never the staff app's "Go to bookings". The error's text is
 * not shown to customers (it is for the browser's console).
 */
export function PortalErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <PortalFrame title="Something went wrong" narrow>
      <Stack gap="md">
        <Text>This page could not be shown. Reloading usually helps; if it does not, please call us.</Text>
        <Group>
          <Button size="md" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button size="md" variant="default" component="a" href={pathTo('portal-booking')}>
            Back to my booking
          </Button>
        </Group>
      </Stack>
    </PortalFrame>
  );
}
