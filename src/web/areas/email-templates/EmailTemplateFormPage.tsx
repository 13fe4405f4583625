import {
  Button,
  Checkbox,
  Grid,
  Group,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import {
  type EmailTemplate,
  type EmailTemplateInput,
  emailTemplateInput,
  emailTemplatesApi,
} from '../../../shared/api/email-templates';
import {
  EMAIL_DOCUMENT_TYPES,
  EMAIL_TEMPLATE_TYPES,
  EMAIL_TEMPLATE_VARIABLES,
  suggestSlug,
} from '../../../shared/email-templates';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import {
  EntityCreatePage,
  EntityEditPage,
  EntityFormFrame,
  type EntityFormProps,
  useEntityForm,
} from '../../ui/entity';
import { FieldGrid } from '../../ui/form';
import { RichTextField, type RichTextFieldHandle } from '../../ui/RichTextField';

interface TemplateFormValues {
  title: string;
  type: string | null;
  slug: string;
  subject: string;
  status: string;
  body_content: string;
  selected_doc_types: string[];
}

const toValues = (t?: EmailTemplate): TemplateFormValues => ({
  title: t?.template_name ?? '',
  type: t ? String(t.template_type) : null,
  slug: t?.template_slug ?? '',
  subject: t?.template_subject ?? '',
  // New templates default to active (spec 3 §4).
  status: t ? String(t.template_status) : '1',
  body_content: t?.template_body_content ?? '',
  selected_doc_types: t?.selected_doc_types ?? [],
});

const toInput = (v: TemplateFormValues): EmailTemplateInput => ({
  title: v.title.trim(),
  type: v.type ? Number(v.type) : '',
  slug: v.slug.trim(),
  subject: v.subject.trim(),
  body_content: v.body_content,
  selected_doc_types: v.selected_doc_types,
  status: Number(v.status),
});

/** New Template (/templates/create, role 1); goes to the edit screen afterwards. */
export function EmailTemplateCreatePage() {
  return (
    <EntityCreatePage
      title="New email template"
      create={emailTemplatesApi.create}
      invalidate={keys.emailTemplates.all}
      afterCreate={(answer) => pathTo('edit-template', { id: answer.data.id })}
      form={TemplateForm}
    />
  );
}

/** Edit template (/templates/edit/{id}): the update button is role 1 only; role 2 reads. */
export function EmailTemplateEditPage() {
  return (
    <EntityEditPage
      label="email template"
      load={emailTemplatesApi.get}
      select={(answer) => answer.data}
      queryKey={keys.emailTemplates.one}
      invalidate={keys.emailTemplates.all}
      title={(template) => `Email template: ${template.template_name}`}
      update={emailTemplatesApi.update}
      form={TemplateForm}
    />
  );
}

function TemplateForm({ mode, record, send, onSaved }: EntityFormProps<EmailTemplate, EmailTemplateInput>) {
  const body = useRef<RichTextFieldHandle>(null);
  // On a new template the slug follows the title until the user edits it.
  const [slugEdited, setSlugEdited] = useState(mode === 'update');
  const entity = useEntityForm({
    schema: emailTemplateInput,
    toValues,
    toInput,
    permission: { create: 'emailTemplates.create', update: 'emailTemplates.update' },
    mode,
    record,
    send,
    onSaved,
  });
  const { form, maySave } = entity;

  const titleProps = form.getInputProps('title');
  const slugProps = form.getInputProps('slug');

  return (
    <EntityFormFrame
      entity={entity}
      maw={1180}
      submitLabel={{ create: 'Create template', update: 'Update template' }}
    >
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            <FieldGrid>
              <TextInput
                label="Title"
                required
                {...titleProps}
                onChange={(e) => {
                  titleProps.onChange(e);
                  if (!slugEdited) form.setFieldValue('slug', suggestSlug(e.currentTarget.value));
                }}
              />
              <Select
                label="Type"
                required
                placeholder="Choose a type"
                data={EMAIL_TEMPLATE_TYPES.map((t) => ({ value: String(t.value), label: t.label }))}
                allowDeselect={false}
                readOnly={!maySave}
                {...form.getInputProps('type')}
              />
              <TextInput
                label="Slug"
                required
                description="Lower-case letters, digits, '-' or '_'; suggested from the title."
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...slugProps}
                onChange={(e) => {
                  setSlugEdited(true);
                  slugProps.onChange(e);
                }}
              />
              <Stack gap={6}>
                <Text size="sm" fw={500} id="template-status-label">
                  Status
                </Text>
                <SegmentedControl
                  aria-labelledby="template-status-label"
                  data={[
                    { value: '1', label: 'Active' },
                    { value: '0', label: 'Inactive' },
                  ]}
                  disabled={!maySave}
                  value={form.values.status}
                  onChange={(v) => form.setFieldValue('status', v)}
                  w={220}
                />
              </Stack>
            </FieldGrid>
            <TextInput
              label="Subject"
              required
              description="May contain content variables, e.g. {booking_ref}."
              {...form.getInputProps('subject')}
            />
            <RichTextField
              ref={body}
              label="Body"
              value={form.values.body_content}
              onChange={(html) => form.setFieldValue('body_content', html)}
              error={form.errors.body_content}
              readOnly={!maySave}
              minHeight={320}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <VariablesPanel disabled={!maySave} onInsert={(name) => body.current?.insertText(`{${name}}`)} />
            <Checkbox.Group
              label="Attach documents"
              description="Documents sent with this email."
              {...form.getInputProps('selected_doc_types')}
            >
              <Stack gap={8} mt="xs">
                {EMAIL_DOCUMENT_TYPES.map((d) => (
                  <Checkbox key={d.code} value={d.code} disabled={!maySave} label={d.label} />
                ))}
              </Stack>
            </Checkbox.Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </EntityFormFrame>
  );
}

/** The insertable content variables (spec 3 §3); a click puts `{name}` at the body's cursor. */
function VariablesPanel({ disabled, onInsert }: { disabled: boolean; onInsert: (name: string) => void }) {
  const buttons = (
    <Group gap={6} role="group" aria-labelledby="template-variables">
      {EMAIL_TEMPLATE_VARIABLES.map((name) => (
        <Button
          key={name}
          size="compact-xs"
          variant="light"
          color="gray"
          ff="monospace"
          fw={400}
          disabled={disabled}
          // Keep the editor's selection: the click must not move focus away first.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onInsert(name)}
        >
          {`{${name}}`}
        </Button>
      ))}
    </Group>
  );
  return (
    <div>
      <Title order={2} size="h5" id="template-variables">
        Content variables
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {disabled
          ? 'Placeholders filled in when the email is sent.'
          : 'Click one to insert it at the cursor in the body.'}
      </Text>
      {/* Read-only, the list is shown whole: a scrolling region of disabled buttons could not be
          reached by keyboard (axe-core: scrollable-region-focusable). */}
      {disabled ? (
        buttons
      ) : (
        <ScrollArea.Autosize mah={330} type="auto" offsetScrollbars>
          {buttons}
        </ScrollArea.Autosize>
      )}
    </div>
  );
}
