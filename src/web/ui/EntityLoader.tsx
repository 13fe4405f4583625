import { Center, Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryProblem } from './QueryProblem';

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
  if (query.isError) return <QueryProblem query={query} what={label} />;
  return children(query.data);
}
