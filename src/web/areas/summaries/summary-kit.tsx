import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { moneyText } from '../../../shared/money-text';

/** Spec 2 §9: summaries offer 5, 25, 50, 100 and 500 rows, 25 by default. */
export const SUMMARY_PAGE_SIZES = [5, 25, 50, 100, 500];
export const SUMMARY_DEFAULT_PAGE = 25;

/** A Yes/No badge (the Artwork summary's Paid?, Created?, Sent?). */
export function YesNoBadge({ value, label }: { value: boolean; label: string }) {
  return (
    <Badge variant="light" color={value ? 'teal' : 'gray'} aria-label={`${label} ${value ? 'Yes' : 'No'}`}>
      {value ? 'Yes' : 'No'}
    </Badge>
  );
}

/** The Search and Clear buttons of a summary's filters. */
export function SearchButtons({ onSearch, onClear }: { onSearch: () => void; onClear?: () => void }) {
  return (
    <Group gap="xs">
      <Button onClick={onSearch}>Search</Button>
      {onClear && (
        <Button variant="default" onClick={onClear}>
          Clear
        </Button>
      )}
    </Group>
  );
}

/** One currency's totals, as the Payment Invoices summary answers them. */
export interface CurrencyTotal {
  currency_type: string;
  invoices: number;
  invoice_amount: string;
  due_amount: string;
}

/**
 * The totals of every filtered row (not only the page), one line per currency — €, £ and $ are
 * never added together (issue #22 point 12b).
 */
export function CurrencyTotals({ totals }: { totals: CurrencyTotal[] }) {
  if (totals.length === 0) return null;
  return (
    <Table
      mt="sm"
      withTableBorder
      fz="sm"
      w="auto"
      miw={420}
      ml="auto"
      aria-label="Totals per currency"
      captionSide="top"
    >
      <Table.Caption>
        <Text size="sm" fw={600} ta="left">
          Totals of the rows found
        </Text>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Currency</Table.Th>
          <Table.Th ta="right">Invoices</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th ta="right">Due</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {totals.map((t) => (
          <Table.Tr key={t.currency_type}>
            <Table.Td>{t.currency_type}</Table.Td>
            <Table.Td ta="right">{t.invoices}</Table.Td>
            <Table.Td ta="right">{moneyText(t.invoice_amount, t.currency_type)}</Table.Td>
            <Table.Td ta="right" fw={700}>
              {moneyText(t.due_amount, t.currency_type)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
