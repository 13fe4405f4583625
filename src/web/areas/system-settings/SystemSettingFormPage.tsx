import { Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { SystemSetting, SystemSettingInput } from '../../../shared/api/system-settings';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { EntityLoader } from '../../ui/EntityLoader';
import { FormActions, SaveButton, useFormSubmit } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';

interface SettingFormValues {
  name: string;
  value: string;
}

/**
 * New system setting (/settings/system/create); goes to system-setting-edit afterwards (spec 3 §2).
 * On failure the notice shows the message when errors are present, else the error field (spec 3
 * §8) — the client's ApiError carries exactly that.
 */
export function SystemSettingCreatePage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New system setting" />
      <SystemSettingForm
        mode="create"
        send={(input) => api.post<{ data: { id: number } }>('/settings/system', input)}
        onSaved={(answer) => navigate(pathTo('system-setting-edit', { id: answer.data.id }))}
      />
    </>
  );
}

/** Edit system setting (/settings/system/edit/{id}). */
export function SystemSettingEditPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['system-setting', id],
    queryFn: () => api.get<{ data: SystemSetting }>(`/settings/system/${id}`).then((r) => r.data),
  });
  return (
    <EntityLoader query={query} label="system setting">
      {(setting) => (
        <>
          <PageHeader title={`System setting: ${setting.name}`} />
          <SystemSettingForm
            key={setting.id}
            mode="update"
            setting={setting}
            send={(input) => api.put(`/settings/system/${id}`, input)}
            onSaved={() => queryClient.invalidateQueries({ queryKey: ['system-setting', id] })}
          />
        </>
      )}
    </EntityLoader>
  );
}

function SystemSettingForm<A>({
  mode,
  setting,
  send,
  onSaved,
}: {
  mode: 'create' | 'update';
  setting?: SystemSetting;
  send: (input: SystemSettingInput) => Promise<A>;
  onSaved: (answer: A) => void;
}) {
  const form = useForm<SettingFormValues>({
    initialValues: { name: setting?.name ?? '', value: setting?.value ?? '' },
    validate: {
      name: (v) => (v.trim() ? null : 'The name field is required.'),
      value: (v) => (v.trim() ? null : 'The value field is required.'),
    },
  });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) => send({ name: v.name.trim(), value: v.value.trim() }),
    { onSuccess: (a) => onSaved(a) },
  );
  return (
    <Paper withBorder p="lg" radius="md" maw={760}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            description="The key the system reads, e.g. balance_due_days_before_departure"
            required
            maxLength={100}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('name')}
          />
          <Textarea
            label="Value"
            required
            autosize
            minRows={2}
            maxRows={10}
            {...form.getInputProps('value')}
          />
        </Stack>
        <FormActions>
          <SaveButton mode={mode} saving={saving}>
            {mode === 'create' ? 'Create setting' : 'Update setting'}
          </SaveButton>
        </FormActions>
      </form>
    </Paper>
  );
}
