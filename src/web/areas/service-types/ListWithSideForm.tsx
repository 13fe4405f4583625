import { Anchor, Button, Grid, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import type { Permission } from '../../../shared/permissions';
import { api } from '../../api/client';
import { FormActions, SaveButton, useFormSubmit } from '../../ui/form';
import { useCan } from '../../ui/permissions';
import { DeleteAction, RowActions } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';

export interface SideFormField {
  /** Payload field name, e.g. 'service_name'. */
  name: string;
  label: string;
  required?: boolean;
  maxLength?: number;
}

/**
 * The table-plus-side-form screen of spec 3 §2 'Service types and advertise sizes': a server-side
 * table on the left and an add/edit form on the right. The form starts in add mode; Edit on a row
 * loads that row and switches to edit mode; after a successful save it returns to add mode and the
 * table reloads (spec 3 §4). The form sends multipart (spec 3 §7 'create (multipart)') with `id`
 * when editing. Add, edit and delete are for roles with the given permissions only (spec 3 §6);
 * other roles see the table alone.
 */
export function ListWithSideForm<Row extends { id: number }>({
  endpoint,
  saveEndpoint,
  deleteEndpoint,
  deleteMessage,
  label,
  noun,
  fields,
  columns,
  savePermission,
  deletePermission,
  searchPlaceholder,
  emptyText,
}: {
  endpoint: string;
  saveEndpoint: string;
  deleteEndpoint: (row: Row) => string;
  deleteMessage: (row: Row) => string;
  /** Accessible name of the table. */
  label: string;
  /** 'Service Type', 'Advertise Size': the form's title and buttons say 'Add {noun}' / 'Update {noun}'. */
  noun: string;
  fields: SideFormField[];
  columns: ServerTableColumn<Row>[];
  savePermission: Permission;
  deletePermission: Permission;
  searchPlaceholder: string;
  emptyText: string;
}) {
  const table = useRef<ServerTableHandle>(null);
  const maySave = useCan(savePermission);
  const mayDelete = useCan(deletePermission);
  const [editing, setEditing] = useState<Row | null>(null);
  const blank = Object.fromEntries(fields.map((f) => [f.name, ''])) as Record<string, string>;
  const form = useForm<Record<string, string>>({
    initialValues: blank,
    validate: Object.fromEntries(
      fields
        .filter((f) => f.required)
        .map((f) => [f.name, (v: string) => (v.trim() ? null : `${f.label} is required.`)]),
    ),
  });
  const toAddMode = () => {
    setEditing(null);
    form.setValues(blank);
    form.resetDirty(blank);
    form.clearErrors();
  };
  const startEdit = (row: Row) => {
    const values = Object.fromEntries(
      fields.map((f) => [f.name, String((row as Record<string, unknown>)[f.name] ?? '')]),
    );
    setEditing(row);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  };
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) => {
      const body = Object.fromEntries(fields.map((f) => [f.name, v[f.name].trim()]));
      return api.upload(saveEndpoint, editing ? { id: editing.id, ...body } : body);
    },
    {
      onSuccess: () => {
        toAddMode();
        table.current?.reload();
      },
    },
  );

  const withActions: ServerTableColumn<Row>[] =
    maySave || mayDelete
      ? [
          ...columns,
          {
            accessor: 'actions',
            title: '',
            width: 130,
            render: (r) => (
              <RowActions>
                {maySave && (
                  <Anchor component="button" type="button" size="sm" onClick={() => startEdit(r)}>
                    Edit
                  </Anchor>
                )}
                {mayDelete && (
                  <DeleteAction
                    endpoint={deleteEndpoint(r)}
                    confirmMessage={deleteMessage(r)}
                    onDeleted={() => {
                      if (editing?.id === r.id) toAddMode();
                      table.current?.reload();
                    }}
                  />
                )}
              </RowActions>
            ),
          },
        ]
      : columns;

  const tablePaper = (
    <Paper withBorder p="md" radius="md">
      <ServerTable<Row>
        ref={table}
        label={label}
        endpoint={endpoint}
        columns={withActions}
        quickSearch
        searchPlaceholder={searchPlaceholder}
        emptyText={emptyText}
        rowStyle={(r) =>
          editing?.id === r.id ? { backgroundColor: 'var(--mantine-color-blue-light)' } : undefined
        }
      />
    </Paper>
  );
  if (!maySave) return <div style={{ maxWidth: 960 }}>{tablePaper}</div>;

  const firstField = fields[0]?.name;
  return (
    <Grid gap="md" align="flex-start">
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>{tablePaper}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <Paper
          withBorder
          p="md"
          radius="md"
          component="section"
          aria-label={`${editing ? 'Edit' : 'Add'} ${noun}`}
        >
          <Title order={2} size="h4" mb={4}>
            {editing ? `Edit ${noun}` : `Add ${noun}`}
          </Title>
          <Text size="sm" c="dimmed" mb="sm" truncate="end">
            {editing && firstField
              ? `Editing “${String((editing as Record<string, unknown>)[firstField] ?? '')}”`
              : `Fill in the form to add a new ${noun.toLowerCase()}.`}
          </Text>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="sm">
              {fields.map((f) => (
                <TextInput
                  key={f.name}
                  label={f.label}
                  required={f.required}
                  maxLength={f.maxLength}
                  {...form.getInputProps(f.name)}
                />
              ))}
            </Stack>
            <FormActions>
              {editing && (
                <Button variant="default" onClick={toAddMode} disabled={saving}>
                  Cancel
                </Button>
              )}
              <SaveButton mode={editing ? 'update' : 'create'} saving={saving}>
                {editing ? `Update ${noun}` : `Add ${noun}`}
              </SaveButton>
            </FormActions>
          </form>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
