import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import type { Endpoint, FileAnswer } from '../../../shared/api/contract';
import { REPORT_JOB_HEADER, REPORT_MESSAGES } from '../../../shared/api/reports';
import { ApiError, api, type CallArgs } from '../../api/client';
import { FieldGrid, useFormSubmit } from '../../ui/form';
import { JobProgress, useJob } from '../../ui/JobProgress';
import { zodValidate } from '../../ui/zod-validate';

/** A report panel's form values: payload field names (spec 3 §7) → what the inputs hold. */
export type ReportValues = Record<string, string | string[] | boolean | null>;

/** The value types a panel's fields hold, from the literal initial values (null → a date or id). */
type Widen<T> = {
  [K in keyof T]: T[K] extends boolean ? boolean : T[K] extends readonly unknown[] ? string[] : string | null;
};

/** A panel's initial values, typed as its fields will hold them (`null` → `string | null`, `[]` → `string[]`). */
export const reportValues = <T extends ReportValues>(values: T): Widen<T> => values as Widen<T>;

type ReportEndpoint = Endpoint & { answer: FileAnswer };

/**
 * The payload of a report: the form's values without the blanks (null, '' and empty lists are not
 * sent: the schemas read a missing field as 'no filter' and apply the spec's defaults), id lists as
 * numbers, switches as the spec's 'yes' / 'no'.
 */
export function reportBody(values: ReportValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(values)) {
    if (v === null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length) body[key] = v.map(Number);
    } else if (typeof v === 'boolean') body[key] = v ? 'yes' : 'no';
    else body[key] = v;
  }
  return body;
}

export interface ReportFormOptions<V extends ReportValues> {
  endpoint: ReportEndpoint;
  /** The report's request schema (src/shared/api/reports.ts): the server's rules and messages. */
  schema: z.ZodType;
  initialValues: V;
  /** Spec 3 §8: the revenue and payment reports say 'The given data was invalid.' on any failure. */
  invalidDataOnFailure?: boolean;
}

/** What a report panel works with: its form, the submit handler and the run's state. */
export interface ReportForm<V extends ReportValues> {
  form: UseFormReturnType<V>;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  generating: boolean;
  /** The run's background job (X-Report-Job), once its headers have arrived. */
  jobId: number | null;
  /** The file saved by the last run. */
  saved: string | null;
}

/**
 * A report panel's form (spec 3 §2 Reports, §5, §8): validates with the report's shared schema
 * (the spec's messages at the fields before any request), then POSTs the filters and saves the
 * streamed file. The job id arrives with the headers, so `<JobProgress>` can follow the rows
 * written while the body downloads. A refusal puts the server's field errors on the fields and its
 * message (else error) in the screen's red notice — 'The given data was invalid.' for the revenue
 * and payment reports.
 */
export function useReportForm<V extends ReportValues>({
  endpoint,
  schema,
  initialValues,
  invalidDataOnFailure = false,
}: ReportFormOptions<V>): ReportForm<V> {
  const [jobId, setJobId] = useState<number | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<V>({ initialValues, validate: zodValidate<V>(schema, reportBody) });
  const { onSubmit, saving } = useFormSubmit(
    form,
    async (values: V) => {
      setJobId(null);
      setSaved(null);
      try {
        return await api.call(endpoint, {
          body: reportBody(values) as CallArgs<ReportEndpoint>['body'],
          onHeaders: (headers) => {
            const id = Number(headers.get(REPORT_JOB_HEADER));
            setJobId(Number.isInteger(id) && id > 0 ? id : null);
          },
        });
      } catch (e) {
        if (invalidDataOnFailure && e instanceof ApiError)
          throw new ApiError(REPORT_MESSAGES.invalidData, e.status, e.errors, e.body);
        throw e;
      }
    },
    // Filters of a report are not work to lose: leaving them does not ask.
    { onSuccess: (name) => setSaved(name), guardChanges: false },
  );
  return { form, onSubmit, generating: saving, jobId, saved };
}

/**
 * A report panel: its fields in a two-column grid, the one Generate button ('Generating...' and
 * disabled while the file is made), the run's progress (rows written of total) and, once saved, a
 * green note naming the file.
 */
export function ReportPanelForm<V extends ReportValues>({
  report,
  name,
  children,
}: {
  report: ReportForm<V>;
  /** The report's name ('Sales Report'), for the progress bar. */
  name: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={report.onSubmit} noValidate aria-label={`${name} filters`}>
      <Stack gap="md">
        <FieldGrid>{children}</FieldGrid>
        <Group>
          <Button type="submit" disabled={report.generating}>
            {report.generating ? 'Generating...' : 'Generate'}
          </Button>
        </Group>
        {report.jobId !== null && (
          <JobProgress jobId={report.jobId} label={`Generating ${name}`} showResult={false} />
        )}
        {report.saved && !report.generating && <SavedNote file={report.saved} jobId={report.jobId} />}
      </Stack>
    </form>
  );
}

/** 'Saved Sales-Report.xlsx — 1,234 rows.' once the download is complete. */
function SavedNote({ file, jobId }: { file: string; jobId: number | null }) {
  const job = useJob(jobId);
  const rows = (job.data?.result as { rows?: unknown } | null | undefined)?.rows;
  return (
    <Alert color="green" title="Report saved" role="status">
      <Text size="sm">
        Saved <strong>{file}</strong>
        {typeof rows === 'number'
          ? ` — ${rows.toLocaleString('en-GB')} ${rows === 1 ? 'row' : 'rows'}.`
          : '.'}
      </Text>
    </Alert>
  );
}
