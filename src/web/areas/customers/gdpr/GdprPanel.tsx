import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ERASE_CONSEQUENCES, gdprApi, type SubjectAccessResult } from '../../../../shared/api/gdpr';
import { api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { formatDate } from '../../../lib/format';
import { JobProgress, useJob } from '../../../ui/JobProgress';
import { Modal } from '../../../ui/Modal';
import { useNoticeMutation } from '../../../ui/notice-mutation';
import { useCan } from '../../../ui/permissions';
import { QueryProblem } from '../../../ui/QueryProblem';
import { Section } from '../../../ui/Section';

/**
 * 'Personal data (GDPR)' on the customer screen (issue #27), role 1 only: 'Subject access export'
 * starts the job making the zip of everything held about the customer (UK GDPR art. 15), its
 * progress shown here, then 'Download zip'; 'Erase personal data' (art. 17) opens a dialog naming
 * the consequences and, when the rule refuses (a booking still to depart, money owed either way),
 * says why instead of offering to erase. After an erasure the screen reloads showing 'Erased'.
 */
export function GdprPanel({ customerId }: { customerId: number }) {
  const mayManage = useCan('gdpr.manage');
  if (!mayManage) return null;
  return <GdprPanelBody customerId={customerId} />;
}

function GdprPanelBody({ customerId }: { customerId: number }) {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const status = useQuery({
    queryKey: keys.customers.sub(customerId, 'gdpr'),
    queryFn: ({ signal }) => api.call(gdprApi.status, { params: { id: customerId }, signal }),
  });
  const start = useNoticeMutation(() => api.call(gdprApi.subjectAccess, { params: { id: customerId } }), {
    onSuccess: (answer) => setJobId(answer.data.job_id),
  });
  const job = useJob(jobId);
  const result = job.data?.status === 'done' ? (job.data.result as SubjectAccessResult) : null;
  const download = useNoticeMutation(
    () => api.call(gdprApi.subjectAccessDownload, { params: { id: customerId, job_id: jobId as number } }),
    { successMessage: 'Subject access export downloaded.' },
  );
  const erase = useNoticeMutation(() => api.call(gdprApi.erase, { params: { id: customerId } }), {
    onSuccess: () => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: keys.customers.all });
    },
  });
  const s = status.data?.data;
  const running =
    jobId !== null && (!job.data || job.data.status === 'queued' || job.data.status === 'running');

  return (
    <Section
      title="Personal data (GDPR)"
      defaultOpen
      meta={
        s?.erased_at ? (
          <Badge color="gray" variant="filled">
            Erased {formatDate(s.erased_at)}
          </Badge>
        ) : null
      }
      actions={
        <Group gap="sm">
          <Button variant="default" onClick={() => start.mutate()} loading={start.isPending || running}>
            Subject access export
          </Button>
          <Button
            color="red"
            variant="light"
            onClick={() => setConfirming(true)}
            disabled={!s || !!s.erased_at}
          >
            Erase personal data
          </Button>
        </Group>
      }
    >
      <Stack gap="sm" mt="sm">
        {status.isError && <QueryProblem query={status} what="GDPR status" />}
        <Text size="sm" c="dimmed">
          A subject access request is answered within one month (UK GDPR art. 12(3)). Bookings and payments
          are kept {s?.retention_years ?? 6} years after the last departure, then the personal data is erased
          by the retention run.
        </Text>
        {jobId !== null && <JobProgress jobId={jobId} label="Making the subject access export" />}
        {result && (
          <Group>
            <Button onClick={() => download.mutate()} loading={download.isPending}>
              Download zip ({result.entries} files)
            </Button>
          </Group>
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Erase personal data"
        centered
        size="lg"
      >
        <Stack gap="sm">
          {s?.erase_refusal ? (
            <Alert color="orange" title="This customer cannot be erased now" role="alert">
              {s.erase_refusal}
            </Alert>
          ) : (
            <>
              <Text size="sm">
                This erases the personal data of this customer and of the {s?.passengers ?? 0} passengers on
                their {s?.bookings ?? 0} bookings (UK GDPR art. 17):
              </Text>
              <List size="sm" spacing={4}>
                {ERASE_CONSEQUENCES.map((c) => (
                  <List.Item key={c}>{c}</List.Item>
                ))}
              </List>
            </>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              Cancel
            </Button>
            {!s?.erase_refusal && (
              <Button color="red" onClick={() => erase.mutate()} loading={erase.isPending}>
                Erase personal data
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}
