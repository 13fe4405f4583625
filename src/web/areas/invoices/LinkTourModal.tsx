import { Alert, Button, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import Decimal from 'decimal.js';
import { useState } from 'react';
import type { GroupPayment } from '../../../shared/api/group-payments';
import { groupsApi } from '../../../shared/api/groups';
import {
  INVOICE_MESSAGES,
  type InvoiceFor,
  type InvoiceRow,
  invoicesApi,
} from '../../../shared/api/invoices';
import { serviceTypesApi } from '../../../shared/api/service-types';
import { leftToLink, moreThan, sumAmounts } from '../../../shared/money-owed';
import { currencySymbol, moneyText } from '../../../shared/money-text';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { tourOptions, useTourList } from '../../api/tours';
import { formatDate } from '../../lib/format';
import { DateField, dateOf } from '../../ui/DateField';
import { NumberField, numberText } from '../../ui/form';
import { Modal } from '../../ui/Modal';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { QueryProblem } from '../../ui/QueryProblem';

interface Row {
  amount: string | number;
  service: string | null;
  estimate: string | null;
}

const isAmount = (s: string) => /^\d+(\.\d{1,2})?$/.test(s) && new Decimal(s).greaterThan(0);

/**
 * The Link Tour modal (spec 2 §2 'Link-tour modal', §4 'Left to link', §5): the invoice's Total and
 * Left to link; a tour must be chosen first, then the departure from / to filters; the tour's groups,
 * each with the invoice amount to assign, a service type and the estimate it covers (one of the
 * group's internal payments of this party without an invoice). Only complete rows (amount and service
 * type) are sent; Left to link never goes below 0 — the submit is disabled when the rows ask for more,
 * and the server refuses over-linking too.
 */
export function LinkTourModal({
  invoiceFor,
  partyId,
  invoice,
  onClose,
  onLinked,
}: {
  invoiceFor: InvoiceFor;
  partyId: number;
  invoice: InvoiceRow | null;
  onClose: () => void;
  onLinked: () => void;
}) {
  const [tour, setTour] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [rows, setRows] = useState<Record<number, Row>>({});
  const tours = useTourList();
  const services = useQuery({
    queryKey: keys.serviceTypes.list('all'),
    queryFn: ({ signal }) => api.call(serviceTypesApi.list, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
  // A typed date that cannot be read filters nothing (its field says why).
  const [fromDate, toDate] = [dateOf(from), dateOf(to)];
  const groups = useQuery({
    queryKey: keys.groups.list('link-tour', tour, fromDate, toDate),
    enabled: tour !== null && invoice !== null,
    queryFn: ({ signal }) =>
      api
        .call(groupsApi.ofTour, {
          params: { id: Number(tour) },
          query: {
            departureFromDate: fromDate ?? '',
            departureToDate: toDate ?? '',
            serviceEstimateCost: 'true',
          },
          signal,
        })
        .then((r) => r.data),
  });
  const currency = invoice?.currency_type ?? 'Sterling';
  const complete = Object.entries(rows).filter(([, r]) => isAmount(numberText(r.amount)) && r.service);
  const asked = complete.map(([, r]) => numberText(r.amount));
  const leftBefore = invoice ? invoice.left_to_link : '0.00';
  // The server's rule: the sum linked may not pass what is left to link.
  const over = moreThan(sumAmounts(asked), leftBefore);
  const leftAfter = leftToLink(String(leftBefore), asked);

  const reset = () => {
    setTour(null);
    setFrom(null);
    setTo(null);
    setRows({});
  };
  const link = useNoticeMutation(
    () =>
      api.call(invoicesApi.linkGroups, {
        body: {
          invoice_id: invoice?.id ?? 0,
          invoice_for: invoiceFor,
          invoice_for_id: partyId,
          selected_groups: complete.map(([groupId, r]) => ({
            group_id: Number(groupId),
            invoice_amount: numberText(r.amount),
            service_type: Number(r.service),
            selected_estimated_cost: r.estimate ? Number(r.estimate) : undefined,
          })),
        },
      }),
    {
      onSuccess: () => {
        reset();
        onLinked();
      },
    },
  );
  const setRow = (id: number, patch: Partial<Row>) =>
    setRows((old) => ({
      ...old,
      [id]: { ...(old[id] ?? { amount: '', service: null, estimate: null }), ...patch },
    }));
  const partyColumn = invoiceFor === 'supplier' ? 'group_supplier' : 'tour_manager';

  return (
    <Modal
      opened={invoice !== null}
      onClose={() => {
        reset();
        onClose();
      }}
      title={invoice ? `Link tour — invoice ${invoice.invoice_number}` : 'Link tour'}
      size="90rem"
      centered
    >
      {invoice && (
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="sm">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Total
              </Text>
              <Text size="lg">{moneyText(invoice.invoice_amount, currency)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Left to link
              </Text>
              <Text size="lg" fw={700} c={over ? 'red.8' : undefined}>
                {moneyText(leftAfter, currency)}
              </Text>
            </div>
          </SimpleGrid>
          <Group align="flex-end" grow>
            <Select
              label="Tour"
              placeholder="Choose a tour"
              searchable
              data={tourOptions(tours.data)}
              value={tour}
              onChange={(v) => {
                setTour(v);
                setRows({});
              }}
            />
            <DateField label="Departure from" value={from} onChange={(v) => setFrom(v)} disabled={!tour} />
            <DateField label="Departure to" value={to} onChange={(v) => setTo(v)} disabled={!tour} />
          </Group>
          {!tour && (
            <Text size="sm" c="dimmed">
              {INVOICE_MESSAGES.chooseTour}
            </Text>
          )}
          {groups.isError && <QueryProblem query={groups} what="groups" />}
          {tour && groups.data && (
            <Table.ScrollContainer minWidth={760}>
              <Table striped aria-label="Tour groups to link">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Departure</Table.Th>
                    <Table.Th>Invoice amount</Table.Th>
                    <Table.Th>Service type</Table.Th>
                    <Table.Th>Estimated cost</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {groups.data.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={4}>
                        <Text size="sm" c="dimmed">
                          No groups of this tour in those dates.
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {groups.data.map((g) => {
                    const r = rows[g.id];
                    const estimates = (g.internal_payments as GroupPayment[]).filter(
                      (p) => p[partyColumn]?.id === partyId && p.supplier_invoice === null,
                    );
                    return (
                      <Table.Tr key={g.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(g.start_date)}</Table.Td>
                        <Table.Td>
                          <NumberField
                            aria-label={`Invoice amount for ${formatDate(g.start_date)}`}
                            prefix={currencySymbol(currency)}
                            step={0.01}
                            thousandSeparator=","
                            value={r?.amount ?? ''}
                            onChange={(v) => setRow(g.id, { amount: v })}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Select
                            aria-label={`Service type for ${formatDate(g.start_date)}`}
                            placeholder="Service type"
                            data={(services.data ?? []).map((s) => ({
                              value: String(s.id),
                              label: s.service_name,
                            }))}
                            value={r?.service ?? null}
                            onChange={(v) => setRow(g.id, { service: v })}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Select
                            aria-label={`Estimated cost for ${formatDate(g.start_date)}`}
                            placeholder={estimates.length ? 'New payment' : 'No estimate'}
                            clearable
                            disabled={estimates.length === 0}
                            data={estimates.map((p) => ({
                              value: String(p.tour_group_payment_id),
                              label: `${p.service_name ?? 'Estimate'}: ${moneyText(p.estimated_cost ?? '0', p.currency_type)}${
                                p.per_person_basis ? ' pp' : ''
                              }`,
                            }))}
                            value={r?.estimate ?? null}
                            onChange={(v) => setRow(g.id, { estimate: v })}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {over && (
            <Alert color="red" variant="light">
              {INVOICE_MESSAGES.overLink(String(leftBefore))}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={() => link.mutate()} disabled={complete.length === 0 || over || link.isPending}>
              {link.isPending ? 'Linking...' : 'Submit'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
