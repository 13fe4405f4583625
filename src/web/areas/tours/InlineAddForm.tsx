import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EntityForm } from '../../ui/entity';

/** Put among an InlineAddForm's fields: the fields after it start a new line. */
export const LineBreak = () => <div style={{ flexBasis: '100%', height: 0 }} />;

/**
 * The add-a-row form of the tour catalogue's sections (Add group, accommodation, room, instance,
 * extra): a kit form (`useEntityForm`: the shared schema's rules, saving, the server's field
 * errors) laid out in one wrapping row with its button, 'Adding...' while it saves. Callers show it
 * only to a role that may add (`<Can>`).
 */
// biome-ignore lint/suspicious/noExplicitAny: any kit form's values
export function InlineAddForm<V extends Record<string, any>>({
  entity,
  label,
  submitLabel,
  showLabel = true,
  disabled = false,
  children,
}: {
  entity: EntityForm<V>;
  /** The form's accessible name, shown above it unless `showLabel` is false. */
  label: string;
  submitLabel: string;
  showLabel?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={entity.onSubmit} noValidate aria-label={label}>
      {showLabel && (
        <Text fw={600} size="sm" mb={4}>
          {label}
        </Text>
      )}
      <Group align="flex-start" gap="md" wrap="wrap">
        {children}
        <Button type="submit" mt={25} disabled={entity.saving || disabled}>
          {entity.saving ? 'Adding...' : submitLabel}
        </Button>
      </Group>
    </form>
  );
}
