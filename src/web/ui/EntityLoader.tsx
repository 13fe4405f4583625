import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * Shows a loader while a record loads, a clear message with 'Try again' if it fails (404 reads
 * 'Not found.'), and `children(data)` once it is there, so edit screens never flash empty forms.
 */
export function EntityLoader<T>({
  query,
  children,
  label = 'record',
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  label?: string;
}) {
  if (query.isPending) {
    return (
      <Center mih={200} aria-busy="true">
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed" size="sm">
            Loading {label}…
          </Text>
        </Group>
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={`The ${label} could not be loaded`}>
        <Group justify="space-between">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  return children(query.data);
}
