import { DatePickerInput } from '@mantine/dates';

/** A date range as the filters keep it: 'YYYY-MM-DD' ends, null while not chosen. */
export type DateRange = [string | null, string | null];
export const emptyRange: DateRange = [null, null];

/**
 * The query parameters of a range filter: `{[from]: start, [to]: end}` only when both ends are set
 * (spec 2 §5: 'Date ranges in summaries are sent as YYYY-MM-DD and only when both ends are set').
 */
export function rangeParams(range: DateRange, from: string, to: string): Record<string, string> {
  return range[0] && range[1] ? { [from]: range[0], [to]: range[1] } : {};
}

/**
 * A filter's date range (DD/MM/YYYY shown, YYYY-MM-DD kept), clearable; one day may be both ends.
 */
export function DateRangeFilter({
  label,
  value,
  onChange,
  w = 230,
}: {
  label: string;
  value: DateRange;
  onChange: (range: DateRange) => void;
  w?: number;
}) {
  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder="DD/MM/YYYY – DD/MM/YYYY"
      valueFormat="DD/MM/YYYY"
      allowSingleDateInRange
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      value={value}
      onChange={(v) => onChange([v[0] ?? null, v[1] ?? null])}
      w={w}
      popoverProps={{ withinPortal: true }}
    />
  );
}
