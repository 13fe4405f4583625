import { type EmailTemplateRow, emailTemplatesApi } from '../../../shared/api/email-templates';
import { emailTemplateTypeLabel } from '../../../shared/email-templates';
import { keys } from '../../api/query-keys';
import { EntityListPage } from '../../ui/entity-list';

/**
 * Email templates (/templates, route email-template, spec 3 §2): Title, Type (1 Admin Email,
 * 2 System generated, otherwise '--'), Subject, edit, delete. New Template and delete are role 1.
 */
export function EmailTemplatesListPage() {
  return (
    <EntityListPage<EmailTemplateRow>
      title="Email templates"
      create={{ label: 'New Template', route: 'create-template', permission: 'emailTemplates.create' }}
      endpoint={emailTemplatesApi.table}
      queryKey={keys.emailTemplates.all}
      columns={[
        { accessor: 'template_name', title: 'Title', sortable: true },
        {
          accessor: 'template_type',
          title: 'Type',
          sortable: true,
          width: 170,
          render: (r) => emailTemplateTypeLabel(r.template_type),
        },
        { accessor: 'template_subject', title: 'Subject', sortable: true },
      ]}
      actions={{
        width: 130,
        edit: { route: 'edit-template', permission: 'emailTemplates.update' },
        delete: {
          endpoint: emailTemplatesApi.delete,
          permission: 'emailTemplates.delete',
          confirm: (r) => `Are you sure you want to delete the template "${r.template_name}" ?`,
        },
      }}
      search="Title, subject or slug…"
      emptyText="No email templates found"
    />
  );
}
