import { Group, TextInput } from '@mantine/core';
import { z } from 'zod';
import { requiredText } from '../../shared/api/common';
import type { Permission } from '../../shared/permissions';
import { useEntityForm } from './entity';
import { SaveButton } from './form';

/**
 * The one-field add form of the reference lists (region, pickup point, brochure), on the entity
 * kit: a name checked with the area's shared `schema` (the server's rules and messages), an add
 * button ('Creating...' while saving), the server's message as a success notice (spec 3 §8), field
 * errors on the input, and the field cleared for the next one. Hidden for a role without
 * `permission`. Without a `schema` the name is only required (`requiredText(label)`).
 */
export function AddByNameForm({
  field,
  label,
  buttonLabel,
  schema,
  permission = 'auth.details',
  send,
  onAdded,
}: {
  /** The payload field, e.g. 'region_name'. */
  field: string;
  label: string;
  buttonLabel: string;
  /** The shared zod schema of the payload `{[field]: name}` (src/shared/api/<area>.ts). */
  schema?: z.ZodType;
  /** The permission that may add (default: any signed-in role). */
  permission?: Permission;
  send: (body: Record<string, string>) => Promise<unknown>;
  onAdded: () => void;
}) {
  const entity = useEntityForm({
    schema: schema ?? z.object({ [field]: requiredText(label) }),
    toValues: (): Record<string, string> => ({ [field]: '' }),
    toInput: (v: Record<string, string>) => ({ [field]: v[field] }),
    permission,
    mode: 'create',
    send: (body) => send(body as Record<string, string>),
    resetAfterCreate: true,
    onSaved: onAdded,
  });
  if (!entity.maySave) return null;
  return (
    <form onSubmit={entity.onSubmit} noValidate>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label={label}
          required
          style={{ flex: 1 }}
          maw={480}
          {...entity.form.getInputProps(field)}
        />
        <SaveButton mode="create" saving={entity.saving} mt={25} miw={150}>
          {buttonLabel}
        </SaveButton>
      </Group>
    </form>
  );
}
