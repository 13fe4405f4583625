import { Button, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type BankLineRow, bankStatementsApi } from '../../../shared/api/bank-statements';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDate, formatMoney } from '../../lib/format';
import { TYPEAHEAD_DELAY } from '../../ui/CustomerTypeahead';
import { Modal } from '../../ui/Modal';
import { QueryProblem } from '../../ui/QueryProblem';
import { useRecordLine } from './record-line';

/**
 * Record a line against a booking chosen by hand (issue #26): for a transfer whose reference names
 * no booking and whose suggestions are wrong. Staff type a booking reference or the customer's
 * surname, see the live bookings found (those owing first, with what each owes) and 'Use' one; the
 * whole line is recorded as one BACS payment through the same call as a match, so a payment beyond
 * what the booking owes asks the overpayment question first.
 */
export function ChooseBookingModal({ line, onClose }: { line: BankLineRow; onClose: () => void }) {
  const [q, setQ] = useState('');
  const [term] = useDebouncedValue(q.trim(), TYPEAHEAD_DELAY);
  const found = useQuery({
    queryKey: keys.bankStatements.sub(0, 'bookings', term),
    queryFn: ({ signal }) => api.call(bankStatementsApi.bookings, { query: { q: term }, signal }),
    enabled: term.length >= 2,
  });
  const record = useRecordLine(onClose);
  const bookings = found.data?.data ?? [];
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Record ${formatMoney(line.amount as string)} from ${line.payer || 'this line'} against a booking`}
      size="xl"
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Reference on the statement: {line.reference || '—'}
        </Text>
        <TextInput
          label="Booking reference or customer's surname"
          placeholder="HB100123 or Smith"
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          data-autofocus
        />
        {found.isError && <QueryProblem query={found} what="bookings" />}
        {term.length >= 2 && found.isFetching && !found.data && (
          <Text size="sm" c="dimmed">
            Searching...
          </Text>
        )}
        {found.data && bookings.length === 0 && (
          <Text size="sm">No live booking has that reference or a customer of that surname.</Text>
        )}
        {bookings.length > 0 && (
          <Table striped withTableBorder aria-label="Bookings found">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Booking</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Departure</Table.Th>
                <Table.Th ta="right">Owes</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bookings.map((b) => (
                <Table.Tr key={b.booking_id}>
                  <Table.Td>{b.booking_ref ?? `#${b.booking_id}`}</Table.Td>
                  <Table.Td>{b.name ?? ''}</Table.Td>
                  <Table.Td>{formatDate(b.departure_date)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(b.owed as string)}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="compact-sm"
                      variant="light"
                      disabled={record.isPending}
                      aria-label={`Record this line against ${b.booking_ref ?? b.booking_id}`}
                      onClick={() =>
                        record.mutate({
                          lineId: line.id,
                          allocations: [{ booking_id: b.booking_id, amount: line.amount as string }],
                        })
                      }
                    >
                      Use
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
