import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useState } from 'react';
import {
  type AtolCertificateRow,
  CREATED_FOR_LABELS,
  DOCUMENT_MESSAGES,
  type DocumentRecordRow,
} from '../../../../shared/api/booking-documents';
import { formatMoney } from '../../../lib/format';
import { downloadRecord, formatRecordTime } from './document-api';
import { SectionEmpty } from './section-kit';

/** A row's Download link: 'Downloading...' while it runs. */
function RecordDownload({
  bookingId,
  recordId,
  name,
}: {
  bookingId: number;
  recordId: number;
  name: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      disabled={busy}
      aria-label={`Download ${name}`}
      onClick={async () => {
        setBusy(true);
        await downloadRecord(bookingId, recordId, name);
        setBusy(false);
      }}
    >
      {busy ? 'Downloading...' : 'Download'}
    </Anchor>
  );
}

/**
 * The booking's document records (spec 1 §3 Document record: name, created_for, created_at),
 * newest first, each downloadable as the exact bytes generated that day.
 */
export function DocumentRecordsTable({
  bookingId,
  records,
}: {
  bookingId: number;
  records: DocumentRecordRow[];
}) {
  if (records.length === 0)
    return <SectionEmpty>No documents have been generated for this booking yet.</SectionEmpty>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder fz="sm" aria-label="Generated documents" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Created for</Table.Th>
            <Table.Th>Created at</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td style={{ wordBreak: 'break-all' }}>{r.name}</Table.Td>
              <Table.Td>{CREATED_FOR_LABELS[r.created_for] ?? r.created_for}</Table.Td>
              <Table.Td>{formatRecordTime(String(r.created_at))}</Table.Td>
              <Table.Td>{r.created_by?.name ?? ''}</Table.Td>
              <Table.Td ta="right">
                {r.file_kept ? (
                  <RecordDownload bookingId={bookingId} recordId={r.id} name={r.name} />
                ) : (
                  <Text size="sm" c="dimmed" span>
                    {DOCUMENT_MESSAGES.fileNotKept}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The ATOL certificates issued (issue #12): version, reference, issued at, superseded (or
 * 'Current'), the passengers carrying the ATOL Protection Contribution and its total, and the
 * certificate's PDF as issued.
 */
export function AtolCertificatesTable({
  bookingId,
  certificates,
  hasPayments,
}: {
  bookingId: number;
  certificates: AtolCertificateRow[];
  /** The booking has receipts (a certificate is then due: the next change or a download issues it). */
  hasPayments: boolean;
}) {
  if (certificates.length === 0)
    return (
      <SectionEmpty>
        {hasPayments
          ? 'No ATOL Certificate has been issued yet: the next payment or change issues version 1, or tick ATOL Certificate and Download.'
          : 'No ATOL Certificate has been issued yet: version 1 is issued when the first payment is recorded.'}
      </SectionEmpty>
    );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder fz="sm" aria-label="ATOL certificates" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Version</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Issued at</Table.Th>
            <Table.Th>Superseded</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>APC</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {certificates.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.version}</Table.Td>
              <Table.Td>{c.reference}</Table.Td>
              <Table.Td>{formatRecordTime(String(c.issued_at))}</Table.Td>
              <Table.Td>
                {c.superseded_at ? (
                  formatRecordTime(String(c.superseded_at))
                ) : (
                  <Badge color="green" variant="light" radius="sm">
                    Current
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{c.reason}</Table.Td>
              <Table.Td>
                <Text size="sm" span>
                  {formatMoney(c.apc_total)}
                </Text>{' '}
                <Text size="xs" c="dimmed" span>
                  ({c.apc_passengers} × {formatMoney(c.apc_per_passenger)})
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                {c.document_record_id !== null && (
                  <RecordDownload
                    bookingId={bookingId}
                    recordId={c.document_record_id}
                    name={`ATOL Certificate ${c.reference}`}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
