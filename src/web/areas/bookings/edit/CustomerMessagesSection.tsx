import { Badge, Box, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import {
  type BookingCustomerMessages,
  CUSTOMER_MESSAGE_KIND_LABELS,
  type CustomerMessage,
  customerMessagesApi,
} from '../../../../shared/api/customer-messages';
import { api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { formatDateTime } from '../../../lib/format';
import { useNoticeMutation } from '../../../ui/notice-mutation';
import { useCan } from '../../../ui/permissions';
import { QueryProblem } from '../../../ui/QueryProblem';
import { Section } from '../../../ui/Section';
import { SectionEmpty } from './section-kit';

/** New messages may arrive while the screen is open: the list is read again this often. */
const REFRESH_MS = 60_000;

/** GET bookings/{id}/customer-messages under `keys.customerMessages.list(id)`, read again every minute. */
export function useCustomerMessages(bookingId: number) {
  return useQuery({
    queryKey: keys.customerMessages.list(bookingId),
    queryFn: ({ signal }) => api.call(customerMessagesApi.list, { params: { id: bookingId }, signal }),
    refetchInterval: REFRESH_MS,
  });
}

/**
 * Whether the customer's section goes near the top of the booking screen: decided by the first
 * answer (unread messages: yes) and then kept for the visit, so marking them read does not move the
 * section from under the pointer. Null until the first answer.
 */
export function useMessagesFirst(data: BookingCustomerMessages | undefined): boolean | null {
  const first = useRef<boolean | null>(null);
  if (first.current === null && data) first.current = data.unread > 0;
  return first.current;
}

/**
 * "From the customer" (issue #23): what the customer sent or did on "Manage my booking", newest
 * first — unread ones in bold with a New badge and 'Mark as read', 'Mark all as read' for what the
 * screen shows (later arrivals stay unread). Open when something is unread; the title says how many.
 * Marking reloads the list and the Dashboard's figures.
 */
export function CustomerMessagesSection({
  bookingId,
  query,
}: {
  bookingId: number;
  query: ReturnType<typeof useCustomerMessages>;
}) {
  const data = query.data;
  const unread = data?.unread ?? 0;
  const canMark = useCan('customerMessages.read');
  const qc = useQueryClient();
  const reload = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: keys.customerMessages.all }),
      qc.invalidateQueries({ queryKey: keys.dashboard.all }),
    ]);
  const markAll = useNoticeMutation(
    (lastId: number) =>
      api.call(customerMessagesApi.markAllRead, { params: { id: bookingId }, body: { last_id: lastId } }),
    { onSuccess: reload },
  );
  const newest = data?.data[0];
  return (
    <Section
      title="From the customer"
      defaultOpen={unread > 0}
      meta={
        data && (
          <Group gap={6}>
            {unread > 0 && (
              <Badge color="red" variant="filled" radius="sm" size="sm">
                {unread} new
              </Badge>
            )}
            <Badge variant="light" color="gray" radius="sm" size="sm">
              {data.total}
            </Badge>
          </Group>
        )
      }
      actions={
        canMark &&
        unread > 0 &&
        newest && (
          <Button
            size="compact-sm"
            variant="light"
            loading={markAll.isPending}
            onClick={() => markAll.mutate(newest.id)}
          >
            Mark all as read
          </Button>
        )
      }
    >
      {query.isError ? (
        <QueryProblem query={query} what="customer's messages" />
      ) : !data ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the customer's messages">
          <Skeleton h={18} w="40%" />
          <Skeleton h={18} />
        </Stack>
      ) : data.data.length === 0 ? (
        <SectionEmpty>No messages from the customer.</SectionEmpty>
      ) : (
        <>
          <Stack
            gap={0}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            aria-label="Messages from the customer"
          >
            {data.data.map((m) => (
              <MessageRow key={m.id} m={m} canMark={canMark} onMarked={reload} />
            ))}
          </Stack>
          {data.total > data.data.length && (
            <Text size="xs" c="dimmed" pt="xs">
              The newest {data.data.length} of {data.total} are shown.
            </Text>
          )}
        </>
      )}
    </Section>
  );
}

/** One message or update: badges and time on top, the text under them, its read state on the right. */
function MessageRow({
  m,
  canMark,
  onMarked,
}: {
  m: CustomerMessage;
  canMark: boolean;
  onMarked: () => unknown;
}) {
  const unread = m.read_at === null;
  const mark = useNoticeMutation(() => api.call(customerMessagesApi.markRead, { params: { id: m.id } }), {
    onSuccess: onMarked,
  });
  return (
    <Box
      component="li"
      py="sm"
      px="sm"
      style={{
        borderTop: '1px solid var(--mantine-color-gray-2)',
        borderLeft: `3px solid ${unread ? 'var(--mantine-color-blue-6)' : 'transparent'}`,
        background: unread ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={8}>
            {unread && (
              <Badge color="blue" variant="filled" size="sm" radius="sm">
                New
              </Badge>
            )}
            <Badge color={m.kind === 'message' ? 'indigo' : 'gray'} variant="light" size="sm" radius="sm">
              {CUSTOMER_MESSAGE_KIND_LABELS[m.kind]}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatDateTime(m.created_at)}
            </Text>
          </Group>
          <Text
            size="sm"
            fw={unread ? 700 : 400}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {m.body}
          </Text>
        </Stack>
        {unread ? (
          canMark && (
            <Button
              size="compact-sm"
              variant="default"
              loading={mark.isPending}
              onClick={() => mark.mutate()}
            >
              Mark as read
            </Button>
          )
        ) : (
          <Text size="xs" c="dimmed" ta="right" style={{ whiteSpace: 'nowrap' }}>
            Read{m.read_by_name ? ` by ${m.read_by_name}` : ''}
            <br />
            {formatDateTime(m.read_at)}
          </Text>
        )}
      </Group>
    </Box>
  );
}
