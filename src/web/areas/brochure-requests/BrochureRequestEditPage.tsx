import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  type BrochureRequestRow,
  brochureRequestListApi,
  CREATE_CUSTOMER_WARNING,
} from '../../../shared/api/brochure-requests';
import type { CustomerRow } from '../../../shared/api/customers';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDate, formatDateTime } from '../../lib/format';
import { confirmAction } from '../../ui/confirm';
import { EntityLoader } from '../../ui/EntityLoader';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { PageHeader } from '../../ui/PageHeader';
import { Can } from '../../ui/permissions';
import { CustomerPickerModal } from './CustomerPickerModal';
import { useBrochureRequest } from './queries';

/** One label and its value in the details grid. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </div>
  );
}

/**
 * A brochure request (/brochure-requests/edit/{id}, spec 2 §2, spec 3 §2): its details read-only,
 * and while no customer is linked, 'Create Customer From Requester' (role 1; warns to check for an
 * existing customer first) and 'Link Customer' (a customer picker, then a confirmation). Once a
 * customer is linked both give way to a link to that customer (spec 2 §4).
 */
export function BrochureRequestEditPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const [pickerOpened, picker] = useDisclosure(false);
  const query = useBrochureRequest(id);
  const reload = () => queryClient.invalidateQueries({ queryKey: keys.brochureRequests.all });

  const createCustomer = useNoticeMutation(
    () => api.call(brochureRequestListApi.createCustomer, { params: { id } }),
    { onSuccess: reload },
  );
  const link = useNoticeMutation(
    (customer: CustomerRow) =>
      api.call(brochureRequestListApi.linkCustomer, { params: { id }, body: { customer_id: customer.id } }),
    { onSuccess: reload },
  );

  const askCreate = async () => {
    if (
      await confirmAction(CREATE_CUSTOMER_WARNING, {
        title: 'Create customer',
        confirmLabel: 'Create customer',
      })
    )
      createCustomer.mutate();
  };
  const pick = async (customer: CustomerRow, request: BrochureRequestRow) => {
    picker.close();
    const who = `${customer.full_name}${customer.postcode ? ` (${customer.postcode})` : ''}`;
    if (
      await confirmAction(
        `Link this brochure request from ${request.brochure_requester_name || 'the requester'} to the customer ${who}?`,
        { title: 'Link customer', confirmLabel: 'Link customer' },
      )
    )
      link.mutate(customer);
  };

  return (
    <EntityLoader query={query} label="brochure request">
      {(r) => {
        const q = r.brochure_requester;
        const address = [q.street_address, q.address_line_2, q.town, q.county, q.postcode].filter(Boolean);
        return (
          <>
            <PageHeader
              title={`Brochure request #${r.id}`}
              actions={
                r.customer ? undefined : (
                  <>
                    <Can permission="brochureRequests.createCustomer">
                      <Button variant="default" onClick={askCreate} loading={createCustomer.isPending}>
                        Create Customer From Requester
                      </Button>
                    </Can>
                    <Can permission="brochureRequests.linkCustomer">
                      <Button onClick={picker.open} loading={link.isPending}>
                        Link Customer
                      </Button>
                    </Can>
                  </>
                )
              }
            />
            <Stack gap="lg" maw={900}>
              <Paper withBorder p="md" radius="md" component="section" aria-labelledby="request-title">
                <Group justify="space-between" mb="sm">
                  <Title order={2} size="h4" id="request-title">
                    Request
                  </Title>
                  {r.sent ? (
                    <Badge color="green" variant="light">
                      Sent
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      Not sent yet
                    </Badge>
                  )}
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                  <Detail label="Brochure">{r.brochures_names}</Detail>
                  <Detail label="Quantity">{r.qty}</Detail>
                  <Detail label="Requested">{formatDateTime(r.created_at)}</Detail>
                  <Detail label="Batch">{r.batch_id}</Detail>
                  <Detail label="Affiliate">{q.affiliate?.name}</Detail>
                </SimpleGrid>
              </Paper>
              <Paper withBorder p="md" radius="md" component="section" aria-labelledby="requester-title">
                <Title order={2} size="h4" id="requester-title" mb="sm">
                  Requester
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                  <Detail label="Name">{r.brochure_requester_name}</Detail>
                  <Detail label="Email">{q.email}</Detail>
                  <Detail label="Address">
                    {address.map((line) => (
                      <div key={line}>{line}</div>
                    ))}
                  </Detail>
                </SimpleGrid>
              </Paper>
              <Paper withBorder p="md" radius="md" component="section" aria-labelledby="customer-title">
                <Title order={2} size="h4" id="customer-title" mb="sm">
                  Customer
                </Title>
                {r.customer ? (
                  <Text size="sm">
                    Linked to{' '}
                    <Anchor component={Link} to={pathTo('customer-edit', { id: r.customer.id })}>
                      {r.customer_name}
                    </Anchor>
                    .
                  </Text>
                ) : (
                  <Alert color="yellow" variant="light">
                    No customer is linked to this request yet (requested on {formatDate(r.created_at)}). Check
                    the customers list for this requester before creating a new customer.
                  </Alert>
                )}
              </Paper>
            </Stack>
            <CustomerPickerModal
              opened={pickerOpened}
              onClose={picker.close}
              onPick={(c) => pick(c, r)}
              initialSearch={r.brochure_requester.last_name ?? undefined}
            />
          </>
        );
      }}
    </EntityLoader>
  );
}
