import { Anchor, Button, FileInput, Group, Stack, Table, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { type BookingDetail, MESSAGES } from '../../../../shared/api/booking-edit';
import { bookingFilesApi, documentUploadFieldsSchema } from '../../../../shared/api/booking-files';
import { ApiError, api } from '../../../api/client';
import { formatDateTime } from '../../../lib/format';
import { confirmAction } from '../../../ui/confirm';
import { type EntityForm, useEntityForm } from '../../../ui/entity';
import { useCan } from '../../../ui/permissions';
import { ConfirmDeleteLink } from '../../../ui/RowActions';
import { useBookingChange, useReloadBooking } from '../booking-api';
import { documentUploadFields, isImageOrPdf } from './booking-sections';
import { SectionEmpty } from './section-kit';

type Doc = BookingDetail['additional_documents'][number];

/**
 * Additional documents (spec 1 §2, §5 'additional documents accept images and PDFs, several files at
 * once', §8): name, detail, date; download for everyone ('File not found' when the file is gone);
 * role 1 emails one to the customer (else the agent) and deletes one, each after confirmation, and
 * uploads several images/PDFs at once with a document detail.
 */
export function AdditionalDocumentsSection({
  booking,
  canEdit,
}: {
  booking: BookingDetail;
  canEdit: boolean;
}) {
  const allowed = useCan('bookings.additionalDocuments');
  const mayEdit = canEdit && allowed;
  const [downloading, setDownloading] = useState<number | null>(null);
  const remove = useBookingChange(booking, (docId: number) =>
    api.call(bookingFilesApi.deleteDocument, { params: { id: docId } }),
  );
  const email = useBookingChange(booking, (docId: number, b) =>
    api.call(bookingFilesApi.emailDocument, { params: { id: b.id, docId } }),
  );
  const download = async (doc: Doc) => {
    setDownloading(doc.id);
    try {
      await api.call(bookingFilesApi.downloadDocument, { params: { id: doc.id }, fallbackName: doc.name });
    } catch (err) {
      // Spec 1 §8: an additional document download that is not 200 says 'File not found'.
      notifications.show({
        color: 'red',
        title: 'Error',
        message: err instanceof ApiError && err.status === 0 ? err.message : MESSAGES.fileNotFound,
      });
    } finally {
      setDownloading(null);
    }
  };
  const docs = booking.additional_documents;
  return (
    <Stack gap="md">
      {docs.length === 0 ? (
        <SectionEmpty>No additional documents have been added to this booking.</SectionEmpty>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder fz="sm" aria-label="Additional documents" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Detail</Table.Th>
                <Table.Th>Added</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {docs.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{d.name}</Table.Td>
                  <Table.Td>{d.document_detail}</Table.Td>
                  <Table.Td>{formatDateTime(d.created_at)}</Table.Td>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap" justify="flex-end">
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        disabled={downloading === d.id}
                        aria-label={`Download ${d.name}`}
                        onClick={() => void download(d)}
                      >
                        {downloading === d.id ? 'Downloading...' : 'Download'}
                      </Anchor>
                      {mayEdit && (
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          disabled={email.isPending}
                          aria-label={`Email ${d.name}`}
                          onClick={async () => {
                            if (
                              await confirmAction(
                                'Are you sure you want to email this document to the customer (or the agent when there is no customer)?',
                                { title: 'Email document', confirmLabel: 'Send' },
                              )
                            )
                              email.mutate(d.id);
                          }}
                        >
                          {email.isPending && email.variables === d.id ? 'Sending...' : 'Email'}
                        </Anchor>
                      )}
                      {mayEdit && (
                        <ConfirmDeleteLink
                          ariaLabel={`Delete ${d.name}`}
                          confirmMessage={`Are you sure you want to delete the document ${d.name}?`}
                          onConfirm={() => remove.mutate(d.id)}
                          pending={remove.isPending && remove.variables === d.id}
                          disabled={remove.isPending}
                        />
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {mayEdit && <UploadDocuments booking={booking} />}
    </Stack>
  );
}

interface UploadValues {
  files: File[];
  document_detail: string;
}

/** The server names a bad file by its field (files[2]); the form has one files field. */
function onFilesField(err: unknown): never {
  if (!(err instanceof ApiError)) throw err;
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(err.errors))
    errors[key.startsWith('files') ? 'files' : key] ??= messages;
  throw new ApiError(err.message, err.status, errors, err.body);
}

/**
 * Several images/PDFs at once with one document detail (POST bookings/{id}/additional-documents;
 * entity kit: the detail checked with the shared schema, at least one image or PDF chosen).
 */
function UploadDocuments({ booking }: { booking: BookingDetail }) {
  const reload = useReloadBooking(booking.id);
  const entity: EntityForm<UploadValues> = useEntityForm({
    schema: documentUploadFieldsSchema,
    toValues: (): UploadValues => ({ files: [], document_detail: '' }),
    toInput: (v: UploadValues) => ({ document_detail: v.document_detail }),
    extraValidate: (v): Record<string, string> =>
      v.files.length === 0
        ? { files: 'Choose at least one file.' }
        : !v.files.every(isImageOrPdf)
          ? { files: 'Only images and PDF files can be uploaded.' }
          : {},
    permission: 'bookings.additionalDocuments',
    mode: 'create',
    resetAfterCreate: true,
    send: () => {
      const v = entity.form.getValues();
      return api
        .call(bookingFilesApi.uploadDocuments, {
          params: { id: booking.id },
          body: documentUploadFields(v.files, v.document_detail),
        })
        .catch(onFilesField);
    },
    onSaved: () => void reload(),
  });
  const { form, onSubmit, saving } = entity;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Upload additional documents">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <FileInput
          label="Add documents"
          placeholder="Choose images or PDFs"
          multiple
          clearable
          accept="image/*,application/pdf"
          w={340}
          {...form.getInputProps('files')}
        />
        <TextInput
          label="Document detail"
          w={320}
          maxLength={500}
          {...form.getInputProps('document_detail')}
        />
        <Button type="submit" mt={25} disabled={saving}>
          {saving ? 'Saving...' : 'Upload'}
        </Button>
      </Group>
    </form>
  );
}
