import { Button, Checkbox, Group, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { bookingDocumentsApi } from '../../../../shared/api/booking-documents';
import type { BookingDetail } from '../../../../shared/api/booking-edit';
import { BOOKING_DOCUMENT_TYPES, type BookingDocType } from '../../../../shared/documents';
import { api } from '../../../api/client';
import { QueryProblem } from '../../../ui/QueryProblem';
import { DocumentEmailActions } from './DocumentEmailActions';
import { AtolCertificatesTable, DocumentRecordsTable } from './DocumentRecordsTable';
import { showDocumentError, useDocumentRecords, useReloadDocumentRecords } from './document-api';
import { planDocuments } from './document-choice';
import { SubHeading } from './section-kit';

type Mode = 'download' | 'print';

/** Spec 1 §8: refusals and left-out documents show as a warning notification. */
const warn = (message: string) => notifications.show({ color: 'orange', title: 'Warning', message });

/**
 * Generates each of `docs` (GET bookings/{id}/documents/{doc}?type=…, kept as a document record),
 * then either saves its PDF (bookings/document/{id}-{doc}.pdf/download) or shows it in the tab
 * opened for it (`tabs[i]`, the inline PDF as a blob: URL, in the browser's viewer to print). Stops
 * at the first failure and shows the server's message.
 */
async function generate(bookingId: number, docs: BookingDocType[], mode: Mode, tabs: (Window | null)[]) {
  for (const [i, doc] of docs.entries()) {
    const { data } = await api.call(bookingDocumentsApi.generate, {
      params: { id: bookingId, doc },
      query: { type: mode },
    });
    if (mode === 'download') {
      await api.call(bookingDocumentsApi.fileDownload, {
        params: { file: data.file },
        fallbackName: data.name,
      });
      continue;
    }
    const { blob } = await api.file(bookingDocumentsApi.file, { params: { file: data.file } });
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    const tab = tabs[i];
    if (tab && !tab.closed) tab.location.href = url;
    else window.open(url, '_blank');
  }
}

/**
 * Documents (spec 1 §2 'documents with an email modal', §5, §7, §8, §9; issue #12): tick document
 * types, then Download (saves the PDFs) or Print (opens each in the browser's PDF viewer); role 1
 * also emails them (`DocumentEmailActions`). Every generation is listed below as a document record
 * with its exact bytes; a flight-inclusive booking also lists its ATOL certificates, and a booking
 * without flights does not offer the ATOL Certificate (the checkbox says why).
 */
export function DocumentsSection({ booking }: { booking: BookingDetail; canEdit: boolean }) {
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState<Mode | null>(null);
  const records = useDocumentRecords(booking.id);
  const reload = useReloadDocumentRecords(booking.id);
  const atol = records.data?.atol;

  const run = async (mode: Mode) => {
    const plan = planDocuments(booking, selected);
    if (plan.refusal) return warn(plan.refusal);
    if (plan.warning) warn(plan.warning);
    if (plan.docs.length === 0) return;
    // Print: open the tabs now, while the click still counts as the user's (popup blockers).
    const tabs = mode === 'print' ? plan.docs.map(() => window.open('about:blank', '_blank')) : [];
    setBusy(mode);
    try {
      await generate(booking.id, plan.docs, mode, tabs);
    } catch (err) {
      for (const tab of tabs) if (tab && tab.location.href === 'about:blank') tab.close();
      showDocumentError(err);
    } finally {
      setBusy(null);
      void reload();
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Checkbox.Group label="Document types" value={selected} onChange={setSelected}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs" verticalSpacing="xs" mt={6}>
            {BOOKING_DOCUMENT_TYPES.map((t) => {
              const noAtol = t.code === 'atol' && atol?.offered === false;
              return (
                <Checkbox
                  key={t.code}
                  value={t.code}
                  label={t.label}
                  disabled={noAtol}
                  description={noAtol ? (atol?.reason ?? undefined) : undefined}
                />
              );
            })}
          </SimpleGrid>
        </Checkbox.Group>
        <Group gap="sm" wrap="wrap">
          <Button onClick={() => void run('download')} disabled={busy !== null}>
            {busy === 'download' ? 'Downloading...' : 'Download'}
          </Button>
          <Button variant="light" onClick={() => void run('print')} disabled={busy !== null}>
            {busy === 'print' ? 'Preparing...' : 'Print'}
          </Button>
          <DocumentEmailActions booking={booking} selectedDocTypes={selected} />
        </Group>
      </Stack>
      {records.isError ? (
        <QueryProblem query={records} what="documents" />
      ) : (
        <>
          {atol?.offered && (
            <div>
              <SubHeading>ATOL certificates</SubHeading>
              <AtolCertificatesTable
                bookingId={booking.id}
                certificates={atol.certificates}
                hasPayments={booking.payments.length > 0}
              />
            </div>
          )}
          <div>
            <SubHeading>Generated documents</SubHeading>
            <DocumentRecordsTable bookingId={booking.id} records={records.data?.data ?? []} />
          </div>
        </>
      )}
    </Stack>
  );
}
