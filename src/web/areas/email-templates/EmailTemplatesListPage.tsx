import { Button, Paper } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { type EmailTemplateRow, emailTemplatesApi } from '../../../shared/api/email-templates';
import { emailTemplateTypeLabel } from '../../../shared/email-templates';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { PageHeader } from '../../ui/PageHeader';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction, EditLink, RowActions } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';

/**
 * Email templates (/templates, route email-template, spec 3 §2): Title, Type (1 Admin Email,
 * 2 System generated, otherwise '--'), Subject, edit, delete. New Template and delete are role 1.
 */
export function EmailTemplatesListPage() {
  const table = useRef<ServerTableHandle>(null);
  const mayDelete = useCan('emailTemplates.delete');
  const columns: ServerTableColumn<EmailTemplateRow>[] = [
    { accessor: 'template_name', title: 'Title', sortable: true },
    {
      accessor: 'template_type',
      title: 'Type',
      sortable: true,
      width: 170,
      render: (r) => emailTemplateTypeLabel(r.template_type),
    },
    { accessor: 'template_subject', title: 'Subject', sortable: true },
    {
      accessor: 'actions',
      title: '',
      width: 130,
      render: (r) => (
        <RowActions>
          <EditLink to={pathTo('edit-template', { id: r.id })} permission="emailTemplates.update" />
          {mayDelete && (
            <DeleteAction
              endpoint={emailTemplatesApi.delete}
              params={{ id: r.id }}
              confirmMessage={`Are you sure you want to delete the template "${r.template_name}" ?`}
              onDeleted={() => table.current?.reload()}
            />
          )}
        </RowActions>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Email templates"
        actions={
          <Can permission="emailTemplates.create">
            <Button component={Link} to={pathTo('create-template')}>
              New Template
            </Button>
          </Can>
        }
      />
      <Paper withBorder p="md" radius="md">
        <ServerTable<EmailTemplateRow>
          ref={table}
          label="Email templates"
          endpoint={emailTemplatesApi.table}
          queryKeyPrefix={keys.emailTemplates.all}
          columns={columns}
          quickSearch
          searchPlaceholder="Title, subject or slug…"
          emptyText="No email templates found"
        />
      </Paper>
    </>
  );
}
