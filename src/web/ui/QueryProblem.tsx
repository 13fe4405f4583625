import { Alert, Button, Group, Text } from '@mantine/core';

/**
 * A list or record that could not be loaded: the server's message and 'Try again' (which refetches;
 * no button without `refetch`). `what` names it in the title ('The rooms could not be loaded');
 * without it there is no title. The one error state of loaders and tables (EntityLoader,
 * ServerTable, ListTable).
 */
export function QueryProblem({
  query,
  what,
  mb,
}: {
  query: { error: Error | null; refetch?: () => unknown };
  what?: string;
  mb?: string;
}) {
  return (
    <Alert color="red" mb={mb} title={what ? `The ${what} could not be loaded` : undefined}>
      <Group justify="space-between">
        <Text size="sm">{query.error?.message}</Text>
        {query.refetch && (
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch?.()}>
            Try again
          </Button>
        )}
      </Group>
    </Alert>
  );
}
