import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of a Dashboard list panel: a bordered section labelled by its title, with the figures
 * (`aside`) on the title's right and the list below.
 */
export function DashboardPanel({
  id,
  title,
  aside,
  children,
}: {
  id: string;
  title: string;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" id={id} aria-labelledby={`${id}-title`}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h5" id={`${id}-title`}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}
