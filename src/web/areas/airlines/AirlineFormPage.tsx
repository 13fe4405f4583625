import { Button, FileInput, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { Airline } from '../../../shared/api/airlines';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { EntityLoader } from '../../ui/EntityLoader';
import { FieldGrid, FormActions, NumberField, SaveButton, useFormSubmit } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';

/** Largest instruction PDF the server accepts (10 MB). */
const MAX_PDF_BYTES = 10 * 1024 * 1024;

interface AirlineFormValues {
  name: string;
  contact_name: string;
  web_check_in_before_days: number | string;
  airline_content: string;
  instruction_doc_file: File | null;
}

const toValues = (a?: Airline): AirlineFormValues => ({
  name: a?.name ?? '',
  contact_name: a?.contact_name ?? '',
  web_check_in_before_days: a?.web_check_in_before_days ?? '',
  airline_content: a?.airline_content ?? '',
  instruction_doc_file: null,
});

/** The multipart fields of spec 3 §7 (POST airlines, airlines/{id}). */
const toFields = (v: AirlineFormValues) => ({
  name: v.name.trim(),
  contact_name: v.contact_name.trim(),
  web_check_in_before_days: v.web_check_in_before_days === '' ? '' : String(v.web_check_in_before_days),
  airline_content: v.airline_content,
  instruction_doc_file: v.instruction_doc_file ?? undefined,
});

/** Create airline (/airlines/create); goes to the edit screen of the new airline (spec 3 §4). */
export function AirlineCreatePage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New airline" />
      <AirlineForm
        mode="create"
        send={(v) => api.upload<{ data: { id: number } }>('/airlines', toFields(v))}
        onSaved={(answer) => navigate(pathTo('airline-edit', { id: answer.data.id }))}
      />
    </>
  );
}

/** Edit airline (/airlines/edit/{id}); role 2 sees it read-only, with the document download. */
export function AirlineEditPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['airline', id],
    queryFn: () => api.get<{ data: Airline }>(`/airlines/${id}`).then((r) => r.data),
  });
  return (
    <EntityLoader query={query} label="airline">
      {(airline) => (
        <>
          <PageHeader title={`Airline: ${airline.name}`} />
          <AirlineForm
            key={airline.id}
            mode="update"
            airline={airline}
            send={(v) => api.upload(`/airlines/${id}`, toFields(v))}
            onSaved={() => queryClient.invalidateQueries({ queryKey: ['airline', id] })}
          />
        </>
      )}
    </EntityLoader>
  );
}

/** The current instruction PDF with its download button ('File not found' when it is gone). */
function CurrentDocument({ airline }: { airline: Airline }) {
  const download = useMutation({
    mutationFn: () =>
      api.download(`/airlines/airline-instruction/${airline.id}/download`, {
        fallbackName: airline.instruction_doc_name ?? 'airline-instructions.pdf',
      }),
    // Spec 3 §8: an instruction document that cannot be fetched reads 'File not found'.
    onError: () => notifications.show({ color: 'red', title: 'Error', message: 'File not found' }),
  });
  if (!airline.has_instruction_doc) {
    return (
      <Text size="sm" c="dimmed">
        No instruction document uploaded yet.
      </Text>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
        Current document: <strong>{airline.instruction_doc_name}</strong>
      </Text>
      <Button
        size="xs"
        variant="light"
        onClick={() => download.mutate()}
        loading={download.isPending}
        aria-label={`Download ${airline.instruction_doc_name ?? 'instruction document'}`}
      >
        Download
      </Button>
    </Group>
  );
}

function AirlineForm<A>({
  mode,
  airline,
  send,
  onSaved,
}: {
  mode: 'create' | 'update';
  airline?: Airline;
  send: (values: AirlineFormValues) => Promise<A>;
  onSaved: (answer: A) => void;
}) {
  const mayCreate = useCan('airlines.create');
  const mayUpdate = useCan('airlines.update');
  const maySave = mode === 'create' ? mayCreate : mayUpdate;
  const form = useForm<AirlineFormValues>({
    initialValues: toValues(airline),
    validate: {
      name: (v) => (v.trim() ? null : 'Name is required.'),
      web_check_in_before_days: (v) =>
        v === '' || (Number.isInteger(Number(v)) && Number(v) >= 0)
          ? null
          : 'Web check-in days must be 0 or more.',
      instruction_doc_file: (f) => {
        if (!f) return null;
        if (f.type !== 'application/pdf' && !/\.pdf$/i.test(f.name))
          return 'The document must be a PDF file.';
        if (f.size > MAX_PDF_BYTES) return 'The file is too large (at most 10 MB).';
        return null;
      },
    },
  });
  const { onSubmit, saving } = useFormSubmit(form, send, {
    onSuccess: (answer) => {
      form.setFieldValue('instruction_doc_file', null);
      onSaved(answer);
    },
  });
  return (
    <Paper withBorder p="lg" radius="md" maw={860}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <fieldset disabled={!maySave} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="sm">
              <FieldGrid>
                <TextInput label="Name" required {...form.getInputProps('name')} />
                <TextInput label="Contact name" {...form.getInputProps('contact_name')} />
                <NumberField
                  label="Web check-in (days before departure)"
                  description="Days before departure that online check-in opens"
                  min={0}
                  max={365}
                  {...form.getInputProps('web_check_in_before_days')}
                />
              </FieldGrid>
              <Textarea
                label="Airline content"
                description="Text used in customer emails (airline_content)"
                autosize
                minRows={4}
                maxRows={14}
                {...form.getInputProps('airline_content')}
              />
              {maySave && (
                <FileInput
                  label="Instruction document (PDF)"
                  description={
                    airline?.has_instruction_doc
                      ? 'Choosing a new PDF replaces the current one when you save (at most 10 MB).'
                      : 'A PDF of at most 10 MB.'
                  }
                  placeholder="Choose a PDF…"
                  accept="application/pdf"
                  clearable
                  maw={480}
                  {...form.getInputProps('instruction_doc_file')}
                />
              )}
            </Stack>
          </fieldset>
          {airline && <CurrentDocument airline={airline} />}
        </Stack>
        {maySave && (
          <FormActions>
            <SaveButton mode={mode} saving={saving}>
              {mode === 'create' ? 'Create airline' : 'Update airline'}
            </SaveButton>
          </FormActions>
        )}
      </form>
    </Paper>
  );
}
