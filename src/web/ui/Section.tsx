import { Button, Collapse, Group, Paper, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';

/**
 * A collapsible section of a record's screen (spec 3 §2: 'collapsible sections, visible by default
 * for role 1'; spec 1 §2: role 1 sees the booking's items and passengers expanded, others
 * collapsed). The title row carries `meta` beside the title (a count, a status: a collapsed section
 * still says what it holds), optional `actions` while open, and a Show/Hide button.
 */
export function Section({
  title,
  defaultOpen,
  meta,
  actions,
  children,
}: {
  title: string;
  defaultOpen: boolean;
  meta?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${id}-title`}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <Title order={2} size="h4" id={`${id}-title`}>
            {title}
          </Title>
          {meta}
        </Group>
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
