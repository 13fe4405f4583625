import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { customersMergingApi, type DuplicateGroupRow } from '../../../../shared/api/customers-merging';
import { pathTo } from '../../../../shared/routes';
import { api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { confirmAction } from '../../../ui/confirm';
import { EntityListPage, ListFilters } from '../../../ui/entity-list';
import { JobProgress } from '../../../ui/JobProgress';
import { useNoticeMutation } from '../../../ui/notice-mutation';
import { useCan } from '../../../ui/permissions';
import { DelayedSearchInput, useDelayedSearch } from '../../../ui/QuickSearch';
import type { ServerTableColumn } from '../../../ui/ServerTable';

/** Spec 2 §9: tables search after 1500 ms. */
const SEARCH_DELAY = 1500;

const SCRIPT_CONFIRM =
  'Merge every exact duplicate (same email, name and post code) into its oldest record? Their bookings, notes and requests move to that record. This cannot be undone.';

/** The group's link to its detail screen (the row's key is the route parameter). */
const detailLink = (row: DuplicateGroupRow) => pathTo('duplicate-customer-detail', { email: row.key });

function columns(
  runScript: ((email: string) => void) | null,
  running: boolean,
): ServerTableColumn<DuplicateGroupRow>[] {
  return [
    {
      accessor: 'email',
      title: 'Email',
      sortable: true,
      render: (r) => (
        <Stack gap={2}>
          <Anchor component={Link} to={detailLink(r)} size="sm" style={{ wordBreak: 'break-all' }}>
            {r.email}
          </Anchor>
          {r.likely_reason && (
            <Badge color="orange" variant="light" size="sm" w="fit-content">
              {r.likely_reason}
            </Badge>
          )}
        </Stack>
      ),
    },
    { accessor: 'names', title: 'Names', sortable: true },
    { accessor: 'postcodes', title: 'Post codes', sortable: true },
    { accessor: 'count', title: 'Count', sortable: true, textAlign: 'right', width: 80 },
    {
      accessor: 'actions',
      title: '',
      width: 300,
      render: (r) => (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button component={Link} to={detailLink(r)} size="compact-sm" variant="subtle">
            Review
          </Button>
          {runScript && r.kind === 'email' && (
            <Button
              size="compact-sm"
              variant="light"
              disabled={running || r.exact_duplicates === 0}
              title={
                r.exact_duplicates === 0
                  ? 'No exact duplicates: same email, but another name or post code'
                  : undefined
              }
              onClick={() => runScript(r.email)}
            >
              Run Duplicate Script
            </Button>
          )}
        </Group>
      ),
    },
  ];
}

/**
 * Duplicate customers (/customers/duplicate-customers, spec 2 §2, §7, §9; issue #14): the emails
 * held by more than one customer — and, beyond the legacy, likely duplicates with different emails
 * (same name and post code, or the same phone), marked with a badge — 25 per page, searchable by
 * email and post code. A row opens the group's detail; 'Run Duplicate Script' (role 1) merges that
 * email's exact duplicates; the top button merges every exact duplicate. Both run as a background
 * job whose progress and summary show above the table; the table reloads when it is done.
 */
export function DuplicateCustomersPage() {
  const email = useDelayedSearch(SEARCH_DELAY);
  const postcode = useDelayedSearch(SEARCH_DELAY);
  const mayMerge = useCan('customersMerging.merge');
  const queryClient = useQueryClient();
  const [job, setJob] = useState<{ id: number; label: string; done: boolean } | null>(null);

  const start = useNoticeMutation(
    (target: string | null) =>
      api.call(customersMergingApi.mergeScript, { body: target ? { email: target } : {} }),
    {
      onSuccess: (answer, target) =>
        setJob({
          id: answer.job_id,
          label: target ? `Merging the exact duplicates of ${target}` : 'Merging every exact duplicate',
          done: false,
        }),
    },
  );
  const running = start.isPending || (job !== null && !job.done);
  const runAll = async () => {
    if (await confirmAction(SCRIPT_CONFIRM, { title: 'Run Duplicate Script', confirmLabel: 'Merge' }))
      start.mutate(null);
  };
  const runOne = async (target: string) => {
    if (
      await confirmAction(
        `Merge the exact duplicates of ${target} (same name and post code) into the oldest record?`,
        { title: 'Run Duplicate Script', confirmLabel: 'Merge' },
      )
    )
      start.mutate(target);
  };

  return (
    <EntityListPage<DuplicateGroupRow>
      title="Duplicate customers"
      label="Duplicate customers"
      headerActions={
        mayMerge && (
          <Button onClick={runAll} disabled={running}>
            {start.isPending ? 'Starting...' : 'Run Duplicate Script'}
          </Button>
        )
      }
      endpoint={customersMergingApi.table}
      queryKey={keys.customersMerging.all}
      columns={columns(mayMerge ? runOne : null, running)}
      filters={{ email_search: email.search, pincode_search: postcode.search }}
      filterBar={
        <>
          {job && (
            <Paper
              withBorder
              p="sm"
              radius="md"
              mb="md"
              bg="gray.0"
              component="section"
              aria-label="Duplicate script"
            >
              <Stack gap="xs">
                <Text size="sm" fw={600}>
                  {job.label}
                </Text>
                <JobProgress
                  jobId={job.id}
                  label="Duplicate groups merged"
                  onDone={() => {
                    setJob((j) => (j ? { ...j, done: true } : j));
                    void queryClient.invalidateQueries({ queryKey: keys.customersMerging.all });
                    void queryClient.invalidateQueries({ queryKey: keys.customers.all });
                  }}
                />
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => setJob(null)}
                  style={{ alignSelf: 'flex-end' }}
                >
                  Close
                </Button>
              </Stack>
            </Paper>
          )}
          <ListFilters>
            <DelayedSearchInput
              box={email}
              label="Email"
              placeholder="Search by email"
              type="search"
              w={{ base: '100%', xs: 300 }}
            />
            <DelayedSearchInput
              box={postcode}
              label="Post code"
              placeholder="e.g. LS6 or LS6 2QT"
              w={{ base: '100%', xs: 200 }}
            />
            {(email.text || postcode.text) && (
              <Button
                variant="subtle"
                onClick={() => {
                  email.clear();
                  postcode.clear();
                }}
              >
                Clear
              </Button>
            )}
          </ListFilters>
        </>
      }
      pageSizes={[25, 50, 100]}
      emptyText="No duplicate customers found"
    />
  );
}
