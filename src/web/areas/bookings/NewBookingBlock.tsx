import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of the screen. */
export function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
