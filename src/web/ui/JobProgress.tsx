import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { type JobAnswer, jobsApi } from '../../shared/api/jobs';
import { api } from '../api/client';
import { keys } from '../api/query-keys';
import { QueryProblem } from './QueryProblem';

/** How often a queued or running job is asked for (ms). */
const POLL_MS = 700;

const finished = (job: JobAnswer | undefined) => job?.status === 'done' || job?.status === 'failed';

/**
 * A background job (GET jobs/{id}, issue #12), polled every 700 ms while it is queued or running
 * and left alone once done or failed. `jobId` null: nothing is asked.
 */
export function useJob(jobId: number | null) {
  return useQuery({
    queryKey: keys.jobs.one(jobId ?? 0),
    queryFn: ({ signal }) => api.call(jobsApi.get, { params: { id: jobId as number }, signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : POLL_MS),
    refetchIntervalInBackground: true,
  });
}

/**
 * A job's result as one line of text, when it carries one: a string result, or its `summary` (or
 * `message`) field. Other shapes are the caller's to show (read `useJob(id).data.result`).
 */
function resultSummary(result: unknown): string | null {
  if (typeof result === 'string') return result;
  if (result && typeof result === 'object') {
    const r = result as Record<string, unknown>;
    if (typeof r.summary === 'string') return r.summary;
    if (typeof r.message === 'string') return r.message;
  }
  return null;
}

export interface JobProgressProps {
  jobId: number;
  /** What the job does, for the bar's accessible name ('Emailing travel documents'). */
  label?: string;
  /** Called once when the job is done or has failed. */
  onDone?: (job: JobAnswer) => void;
  /** Shows the result's `summary` (or a string result) when done; off: render your own from `useJob`. */
  showResult?: boolean;
}

/**
 * The progress of a background job: a bar with 'done / total' (role=progressbar, named by `label`),
 * the job's latest message, then its result's summary (green) or its error (red). Calls `onDone`
 * once when the job finishes.
 */
export function JobProgress({ jobId, label = 'Progress', onDone, showResult = true }: JobProgressProps) {
  const query = useJob(jobId);
  const job = query.data;
  const labelId = useId();
  const reported = useRef<number | null>(null);
  useEffect(() => {
    if (job && finished(job) && reported.current !== job.id) {
      reported.current = job.id;
      onDone?.(job);
    }
  }, [job, onDone]);

  if (query.isError) return <QueryProblem query={query} what="job's progress" />;
  const total = job?.progress_total ?? 0;
  const done = job?.progress_done ?? 0;
  const percent = job?.status === 'done' ? 100 : total > 0 ? Math.min(100, (done / total) * 100) : 0;
  const active = !job || job.status === 'queued' || job.status === 'running';
  const color = job?.status === 'failed' ? 'red' : job?.status === 'done' ? 'green' : 'blue';
  const summary = job?.status === 'done' ? resultSummary(job.result) : null;
  const n = (v: number) => v.toLocaleString('en-GB');
  const counts = total > 0 ? `${n(done)} / ${n(total)}` : job?.status === 'queued' || !job ? 'Waiting…' : '';

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text id={labelId} size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {counts}
        </Text>
      </Group>
      {/* The root is the progressbar (Mantine puts the role on the section, a 0-wide box at first). */}
      <Progress.Root
        size="lg"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={total > 0 ? `${n(done)} of ${n(total)}` : (job?.status ?? 'queued')}
      >
        <Progress.Section value={percent} color={color} striped={active} animated={active} withAria={false} />
      </Progress.Root>
      {/* The latest word while it runs; once done, the result's summary (when shown) says it. */}
      {job?.message && job.status !== 'failed' && !(showResult && summary) && (
        <Text size="sm" aria-live="polite">
          {job.message}
        </Text>
      )}
      {showResult && job?.status === 'done' && summary && (
        <Alert color="green" title="Done">
          <Text size="sm">{summary}</Text>
        </Alert>
      )}
      {job?.status === 'failed' && (
        <Alert color="red" title="The job failed" role="alert">
          <Text size="sm">{job.error ?? 'Unknown error'}</Text>
        </Alert>
      )}
    </Stack>
  );
}
