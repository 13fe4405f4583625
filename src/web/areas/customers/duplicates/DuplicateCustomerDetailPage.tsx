import { Alert, Badge, Button, Group, Loader, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import {
  customersMergingApi,
  type DuplicateCustomer,
  ONE_MAIN_USER_MESSAGE,
} from '../../../../shared/api/customers-merging';
import { api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { confirmAction } from '../../../ui/confirm';
import { useNoticeMutation } from '../../../ui/notice-mutation';
import { PageHeader } from '../../../ui/PageHeader';
import { useCan } from '../../../ui/permissions';
import { QueryProblem } from '../../../ui/QueryProblem';
import { customerRecordLabel } from '../customer-label';
import { DuplicateCard } from './DuplicateCard';

/** Spec 2 §4, §9: the list reloads 500 ms after a merge. */
const RELOAD_AFTER_MERGE_MS = 500;

/**
 * Duplicate customer detail (/customers/duplicate-customer-detail/{email}, spec 2 §2, §4 merge
 * flow, §5, §9): 'Total Records : n', Select All, a card per customer; once two or more are
 * selected, 'Merge Customers' and a 'Mark as Main User' switch on each selected card (one at most:
 * 'Can only select one Main User'; none → the oldest is kept). After a merge the selection clears
 * and the list reloads after 500 ms. The parameter is an email, or a likely-duplicate key (same
 * name and post code, same phone) from the duplicate table. Merging is role 1.
 */
export function DuplicateCustomerDetailPage() {
  const key = useParams().email ?? '';
  const mayMerge = useCan('customersMerging.merge');
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: keys.customersMerging.one(key),
    queryFn: ({ signal }) => api.call(customersMergingApi.record, { body: { email: key }, signal }),
    enabled: key !== '',
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [main, setMain] = useState<number | null>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const customers = query.data?.data ?? [];
  const merging = selected.length > 1;

  const merge = useNoticeMutation(
    () =>
      api.call(customersMergingApi.merge, {
        body: { selected_customer_ids: selected, selected_main_customer: main ?? undefined },
      }),
    {
      onSuccess: () => {
        setSelected([]);
        setMain(null);
        void queryClient.invalidateQueries({ queryKey: keys.customers.all });
        reloadTimer.current = setTimeout(() => {
          void queryClient.invalidateQueries({ queryKey: keys.customersMerging.all });
        }, RELOAD_AFTER_MERGE_MS);
      },
      // Someone else merged meanwhile (409): the list is out of date, so reload it now.
      onError: () => void query.refetch(),
    },
  );

  const toggle = (id: number, on: boolean) => {
    setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
    if (!on && main === id) setMain(null);
  };
  const markMain = (id: number, on: boolean) => {
    if (on && main !== null && main !== id) {
      notifications.show({ color: 'red', message: ONE_MAIN_USER_MESSAGE });
      return;
    }
    setMain(on ? id : null);
  };
  const allSelected = customers.length > 0 && selected.length === customers.length;
  const askMerge = async () => {
    const chosen = customers.filter((c) => selected.includes(c.id));
    const keep = customers.find((c) => c.id === main) ?? oldest(chosen);
    if (!keep) return;
    // Issue #22: two identical records are told apart by id, created date and bookings.
    const label = (c: DuplicateCustomer) => customerRecordLabel({ ...c, bookings: c.total_bookings });
    const others = chosen.filter((c) => c.id !== keep.id);
    const message = `Keep ${label(keep)}${main === null ? ' (the oldest record, as no main user is marked)' : ''}. Merge into it: ${others
      .map(label)
      .join(
        '; ',
      )}. Their bookings, notes and requests move to the kept record and the others are removed. This cannot be undone.`;
    if (await confirmAction(message, { title: 'Merge Customers', confirmLabel: 'Merge' })) merge.mutate();
  };

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            <span>Duplicate customer</span>
            {query.data?.likely_reason && (
              <Badge color="orange" variant="light" size="lg" component="span">
                {query.data.likely_reason}
              </Badge>
            )}
          </Group>
        }
        actions={
          mayMerge &&
          merging && (
            <Button onClick={askMerge} disabled={merge.isPending}>
              {merge.isPending ? 'Merging...' : 'Merge Customers'}
            </Button>
          )
        }
      />
      <Text c="dimmed" size="sm" mb="md" style={{ wordBreak: 'break-all' }}>
        {query.data?.kind === 'email' || !query.data ? key : groupLabel(customers)}
      </Text>
      {query.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Loading…</Text>
        </Group>
      ) : query.isError ? (
        <QueryProblem query={query} what="duplicate customers" />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600}>Total Records : {customers.length}</Text>
            {mayMerge && customers.length > 1 && (
              <Switch
                label="Select All"
                checked={allSelected}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setSelected(on ? customers.map((c) => c.id) : []);
                  if (!on) setMain(null);
                }}
              />
            )}
          </Group>
          {customers.length < 2 && (
            <Alert color="green" variant="light">
              {customers.length === 1
                ? 'Only one record is left: nothing more to merge here.'
                : 'No customers are left in this group.'}
            </Alert>
          )}
          {mayMerge && merging && (
            <Text size="sm" c="dimmed">
              {main === null
                ? 'No main user marked: the oldest selected record is kept.'
                : 'The marked main user is kept; the others are merged into it.'}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {customers.map((c) => (
              <DuplicateCard
                key={c.id}
                customer={c}
                selectable={mayMerge}
                selected={selected.includes(c.id)}
                onSelect={(on) => toggle(c.id, on)}
                showMain={mayMerge && merging && selected.includes(c.id)}
                isMain={main === c.id}
                onMain={(on) => markMain(c.id, on)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}

/** The oldest of the records (created first), the one kept when no main user is marked. */
function oldest(list: DuplicateCustomer[]) {
  return [...list].sort(
    (a, b) => Date.parse(String(a.created_at)) - Date.parse(String(b.created_at)) || a.id - b.id,
  )[0];
}

/** What a likely group has in common, for the line under the title. */
function groupLabel(list: DuplicateCustomer[]) {
  const names = [...new Set(list.map((c) => c.full_name))].join(', ');
  const postcodes = [...new Set(list.map((c) => c.postcode).filter(Boolean))].join(', ');
  return [names, postcodes].filter(Boolean).join(' — ');
}
