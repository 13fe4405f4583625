import { ActionIcon, Button, FileInput, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import Decimal from 'decimal.js';
import { money } from '../../../../shared/booking-totals';
import { formatMoney } from '../../../lib/format';
import { DateField } from '../../../ui/DateField';
import { MoneyInput } from '../../../ui/form';
import { amountText } from './booking-view';
import { downloadAirlineInvoice } from './TourLineCard';
import { type CostRow, isAmount, type LineValues, newKey } from './tour-line-form';

/**
 * The airline costs of a tour line being edited (spec 1 §3 airline_cost list, §5): rows of airline
 * ref, flight cost, booked date and a PDF invoice, added and removed; a saved invoice can be
 * downloaded until a new file replaces it. The total is summed with decimal.js.
 */
export function AirlineCostsEditor({ form }: { form: UseFormReturnType<LineValues> }) {
  const v = form.getValues();
  const flightCosts = v.airline_cost.reduce(
    (sum, r) => (isAmount(r.flight_cost) ? sum.plus(amountText(r.flight_cost)) : sum),
    new Decimal(0),
  );
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Airline costs{' '}
          <Text span c="dimmed" size="xs">
            total {formatMoney(money(flightCosts))}
          </Text>
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() =>
            form.insertListItem('airline_cost', {
              key: newKey(),
              id: null,
              airline_ref: form.getValues().airline_ref,
              flight_cost: '',
              booked_date: null,
              airline_invoice: null,
              file: null,
            } satisfies CostRow)
          }
        >
          Add airline cost
        </Button>
      </Group>
      {v.airline_cost.length === 0 ? (
        <Text size="sm" c="dimmed">
          No airline costs recorded.
        </Text>
      ) : (
        <Table withTableBorder verticalSpacing={6} aria-label="Airline costs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Airline ref</Table.Th>
              <Table.Th w={150}>Flight cost</Table.Th>
              <Table.Th w={160}>Booked date</Table.Th>
              <Table.Th>Invoice (PDF)</Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {v.airline_cost.map((row, n) => (
              <Table.Tr key={row.key}>
                <Table.Td>
                  <TextInput
                    aria-label={`Airline ref ${n + 1}`}
                    maxLength={50}
                    {...form.getInputProps(`airline_cost.${n}.airline_ref`)}
                  />
                </Table.Td>
                <Table.Td>
                  <MoneyInput
                    aria-label={`Flight cost ${n + 1}`}
                    {...form.getInputProps(`airline_cost.${n}.flight_cost`)}
                  />
                </Table.Td>
                <Table.Td>
                  <DateField
                    aria-label={`Booked date ${n + 1}`}
                    {...form.getInputProps(`airline_cost.${n}.booked_date`)}
                  />
                </Table.Td>
                <Table.Td>
                  <FileInput
                    aria-label={`Invoice ${n + 1}`}
                    accept="application/pdf"
                    clearable
                    placeholder={row.airline_invoice ? 'Replace the invoice' : 'Choose a PDF'}
                    {...form.getInputProps(`airline_cost.${n}.file`)}
                  />
                  {row.airline_invoice && row.id && !row.file && (
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      mt={4}
                      onClick={() =>
                        downloadAirlineInvoice({
                          id: row.id as number,
                          airline_invoice: row.airline_invoice,
                        })
                      }
                    >
                      {row.airline_invoice}
                    </Button>
                  )}
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove airline cost ${n + 1}`}
                    onClick={() => form.removeListItem('airline_cost', n)}
                  >
                    ✕
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
