import { Button, Group } from '@mantine/core';

/** '+ Create new' under a party picker of the New booking screen (opens the create modal). */
export function CreateNew({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Group justify="flex-end">
      <Button size="compact-xs" variant="subtle" onClick={onClick} aria-label={`Create new ${label}`}>
        + Create new
      </Button>
    </Group>
  );
}
