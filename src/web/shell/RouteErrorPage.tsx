import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** Shown when a screen fails while rendering, instead of a blank page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Paper withBorder p="xl" maw={640} mx="auto" mt="xl">
      <Stack gap="sm">
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text c="dimmed">
          This screen could not be shown. Reloading usually helps; if not, tell the team.
        </Text>
        <Code block>{message}</Code>
        <Group>
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button variant="default" component="a" href="/bookings">
            Go to bookings
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
