import { Alert, Button, Code, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type BackupType, backupsApi, SELECT_FOLDER_MESSAGE, sizeText } from '../../../shared/api/backups';
import type { JobAnswer } from '../../../shared/api/jobs';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { JobProgress } from '../../ui/JobProgress';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { QueryProblem } from '../../ui/QueryProblem';
import { BackupsTable } from './BackupsTable';
import { useBackups } from './queries';
import { RetentionPanel } from './RetentionPanel';

/** Spec 2 §4 / §9: the backup success message shows for 3000 ms. */
const SUCCESS_MS = 3000;

/**
 * DB Backups (/backups-managemenet, spec 2 §2 Backups): storage used, the folder switches, 'Generate
 * Backup' (a zip of the chosen folders; 'Please select any one option' when none, and nothing is
 * sent) and 'Generate Database Backup'. Each starts a job whose progress shows here while other
 * work goes on; when it is done the list reloads and the success message shows for 3 seconds.
 * Then the backups: name, size, date, Download, Delete; below, how long print copies, group
 * documents and backups are kept. Role 1 only (the server refuses others).
 */
export function BackupsPage() {
  const mayManage = useCan('backups.manage');
  return (
    <>
      <PageHeader title="DB Backups" />
      {mayManage ? (
        <BackupsManager />
      ) : (
        <Alert color="yellow" maw={700}>
          Only an admin can make, download or delete backups.
        </Alert>
      )}
    </>
  );
}

function BackupsManager() {
  const queryClient = useQueryClient();
  const list = useBackups();
  const [chosen, setChosen] = useState<string[]>([]);
  const [job, setJob] = useState<{ id: number; type: BackupType; failed?: boolean } | null>(null);
  const [starting, setStarting] = useState<BackupType | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(null), SUCCESS_MS);
    return () => clearTimeout(t);
  }, [success]);

  const start = async (type: BackupType) => {
    setProblem(null);
    setSuccess(null);
    if (type === 'project' && chosen.length === 0) {
      setProblem(SELECT_FOLDER_MESSAGE);
      return;
    }
    setStarting(type);
    try {
      const answer = await api.call(backupsApi.create, {
        body: { backup_type: type, selected_option: type, backup_folders: type === 'project' ? chosen : [] },
      });
      setJob({ id: answer.job_id, type });
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setStarting(null);
    }
  };

  const finished = (done: JobAnswer) => {
    void queryClient.invalidateQueries({ queryKey: keys.backups.all });
    if (done.status === 'done') {
      const summary = (done.result as { summary?: string } | null)?.summary;
      setSuccess(summary ?? 'Backup created successfully.');
      setJob(null);
    } else {
      setJob((j) => (j ? { ...j, failed: true } : j));
      notifications.show({ color: 'red', title: 'Backup failed', message: done.error ?? 'Unknown error' });
    }
  };

  const data = list.data;
  const running = job !== null && !job.failed;
  return (
    <Stack gap="lg" maw={1100}>
      {list.isError && <QueryProblem query={list} what="backups" />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="backup-storage">
          <Title order={2} size="h4" id="backup-storage" mb="xs">
            Storage
          </Title>
          <Text size="sm">
            Backups use <strong>{data ? sizeText(data.storage_size) : '…'}</strong>
            {data ? ` in ${data.data.length} file${data.data.length === 1 ? '' : 's'}` : ''}.
          </Text>
          {data?.disk_free != null && (
            <Text size="sm" c="dimmed">
              {sizeText(data.disk_free)} free on the server's disk.
            </Text>
          )}
          <Text size="sm" mt="sm">
            A database backup holds every record. It is restored into an empty database with{' '}
            <Code>npm run restore -- FILE</Code> (see the README); a project backup is a zip of the folders
            chosen on the right.
          </Text>
          <Group mt="md" gap="sm">
            <Button onClick={() => start('database')} loading={starting === 'database'} disabled={running}>
              Generate Database Backup
            </Button>
          </Group>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="backup-folders">
          <Title order={2} size="h4" id="backup-folders" mb="xs">
            Folders for a project backup
          </Title>
          <Stack gap={6}>
            {(data?.folders ?? []).map((f) => (
              <Switch
                key={f.name}
                label={
                  <span>
                    {f.label}{' '}
                    <Text span size="xs" c="dimmed">
                      ({f.name}, {sizeText(f.size)})
                    </Text>
                  </span>
                }
                checked={chosen.includes(f.name)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setProblem(null);
                  setChosen((c) => (on ? [...c, f.name] : c.filter((x) => x !== f.name)));
                }}
              />
            ))}
          </Stack>
          <Group mt="md" gap="sm">
            <Button
              variant="default"
              onClick={() => start('project')}
              loading={starting === 'project'}
              disabled={running}
            >
              Generate Backup
            </Button>
          </Group>
        </Paper>
      </SimpleGrid>
      {problem && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {job && (
        <Paper withBorder p="md" radius="md">
          <JobProgress
            jobId={job.id}
            label={job.type === 'database' ? 'Database backup' : 'Project backup'}
            onDone={finished}
            showResult={false}
          />
          {job.failed && (
            <Group justify="flex-end" mt="xs">
              <Button variant="subtle" size="xs" onClick={() => setJob(null)}>
                Dismiss
              </Button>
            </Group>
          )}
        </Paper>
      )}
      {success && (
        <Alert color="green" role="status">
          {success}
        </Alert>
      )}
      <BackupsTable backups={data?.data} loading={list.isPending} />
      <RetentionPanel />
    </Stack>
  );
}
