import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Collapse,
  FileInput,
  Group,
  List,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CSV_COLUMNS, type CsvLineError } from '../../../shared/api/tour-catalogue';
import { csvUploadApi } from '../../../shared/api/tours';
import { ApiError, api } from '../../api/client';
import { useNoticeMutation } from '../../ui/notice-mutation';

/** A refused upload's rows by line number, or its message and field errors when no row is named. */
function refusal(err: Error | null): {
  lines: CsvLineError[];
  failure: { message: string; details: string[] } | null;
} {
  if (!err) return { lines: [], failure: null };
  const body = err instanceof ApiError ? (err.body as { lines?: CsvLineError[] } | undefined) : undefined;
  if (body?.lines?.length) return { lines: body.lines, failure: null };
  const details = err instanceof ApiError ? Object.values(err.errors).flat() : [];
  return { lines: [], failure: { message: err.message, details } };
}

/**
 * Bulk Tour Instance Uploader (spec 3 §2 Tours, role 1): a CSV of instances, or with 'Check box for
 * pricing update only' of prices only (POST csvupload multipart csv, updateOnly). The server checks
 * every row before writing any; refused rows are listed by line number and nothing is written.
 */
export function CsvUploader() {
  const [file, setFile] = useState<File | null>(null);
  const [updateOnly, setUpdateOnly] = useState(false);
  const [showLayout, setShowLayout] = useState(false);
  // The upload's state is the stage: pending is 'Processing Data', success the summary, error the refusal.
  const upload = useNoticeMutation(
    (csv: File) =>
      api.call(csvUploadApi.upload, { body: { csv, updateOnly: updateOnly ? 'true' : 'false' } }),
    { onSuccess: () => setFile(null) },
  );
  const { lines, failure } = refusal(upload.error);
  const done = upload.data?.data;
  const summary = done
    ? `${done.rows} rows: ${done.instances_created} instances created, ${done.instances_updated} updated, ${done.prices_saved} room prices saved.`
    : null;

  return (
    <Paper withBorder p="md" radius="md" maw={960} component="section" aria-labelledby="csv-uploader-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="csv-uploader-title">
            Bulk Tour Instance Uploader
          </Title>
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              onClick={() =>
                api
                  .call(csvUploadApi.template, { fallbackName: 'tour-instances-template.csv' })
                  .catch((e) => notifications.show({ color: 'red', title: 'Error', message: e.message }))
              }
            >
              Download template
            </Button>
            <Button
              variant="subtle"
              size="xs"
              onClick={() => setShowLayout((s) => !s)}
              aria-expanded={showLayout}
            >
              {showLayout ? 'Hide column layout' : 'Show column layout'}
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          One row per instance (and room price). Every row is checked first: if any row is wrong nothing is
          imported and each bad row is listed by its line number.
        </Text>
        <Collapse expanded={showLayout}>
          <Table striped withTableBorder fz="sm" aria-label="CSV column layout">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Column</Table.Th>
                <Table.Th>Required</Table.Th>
                <Table.Th>Content</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {CSV_COLUMNS.map((c) => (
                <Table.Tr key={c.name}>
                  <Table.Td ff="monospace">{c.name}</Table.Td>
                  <Table.Td>{c.required ? 'Yes' : ''}</Table.Td>
                  <Table.Td>{c.help}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Collapse>
        <Group align="flex-end" wrap="wrap" gap="md">
          <FileInput
            label="CSV file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            value={file}
            onChange={setFile}
            clearable
            w={{ base: '100%', sm: 340 }}
          />
          <Checkbox
            label="Check box for pricing update only"
            checked={updateOnly}
            onChange={(e) => setUpdateOnly(e.currentTarget.checked)}
            mb={8}
          />
          <Button onClick={() => file && upload.mutate(file)} disabled={!file || upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload'}
          </Button>
        </Group>
        {upload.isPending && (
          <Stack gap={4} aria-live="polite">
            <Text size="sm">Processing Data</Text>
            <Progress value={100} animated striped />
          </Stack>
        )}
        {upload.isSuccess && (
          <Alert color="green" title="Processed successfully" aria-live="polite">
            {summary}
          </Alert>
        )}
        {lines.length > 0 && (
          <Alert
            color="red"
            title={`${lines.length} row${lines.length === 1 ? '' : 's'} refused; nothing was imported`}
          >
            <List size="sm" spacing={2}>
              {lines.map((l) =>
                l.errors.map((e) => (
                  <List.Item key={`${l.line}-${e}`}>
                    <b>Line {l.line}:</b> {e}
                  </List.Item>
                )),
              )}
            </List>
          </Alert>
        )}
        {failure && (
          <Alert color="red" title={failure.message}>
            {failure.details.map((d) => (
              <Text size="sm" key={d}>
                {d}
              </Text>
            ))}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          Pricing update only changes base prices and room prices of instances that exist already.{' '}
          <Anchor size="xs" component="button" type="button" onClick={() => setShowLayout(true)}>
            See the columns
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}
