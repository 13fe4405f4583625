import { Paper, Stack, Switch, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type Brochure,
  brochureInput,
  brochuresApi,
  COVER_LETTER_TYPE,
  type CoverLetterInput,
  coverLetterInput,
} from '../../../shared/api/brochures';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { AddByNameForm } from '../../ui/AddByNameForm';
import { EntityLoader } from '../../ui/EntityLoader';
import { EntityFormFrame, useEntityForm } from '../../ui/entity';
import { ListTable } from '../../ui/ListTable';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { PageHeader } from '../../ui/PageHeader';
import { RichTextField } from '../../ui/RichTextField';
import { DeleteAction } from '../../ui/RowActions';
import { coverLetterKey, useBrochures, useCoverLetter } from './queries';

/**
 * Brochures (/settings/brochures, spec 3 §2 'Brochures'): the rich-text Cover Letter with 'Save
 * Cover Letter'; below it the add form and the table of brochures (name, active toggle that saves
 * at once, delete). Not role-gated (spec 3 §6).
 */
export function BrochuresPage() {
  const coverLetter = useCoverLetter();
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

/** The cover letter's editor (spec 3 §3 Cover letter): saves with 'Saving...' and shows what was stored (sanitised). */
function CoverLetterForm({ content }: { content: string }) {
  const queryClient = useQueryClient();
  const entity = useEntityForm({
    schema: coverLetterInput,
    toValues: () => ({ content }),
    toInput: (v: { content: string }): CoverLetterInput => ({ content: v.content, type: COVER_LETTER_TYPE }),
    permission: 'brochures.save',
    mode: 'update',
    send: (input) => api.call(brochuresApi.saveCoverLetter, { body: input }),
    onSaved: (answer) => {
      entity.form.setValues({ content: answer.data.content });
      entity.form.resetDirty({ content: answer.data.content });
      queryClient.setQueryData(coverLetterKey, answer.data);
    },
  });
  const { form } = entity;
  return (
    <EntityFormFrame entity={entity} submitLabel="Save Cover Letter" busyLabel="Saving..." bare>
      <RichTextField
        label="Cover Letter"
        description="Printed with every brochure sent to a customer."
        value={form.values.content}
        onChange={(html) => form.setFieldValue('content', html)}
        error={form.errors.content}
        minHeight={260}
      />
    </EntityFormFrame>
  );
}

function BrochureList() {
  const queryClient = useQueryClient();
  const brochures = useBrochures();
  // The pickers' lists (the customer screen's active brochures) change with it.
  const reload = () => void queryClient.invalidateQueries({ queryKey: keys.brochures.all });
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
          schema={brochureInput}
          send={(body) => api.call(brochuresApi.create, { body: { brochure_name: body.brochure_name } })}
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
                  endpoint={brochuresApi.delete}
                  params={{ id: b.id }}
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
  const save = useNoticeMutation(
    (isActive: boolean) =>
      api.call(brochuresApi.setActive, { params: { id: brochure.id }, body: { is_active: isActive } }),
    {
      successMessage: 'Saved.',
      onSuccess: () => onSaved(),
      onError: (_err, isActive) => setChecked(!isActive),
    },
  );
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
