import { Paper, Text } from '@mantine/core';

/** One figure of a group's money (gross revenue, … tour profit): its label over its amount. */
export function RevenueFigure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Paper withBorder p="sm" radius="md" bg={strong ? 'var(--mantine-color-blue-light)' : undefined}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Paper>
  );
}
