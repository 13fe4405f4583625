import { Button, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  EMAIL_TRAVEL_DOCS_CONFIRM,
  groupDocumentsApi,
  type TravelDocumentsResult,
} from '../../../shared/api/group-documents';
import { api } from '../../api/client';
import { confirmAction } from '../../ui/confirm';
import { JobProgress, useJob } from '../../ui/JobProgress';
import { Modal } from '../../ui/Modal';
import { useNoticeMutation } from '../../ui/notice-mutation';

/**
 * 'Email travel docs to customer' for the selected bookings of a group (spec 3 §2, §6 role 1, §7,
 * §8 'Are you sure you want to send email to customer?'): starts the background job, then shows
 * its progress in a modal and, when done, who was sent the documents and which bookings were
 * skipped and why.
 */
export function EmailTravelDocsButton({ groupId, bookingIds }: { groupId: number; bookingIds: number[] }) {
  const [jobId, setJobId] = useState<number | null>(null);
  const start = useNoticeMutation(
    (booking_ids: number[]) =>
      api.call(groupDocumentsApi.emailTravelDocuments, {
        params: { id: groupId },
        query: { type: 'email_customer' },
        body: { booking_ids },
      }),
    { onSuccess: (answer) => setJobId(answer.job_id) },
  );
  const send = async () => {
    if (!(await confirmAction(EMAIL_TRAVEL_DOCS_CONFIRM, { title: 'Email travel docs' }))) return;
    start.mutate(bookingIds);
  };
  return (
    <>
      <Button size="xs" variant="light" disabled={bookingIds.length === 0 || start.isPending} onClick={send}>
        {start.isPending ? 'Starting...' : 'Email travel docs to customer'}
      </Button>
      <Modal
        opened={jobId !== null}
        onClose={() => setJobId(null)}
        title="Emailing travel documents"
        size="lg"
        centered
      >
        {jobId !== null && <TravelDocsProgress jobId={jobId} onClose={() => setJobId(null)} />}
      </Modal>
    </>
  );
}

function TravelDocsProgress({ jobId, onClose }: { jobId: number; onClose: () => void }) {
  const job = useJob(jobId).data;
  const result = job?.status === 'done' ? (job.result as TravelDocumentsResult | null) : null;
  return (
    <Stack gap="md">
      <JobProgress jobId={jobId} label="Bookings processed" />
      {result && result.sent.length > 0 && (
        <div>
          <Text size="sm" fw={600}>
            Sent ({result.sent.length})
          </Text>
          <List size="sm" spacing={2}>
            {result.sent.map((s) => (
              <List.Item key={s.booking_id}>
                {s.booking_ref} to {s.to}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      {result && result.skipped.length > 0 && (
        <div>
          <Text size="sm" fw={600} c="orange.9">
            Skipped ({result.skipped.length})
          </Text>
          <List size="sm" spacing={2}>
            {result.skipped.map((s) => (
              <List.Item key={s.booking_id}>
                {s.booking_ref}: {s.reason}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      <Button variant="default" onClick={onClose} style={{ alignSelf: 'flex-end' }}>
        Close
      </Button>
    </Stack>
  );
}
