import { Anchor, Button, Grid, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import type { Endpoint } from '../../shared/api/contract';
import type { Permission } from '../../shared/permissions';
import { callEndpoint } from '../api/client';
import { EntityFormFrame, useEntityForm } from './entity';
import { useCan } from './permissions';
import { DeleteAction, RowActions } from './RowActions';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from './ServerTable';

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
 * area's queries reload (spec 3 §4). The form is checked with the area's shared `schema` and sent
 * through `save` (multipart, spec 3 §7 'create (multipart)') with `id` when editing. Add, edit and
 * delete are for roles with the given permissions only (spec 3 §6); other roles see the table alone.
 */
export function ListWithSideForm<Row extends { id: number }>({
  table,
  save,
  remove,
  schema,
  queryKey,
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
  /** The contract's table endpoint (DataTables protocol). */
  table: Endpoint;
  /** The contract's save endpoint: adds, or edits when `id` is sent. */
  save: Endpoint;
  /** The contract's delete endpoint (`:id` in its path). */
  remove: Endpoint;
  /** The shared zod schema the server checks the save with. */
  schema: z.ZodType;
  /** The area's `all` key (src/web/api/query-keys.ts): the table lives under it and reloads after a change. */
  queryKey: readonly unknown[];
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
  const tableRef = useRef<ServerTableHandle>(null);
  const queryClient = useQueryClient();
  const maySave = useCan(savePermission);
  const mayDelete = useCan(deletePermission);
  const [editing, setEditing] = useState<Row | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey });

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
                  <Anchor component="button" type="button" size="sm" onClick={() => setEditing(r)}>
                    Edit
                  </Anchor>
                )}
                {mayDelete && (
                  <DeleteAction
                    endpoint={remove}
                    params={{ id: r.id }}
                    confirmMessage={deleteMessage(r)}
                    onDeleted={() => {
                      if (editing?.id === r.id) setEditing(null);
                      reload();
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
        ref={tableRef}
        label={label}
        endpoint={table}
        queryKeyPrefix={queryKey}
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
          <SideForm<Row>
            key={editing?.id ?? 'new'}
            editing={editing}
            fields={fields}
            schema={schema}
            save={save}
            permission={savePermission}
            noun={noun}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              reload();
            }}
          />
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

/** The side form: the row's fields (blank when adding), checked with the shared schema. */
function SideForm<Row extends { id: number }>({
  editing,
  fields,
  schema,
  save,
  permission,
  noun,
  onCancel,
  onSaved,
}: {
  editing: Row | null;
  fields: SideFormField[];
  schema: z.ZodType;
  save: Endpoint;
  permission: Permission;
  noun: string;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const entity = useEntityForm({
    schema,
    toValues: (row?: Row) =>
      Object.fromEntries(
        fields.map((f) => [f.name, String((row as Record<string, unknown> | undefined)?.[f.name] ?? '')]),
      ) as Record<string, string>,
    toInput: (v: Record<string, string>) => ({
      ...(editing ? { id: editing.id } : {}),
      ...Object.fromEntries(fields.map((f) => [f.name, v[f.name]])),
    }),
    permission,
    mode: editing ? 'update' : 'create',
    record: editing ?? undefined,
    send: (body) => callEndpoint(save, { body }),
    onSaved,
  });
  return (
    <EntityFormFrame
      entity={entity}
      bare
      submitLabel={editing ? `Update ${noun}` : `Add ${noun}`}
      actions={
        editing && (
          <Button variant="default" onClick={onCancel} disabled={entity.saving}>
            Cancel
          </Button>
        )
      }
    >
      <Stack gap="sm">
        {fields.map((f) => (
          <TextInput
            key={f.name}
            label={f.label}
            required={f.required}
            maxLength={f.maxLength}
            {...entity.form.getInputProps(f.name)}
          />
        ))}
      </Stack>
    </EntityFormFrame>
  );
}
