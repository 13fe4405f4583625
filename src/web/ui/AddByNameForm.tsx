import { Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SaveButton, useFormSubmit } from './form';

/**
 * The one-field add form of the reference lists (region, pickup point, brochure): a required name
 * and an add button ('Creating...' while saving). The server's message shows as a success notice
 * (spec 3 §8), field errors land on the input, and the field clears for the next one.
 */
export function AddByNameForm({
  field,
  label,
  buttonLabel,
  send,
  onAdded,
}: {
  /** The payload field, e.g. 'region_name'. */
  field: string;
  label: string;
  buttonLabel: string;
  send: (body: Record<string, string>) => Promise<unknown>;
  onAdded: () => void;
}) {
  const form = useForm<Record<string, string>>({
    initialValues: { [field]: '' },
    validate: { [field]: (v: string) => (v.trim() ? null : `${label} is required.`) },
  });
  const { onSubmit, saving } = useFormSubmit(form, (v) => send({ [field]: v[field].trim() }), {
    onSuccess: () => {
      form.reset();
      onAdded();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput label={label} required style={{ flex: 1 }} maw={480} {...form.getInputProps(field)} />
        <SaveButton mode="create" saving={saving} mt={25} miw={150}>
          {buttonLabel}
        </SaveButton>
      </Group>
    </form>
  );
}
