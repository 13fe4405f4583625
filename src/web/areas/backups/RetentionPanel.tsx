import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { backupsApi, type FileRetention, fileRetentionInput } from '../../../shared/api/backups';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { EntityFormFrame, useEntityForm } from '../../ui/entity';
import { FieldGrid, NumberField, numberText } from '../../ui/form';
import { QueryProblem } from '../../ui/QueryProblem';
import { useRetention } from './queries';

type RetentionValues = { [K in keyof FileRetention]: string | number };

const FIELDS: { name: keyof FileRetention; label: string; description: string }[] = [
  {
    name: 'print_copies_days',
    label: 'Print copies (days)',
    description: "Documents made for Print; the record stays, marked 'File no longer kept'.",
  },
  {
    name: 'group_documents_days',
    label: 'Group documents (days)',
    description: 'PDFs printed from a tour group.',
  },
  { name: 'backups_days', label: 'Backups (days)', description: 'Project and database backups.' },
];

/**
 * How long generated files are kept (issue #28): the three periods in days (0 keeps them for
 * ever), checked by the shared schema; the daily clean-up removes what is older. Saved by role 1
 * (`backups.manage`, as the rest of the screen).
 */
export function RetentionPanel() {
  const queryClient = useQueryClient();
  const current = useRetention();
  if (current.isError) return <QueryProblem query={current} what="the retention periods" />;
  if (!current.data) return null;
  return (
    <RetentionForm
      record={current.data.data}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: keys.backups.all })}
    />
  );
}

/** The form (the kit shows the answer's message as a green notice). */
function RetentionForm({ record, onSaved }: { record: FileRetention; onSaved: () => void }) {
  const entity = useEntityForm({
    schema: fileRetentionInput,
    toValues: (r?: FileRetention): RetentionValues => ({
      print_copies_days: r?.print_copies_days ?? '',
      group_documents_days: r?.group_documents_days ?? '',
      backups_days: r?.backups_days ?? '',
    }),
    toInput: (v: RetentionValues): z.input<typeof fileRetentionInput> => ({
      print_copies_days: numberText(v.print_copies_days),
      group_documents_days: numberText(v.group_documents_days),
      backups_days: numberText(v.backups_days),
    }),
    permission: 'backups.manage',
    mode: 'update',
    record,
    send: (body) => api.call(backupsApi.saveRetention, { body }),
    onSaved: () => onSaved(),
  });
  return (
    <EntityFormFrame entity={entity} submitLabel="Save retention periods" maw="100%" label="File retention">
      <Text fw={600} mb={4}>
        How long files are kept
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        Each day, older files of these kinds are removed. 0 keeps them for ever.
      </Text>
      <FieldGrid cols={3}>
        {FIELDS.map((f) => (
          <NumberField
            key={f.name}
            label={f.label}
            description={f.description}
            min={0}
            step={1}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...entity.form.getInputProps(f.name)}
          />
        ))}
      </FieldGrid>
    </EntityFormFrame>
  );
}
