import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/**
 * One section of the customer's booking page: a white card titled `title` (a level-2 heading that
 * names the section for screen readers) over `children`, stacked.
 */
export function PortalCard({
  title,
  children,
  tone,
}: {
  title: string;
  children: ReactNode;
  tone?: 'attention';
}) {
  const id = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      style={
        tone === 'attention' ? { borderColor: 'var(--mantine-color-orange-6)', borderWidth: 2 } : undefined
      }
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
