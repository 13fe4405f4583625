import { Button, FileInput, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  AIRLINE_DOC_FIELD,
  type Airline,
  type AirlineFormInput,
  airlineFormBody,
  airlinesApi,
} from '../../../shared/api/airlines';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import {
  EntityCreatePage,
  EntityEditPage,
  EntityFormFrame,
  type EntityFormProps,
  useEntityForm,
} from '../../ui/entity';
import { FieldGrid, NumberField, numberText } from '../../ui/form';

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

/** The multipart fields of spec 3 §7 (POST airlines, airlines/{id}); the PDF goes as its file part. */
const toInput = (v: AirlineFormValues): AirlineFormInput => ({
  name: v.name,
  contact_name: v.contact_name,
  web_check_in_before_days: numberText(v.web_check_in_before_days),
  airline_content: v.airline_content,
  [AIRLINE_DOC_FIELD]: v.instruction_doc_file ?? undefined,
});

/** The instruction document must be a PDF of at most 10 MB (the server checks its bytes too). */
const pdfRule = (v: AirlineFormValues): Record<string, string> => {
  const f = v.instruction_doc_file;
  if (!f) return {};
  if (f.type !== 'application/pdf' && !/\.pdf$/i.test(f.name))
    return { instruction_doc_file: 'The document must be a PDF file.' };
  if (f.size > MAX_PDF_BYTES) return { instruction_doc_file: 'The file is too large (at most 10 MB).' };
  return {};
};

/** Create airline (/airlines/create); goes to the edit screen of the new airline (spec 3 §4). */
export function AirlineCreatePage() {
  return (
    <EntityCreatePage
      title="New airline"
      create={airlinesApi.create}
      invalidate={keys.airlines.all}
      afterCreate={(answer) => pathTo('airline-edit', { id: answer.data.id })}
      form={AirlineForm}
    />
  );
}

/** Edit airline (/airlines/edit/{id}); role 2 sees it read-only, with the document download. */
export function AirlineEditPage() {
  return (
    <EntityEditPage
      label="airline"
      load={airlinesApi.get}
      select={(answer) => answer.data}
      queryKey={keys.airlines.one}
      invalidate={keys.airlines.all}
      title={(airline) => `Airline: ${airline.name}`}
      update={airlinesApi.update}
      form={AirlineForm}
    />
  );
}

/** The current instruction PDF with its download button ('File not found' when it is gone). */
function CurrentDocument({ airline }: { airline: Airline }) {
  const download = useMutation({
    mutationFn: () =>
      api.call(airlinesApi.document, {
        params: { id: airline.id },
        fallbackName: airline.instruction_doc_name ?? 'airline-instructions.pdf',
      }),
    // Spec 3 §8: an instruction document that cannot be fetched reads 'File not found'.
    onError: () => notifications.show({ color: 'red', title: 'Error', message: 'File not found' }),
  });
  if (!airline.has_instruction_doc) {
    return (
      <Text size="sm" c="dimmed" mt="sm">
        No instruction document uploaded yet.
      </Text>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap" mt="sm">
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

function AirlineForm({ mode, record, send, onSaved }: EntityFormProps<Airline, AirlineFormInput>) {
  const entity = useEntityForm({
    schema: airlineFormBody,
    toValues,
    toInput,
    extraValidate: pdfRule,
    permission: { create: 'airlines.create', update: 'airlines.update' },
    mode,
    record,
    send,
    onSaved: (answer) => {
      // The chosen PDF is saved: the field is ready for another one.
      entity.form.setFieldValue('instruction_doc_file', null);
      onSaved(answer);
    },
  });
  const { form, maySave } = entity;
  return (
    <EntityFormFrame
      entity={entity}
      maw={860}
      submitLabel={{ create: 'Create airline', update: 'Update airline' }}
      afterFields={record && <CurrentDocument airline={record} />}
    >
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
              record?.has_instruction_doc
                ? 'Choosing a new PDF replaces the current one when you save (at most 10 MB).'
                : 'A PDF of at most 10 MB.'
            }
            placeholder="Choose a PDF…"
            accept="application/pdf"
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the chosen PDF' }}
            maw={480}
            {...form.getInputProps('instruction_doc_file')}
          />
        )}
      </Stack>
    </EntityFormFrame>
  );
}
