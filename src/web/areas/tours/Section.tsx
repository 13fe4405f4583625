import { Button, Collapse, Group, Paper, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';

/**
 * A collapsible section of the tour, group and instance screens (spec 3 §2: 'collapsible sections,
 * visible by default for role 1'; 'Sections can be shown and hidden'). The title row carries a
 * Show/Hide button and optional actions.
 */
export function Section({
  title,
  defaultOpen,
  actions,
  children,
}: {
  title: string;
  defaultOpen: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${id}-title`}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        <Group gap="sm">
          {open && actions}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={`${id}-body`}
          >
            {open ? `Hide ${title}` : `Show ${title}`}
          </Button>
        </Group>
      </Group>
      <Collapse expanded={open}>
        <div id={`${id}-body`} style={{ paddingTop: 'var(--mantine-spacing-md)' }}>
          {children}
        </div>
      </Collapse>
    </Paper>
  );
}
