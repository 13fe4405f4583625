import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { BrochureRequestRow } from '../../../shared/api/brochure-requests';
import { pathTo } from '../../../shared/routes';
import { formatDate } from '../../lib/format';
import type { ServerTableColumn } from '../../ui/ServerTable';

/**
 * The columns a brochure request shows in the list and in the customers list's lookup: when it was
 * asked for, the brochure and quantity, the requester (name and post code), the customer (linked
 * to customer-edit, spec 2 §2), sent and batch. None sortable: the table is unordered (spec 3 §9).
 */
export function brochureRequestColumns(): ServerTableColumn<BrochureRequestRow>[] {
  return [
    { accessor: 'created_at', title: 'Requested', noWrap: true, render: (r) => formatDate(r.created_at) },
    {
      accessor: 'brochures_names',
      title: 'Brochure',
      render: (r) => (
        <span>
          {r.brochures_names}
          {r.qty > 1 ? ` × ${r.qty}` : ''}
        </span>
      ),
    },
    {
      accessor: 'brochure_requester_name',
      title: 'Requester',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.brochure_requester_name || '—'}</Text>
          {r.brochure_requester.postcode && (
            <Text size="xs" c="dimmed">
              {[r.brochure_requester.town, r.brochure_requester.postcode].filter(Boolean).join(', ')}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'customer_name',
      title: 'Customer',
      render: (r) =>
        r.customer ? (
          <Anchor component={Link} to={pathTo('customer-edit', { id: r.customer.id })} size="sm">
            {r.customer_name}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            Not linked
          </Text>
        ),
    },
    {
      accessor: 'sent',
      title: 'Sent',
      render: (r) =>
        r.sent ? (
          <Badge color="green" variant="light">
            Sent
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            New
          </Badge>
        ),
    },
    { accessor: 'batch_id', title: 'Batch', noWrap: true, render: (r) => r.batch_id ?? '' },
  ];
}
