import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A read-only label and value of the booking screen. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </Stack>
  );
}
