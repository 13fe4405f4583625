import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '../../../shared/routes';

/** What a role without access sees instead of a screen (e.g. role 2 on the admin-user screens). */
export function NoPermission({ what }: { what: string }) {
  return (
    <Alert color="yellow" variant="light" radius="md" title="You do not have permission" maw={640}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{what} Ask an admin if you need a change made.</Text>
        <Button component={Link} to={pathTo('settings')} variant="default" size="xs">
          Back to settings
        </Button>
      </Stack>
    </Alert>
  );
}
