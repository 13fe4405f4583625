import { Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { bookingRequestsApi, type Referral } from '../../../../shared/api/booking-requests';
import { pathTo } from '../../../../shared/routes';
import { api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { formatDate } from '../../../lib/format';
import { confirmDelete } from '../../../ui/confirm';
import { useNoticeMutation } from '../../../ui/notice-mutation';
import { Can, useCan } from '../../../ui/permissions';
import { QueryProblem } from '../../../ui/QueryProblem';
import { useCustomerReferrals } from '../customer-api';
import { RecordReferralModal } from './RecordReferralModal';

function ReferralTable({
  rows,
  label,
  empty,
  other,
  onRemove,
}: {
  rows: Referral[];
  label: string;
  empty: string;
  /** The column naming the other customer: the referrer, or the customer referred. */
  other: 'referrer' | 'customer';
  onRemove: ((r: Referral) => void) | null;
}) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed" py="xs">
        {empty}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{other === 'referrer' ? 'Referred by' : 'Customer referred'}</Table.Th>
            <Table.Th>Booking</Table.Th>
            <Table.Th>Departure date</Table.Th>
            <Table.Th>Recorded</Table.Th>
            {onRemove && <Table.Th w={90} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const id = other === 'referrer' ? r.referrer_id : r.customer_id;
            return (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Anchor component={Link} to={pathTo('customer-edit', { id })} size="sm">
                    {other === 'referrer' ? r.referrer_name : r.customer_name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={pathTo('booking-edit', { id: r.booking_id })} size="sm">
                    {r.booking_ref ?? `#${r.booking_id}`}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDate(r.departure_date)}</Table.Td>
                <Table.Td>{formatDate(r.created_at)}</Table.Td>
                {onRemove && (
                  <Table.Td>
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => onRemove(r)}>
                      Remove
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The customer's referrals (spec 2 §7 booking requests; our design, docs/spec-drift.md): 'Referred
 * by' — who referred this customer, per booking — and 'Referrals' — customers this one referred.
 * 'Record referral' and 'Remove' are role 1.
 */
export function ReferralsPanel({ customerId }: { customerId: number }) {
  const queryClient = useQueryClient();
  const query = useCustomerReferrals(customerId);
  const [opened, { open, close }] = useDisclosure(false);
  const mayRemove = useCan('bookingRequests.delete');
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: keys.customers.all });
    void queryClient.invalidateQueries({ queryKey: keys.bookingRequests.all });
  };
  const remove = useNoticeMutation(
    (r: Referral) => api.call(bookingRequestsApi.delete, { params: { id: r.id } }),
    { onSuccess: reload },
  );
  const askRemove = async (r: Referral) => {
    if (
      await confirmDelete(`Remove this referral (${r.referrer_name} referred ${r.customer_name})?`, 'Remove')
    )
      remove.mutate(r);
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label="Referrals">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
        <Title order={2} size="h4">
          Referrals
        </Title>
        <Can permission="bookingRequests.create">
          <Button variant="light" onClick={open}>
            Record referral
          </Button>
        </Can>
      </Group>
      {query.isPending ? (
        <Group gap="xs" py="sm">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
        </Group>
      ) : query.isError ? (
        <QueryProblem query={query} />
      ) : (
        <Stack gap="lg">
          <div>
            <Title order={3} size="h5" mb="xs">
              Referred by
            </Title>
            <ReferralTable
              rows={query.data.referred_by}
              label="Referred by"
              empty="Nobody is recorded as having referred this customer."
              other="referrer"
              onRemove={mayRemove ? askRemove : null}
            />
          </div>
          <div>
            <Title order={3} size="h5" mb="xs">
              Customers referred
            </Title>
            <ReferralTable
              rows={query.data.referrals}
              label="Customers referred"
              empty="This customer has not referred anyone yet."
              other="customer"
              onRemove={mayRemove ? askRemove : null}
            />
          </div>
        </Stack>
      )}
      {opened && (
        <RecordReferralModal
          customerId={customerId}
          opened={opened}
          onClose={close}
          onDone={() => {
            close();
            reload();
          }}
        />
      )}
    </Paper>
  );
}
