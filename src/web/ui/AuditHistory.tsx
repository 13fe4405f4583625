import { Badge, List, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type AuditRowAnswer, auditApi } from '../../shared/api/invoices';
import { api } from '../api/client';
import { keys } from '../api/query-keys';
import { formatDate, formatDateTime } from '../lib/format';
import { QueryProblem } from './QueryProblem';
import { Section } from './Section';

/** What the history calls each audited entity. */
const ENTITY_LABEL: Record<string, string> = {
  party_invoice: 'Invoice',
  invoice_payment: 'Payment',
  tour_group_payment: 'Group payment',
  advertisement: 'Advertisement',
  advertisement_product: 'Product',
};

const ACTION_COLOR = { created: 'green', updated: 'blue', deleted: 'red' } as const;

/** 'invoice_amount' → 'Invoice amount'. */
const fieldLabel = (field: string) => {
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A value as the history shows it: dates DD/MM/YYYY, yes/no, '—' for nothing. */
export function auditValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * A record's audit history (issue #13: 'every change written to a per-entity audit history — who,
 * when, which fields from what to what — visible on the screen'): a collapsible 'History' section,
 * newest first. Either one record (`entity` + `id`, e.g. `entity="advertisement"`) or everything
 * under a screen (`scope` + `id`, e.g. `scope="supplier"`). Loads only once opened is not needed:
 * the list is small (at most 500 rows).
 */
export function AuditHistory(
  props:
    | { entity: string; id: number; scope?: undefined; title?: string }
    | {
        scope: 'supplier' | 'tour_manager' | 'affiliate' | 'tour_group';
        id: number;
        entity?: undefined;
        title?: string;
      },
) {
  const key = props.scope
    ? keys.audit.list('scope', props.scope, props.id)
    : keys.audit.list(props.entity, props.id);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      props.scope
        ? api.call(auditApi.scope, { params: { scope: props.scope, id: props.id }, signal })
        : api.call(auditApi.history, { params: { entity: props.entity as string, id: props.id }, signal }),
  });
  const rows: AuditRowAnswer[] = query.data?.data ?? [];
  return (
    <Section
      title={props.title ?? 'History'}
      defaultOpen={false}
      meta={
        <Text size="sm" c="dimmed">
          {query.data ? `${rows.length} change${rows.length === 1 ? '' : 's'}` : ''}
        </Text>
      }
    >
      {query.isError && <QueryProblem query={query} what="history" mb="sm" />}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {query.isLoading ? 'Loading…' : 'No changes recorded yet.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" aria-label={props.title ?? 'History'}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Changes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.created_at)}</Table.Td>
                  <Table.Td>{r.user_name ?? '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {ENTITY_LABEL[r.entity] ?? fieldLabel(r.entity)} #{r.entity_id}{' '}
                    <Badge size="sm" variant="light" color={ACTION_COLOR[r.action]}>
                      {r.action}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <List size="sm" listStyleType="none" spacing={2}>
                      {r.changes.map((c) => (
                        <List.Item key={c.field}>
                          <Text span fw={500} size="sm">
                            {fieldLabel(c.field)}:
                          </Text>{' '}
                          {r.action === 'created'
                            ? auditValue(c.to)
                            : r.action === 'deleted'
                              ? auditValue(c.from)
                              : `${auditValue(c.from)} → ${auditValue(c.to)}`}
                        </List.Item>
                      ))}
                    </List>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
