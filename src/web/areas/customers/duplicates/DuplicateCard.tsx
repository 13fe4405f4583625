import { Anchor, Checkbox, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import type { DuplicateCustomer } from '../../../../shared/api/customers-merging';
import { pathTo } from '../../../../shared/routes';
import { formatDate } from '../../../lib/format';

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * One customer of a duplicate group (spec 2 §2 Duplicate customer detail): full name linked to the
 * customer edit screen, email, Created On (DD/MM/YYYY), Post Code and Total Bookings, a checkbox,
 * and — while two or more are selected — the 'Mark as Main User' switch on a selected card.
 */
export function DuplicateCard({
  customer: c,
  selectable,
  selected,
  onSelect,
  showMain,
  isMain,
  onMain,
}: {
  customer: DuplicateCustomer;
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  showMain: boolean;
  isMain: boolean;
  onMain: (on: boolean) => void;
}) {
  const titleId = useId();
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-labelledby={titleId}
      style={{
        borderColor: isMain
          ? 'var(--mantine-color-green-7)'
          : selected
            ? 'var(--mantine-color-blue-7)'
            : undefined,
        borderWidth: selected || isMain ? 2 : undefined,
      }}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={pathTo('customer-edit', { id: c.id })} fw={600} id={titleId}>
            {c.title ? `${c.title} ${c.full_name}` : c.full_name}
          </Anchor>
          {selectable && (
            <Checkbox
              aria-label={`Select ${c.full_name} (#${c.id})`}
              checked={selected}
              onChange={(e) => onSelect(e.currentTarget.checked)}
            />
          )}
        </Group>
        <Line label="Email">{c.email ?? '—'}</Line>
        <Line label="Created On">{formatDate(c.created_at)}</Line>
        <Line label="Post Code">{c.postcode ?? '—'}</Line>
        <Line label="Phone">{[c.phone_number, c.mobile_number].filter(Boolean).join(', ') || '—'}</Line>
        <Line label="Total Bookings">{c.total_bookings}</Line>
        {showMain && (
          <Switch
            mt="xs"
            color="green"
            label="Mark as Main User"
            // Identical records need their own names (issue #22): the visible label, then which one.
            aria-label={`Mark as Main User: #${c.id} ${c.full_name}`}
            checked={isMain}
            onChange={(e) => onMain(e.currentTarget.checked)}
          />
        )}
      </Stack>
    </Paper>
  );
}
