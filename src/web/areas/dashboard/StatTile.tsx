import { Box, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The colours of the tiles: an accent bar and the figure (shade 7 passes contrast on white). */
export type Tone = 'red' | 'orange' | 'blue' | 'grape' | 'teal' | 'indigo';

/**
 * One figure of the dashboard (issue #14): a label, the count, a line under it (a sum, a window)
 * and, when `to` is given, the whole tile is a link to the list that shows exactly those records.
 */
export function StatTile({
  label,
  count,
  detail,
  tone,
  to,
  href,
  linkText,
}: {
  label: string;
  count: number;
  detail: ReactNode;
  tone: Tone;
  /** A screen of the app (the filtered list). */
  to?: string;
  /** A place on this page (e.g. '#supplier-invoices'). */
  href?: string;
  linkText?: string;
}) {
  const body = (
    <Paper
      withBorder
      radius="md"
      p="md"
      h="100%"
      style={{ borderLeft: `4px solid var(--mantine-color-${tone}-6)` }}
      className="dashboard-tile"
    >
      <Text size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <Text fz={34} fw={700} lh={1.2} mt={4} c={count > 0 ? `${tone}.8` : 'dark.4'}>
        {count.toLocaleString('en-GB')}
      </Text>
      <Group justify="space-between" mt={6} gap="xs" wrap="nowrap">
        <Text size="sm" c="dark.5">
          {detail}
        </Text>
        {(to || href) && linkText && (
          <Text size="sm" fw={600} c="indigo.7" style={{ whiteSpace: 'nowrap' }}>
            {linkText} →
          </Text>
        )}
      </Group>
    </Paper>
  );
  if (to) {
    return (
      <UnstyledButton component={Link} to={to} h="100%" display="block" aria-label={`${label}: ${count}`}>
        {body}
      </UnstyledButton>
    );
  }
  if (href) {
    return (
      <UnstyledButton component="a" href={href} h="100%" display="block" aria-label={`${label}: ${count}`}>
        {body}
      </UnstyledButton>
    );
  }
  return <Box h="100%">{body}</Box>;
}
