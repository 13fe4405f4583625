import { Paper, Stack, Switch, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Brochure, COVER_LETTER_TYPE } from '../../../shared/api/brochures';
import { api } from '../../api/client';
import { AddByNameForm } from '../../ui/AddByNameForm';
import { EntityLoader } from '../../ui/EntityLoader';
import { FormActions, SaveButton, useFormSubmit } from '../../ui/form';
import { ListTable } from '../../ui/ListTable';
import { PageHeader } from '../../ui/PageHeader';
import { RichTextField } from '../../ui/RichTextField';
import { DeleteAction } from '../../ui/RowActions';

const brochureKeys = { list: ['brochures'] as const, coverLetter: ['brochures', 'cover-letter'] as const };

/**
 * Brochures (/settings/brochures, spec 3 §2 'Brochures'): the rich-text Cover Letter with 'Save
 * Cover Letter'; below it the add form and the table of brochures (name, active toggle that saves
 * at once, delete). Not role-gated (spec 3 §6).
 */
export function BrochuresPage() {
  const coverLetter = useQuery({
    queryKey: brochureKeys.coverLetter,
    queryFn: () =>
      api.get<{ data: { content: string; type: string } }>('/brochures/cover-letter').then((r) => r.data),
  });
  return (
    <>
      <PageHeader title="Brochures" />
      <Stack gap="md" maw={960}>
        <Paper withBorder p="md" radius="md">
          <EntityLoader query={coverLetter} label="cover letter">
            {(letter) => <CoverLetterForm content={letter.content} />}
          </EntityLoader>
        </Paper>
        <BrochureList />
      </Stack>
    </>
  );
}

function CoverLetterForm({ content }: { content: string }) {
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { content } });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) =>
      api.post<{ data: { content: string } }>('/brochures/cover-letter', {
        content: v.content,
        type: COVER_LETTER_TYPE,
      }),
    {
      onSuccess: (answer) => {
        // Show what the server stored (sanitised).
        form.setValues({ content: answer.data.content });
        form.resetDirty({ content: answer.data.content });
        queryClient.setQueryData(brochureKeys.coverLetter, answer.data);
      },
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <RichTextField
        label="Cover Letter"
        description="Printed with every brochure sent to a customer."
        value={form.values.content}
        onChange={(html) => form.setFieldValue('content', html)}
        error={form.errors.content}
        minHeight={260}
      />
      <FormActions>
        <SaveButton mode="update" saving={saving} busyLabel="Saving...">
          Save Cover Letter
        </SaveButton>
      </FormActions>
    </form>
  );
}

function BrochureList() {
  const queryClient = useQueryClient();
  const brochures = useQuery({
    queryKey: brochureKeys.list,
    queryFn: () => api.get<{ data: Brochure[] }>('/brochures').then((r) => r.data),
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: brochureKeys.list });
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Brochures
      </Title>
      <Stack gap="md">
        <AddByNameForm
          field="brochure_name"
          label="Brochure name"
          buttonLabel="Add brochure"
          send={(body) => api.post('/brochures', body)}
          onAdded={reload}
        />
        <ListTable<Brochure>
          label="Brochures"
          records={brochures.data}
          loading={brochures.isFetching}
          error={brochures.error}
          onRetry={() => void brochures.refetch()}
          emptyText="No brochures yet"
          columns={[
            { accessor: 'brochure_name', title: 'Name' },
            {
              accessor: 'is_active',
              title: 'Active',
              width: 110,
              render: (b) => <ActiveSwitch key={`${b.id}-${b.is_active}`} brochure={b} onSaved={reload} />,
            },
            {
              accessor: 'actions',
              title: '',
              width: 90,
              render: (b) => (
                <DeleteAction
                  endpoint={`/brochures/${b.id}/delete`}
                  confirmMessage={`Are you sure you want to delete the brochure "${b.brochure_name}" ?`}
                  onDeleted={reload}
                />
              ),
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}

/** The active toggle: saves at once (spec 3 §4) and flips back if the server refuses. */
function ActiveSwitch({ brochure, onSaved }: { brochure: Brochure; onSaved: () => void }) {
  const [checked, setChecked] = useState(brochure.is_active);
  const save = useMutation({
    mutationFn: (isActive: boolean) =>
      api.post<{ message?: string }>(`/brochures/${brochure.id}`, { is_active: isActive }),
    onSuccess: (answer) => {
      notifications.show({ color: 'green', message: answer.message ?? 'Saved.' });
      onSaved();
    },
    onError: (err, isActive) => {
      setChecked(!isActive);
      notifications.show({ color: 'red', title: 'Error', message: err.message });
    },
  });
  return (
    <Switch
      aria-label={`Active: ${brochure.brochure_name}`}
      checked={checked}
      disabled={save.isPending}
      onChange={(e) => {
        const next = e.currentTarget.checked;
        setChecked(next);
        save.mutate(next);
      }}
    />
  );
}
