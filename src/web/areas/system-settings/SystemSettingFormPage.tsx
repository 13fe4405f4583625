import { Stack, Textarea, TextInput } from '@mantine/core';
import {
  type SystemSetting,
  type SystemSettingInput,
  systemSettingInput,
  systemSettingsApi,
} from '../../../shared/api/system-settings';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import {
  EntityCreatePage,
  EntityEditPage,
  EntityFormFrame,
  type EntityFormProps,
  useEntityForm,
} from '../../ui/entity';

interface SettingFormValues {
  name: string;
  value: string;
}

const toValues = (s?: SystemSetting): SettingFormValues => ({ name: s?.name ?? '', value: s?.value ?? '' });
const toInput = (v: SettingFormValues): SystemSettingInput => ({ name: v.name, value: v.value });

/**
 * New system setting (/settings/system/create); goes to system-setting-edit afterwards (spec 3 §2).
 * On failure the notice shows the message when errors are present, else the error field (spec 3
 * §8) — the client's ApiError carries exactly that.
 */
export function SystemSettingCreatePage() {
  return (
    <EntityCreatePage
      title="New system setting"
      create={systemSettingsApi.create}
      invalidate={keys.systemSettings.all}
      afterCreate={(answer) => pathTo('system-setting-edit', { id: answer.data.id })}
      form={SystemSettingForm}
    />
  );
}

/** Edit system setting (/settings/system/edit/{id}). */
export function SystemSettingEditPage() {
  return (
    <EntityEditPage
      label="system setting"
      load={systemSettingsApi.get}
      select={(answer) => answer.data}
      queryKey={keys.systemSettings.one}
      invalidate={keys.systemSettings.all}
      title={(setting) => `System setting: ${setting.name}`}
      update={systemSettingsApi.update}
      form={SystemSettingForm}
    />
  );
}

/** The setting form: name and value, checked with the shared schema (not role-gated, spec 3 §6). */
function SystemSettingForm({
  mode,
  record,
  send,
  onSaved,
}: EntityFormProps<SystemSetting, SystemSettingInput>) {
  const entity = useEntityForm({
    schema: systemSettingInput,
    toValues,
    toInput,
    permission: 'systemSettings.save',
    mode,
    record,
    send,
    onSaved,
  });
  const { form } = entity;
  return (
    <EntityFormFrame entity={entity} submitLabel={{ create: 'Create setting', update: 'Update setting' }}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          description="The key the system reads, e.g. balance_due_days_before_departure"
          required
          maxLength={100}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('name')}
        />
        <Textarea label="Value" required autosize minRows={2} maxRows={10} {...form.getInputProps('value')} />
      </Stack>
    </EntityFormFrame>
  );
}
