import { DateInput, type DateInputProps } from '@mantine/dates';
import { parseUkDate } from '../lib/format';

/**
 * The app's date input: shown and typed as DD/MM/YYYY, valued as 'YYYY-MM-DD' (spec 1 §9: dates
 * displayed DD/MM/YYYY, sent as YYYY-MM-DD). Clearable.
 */
export function DateField(props: Omit<DateInputProps, 'valueFormat' | 'dateParser'>) {
  return (
    <DateInput
      valueFormat="DD/MM/YYYY"
      dateParser={parseUkDate}
      placeholder="DD/MM/YYYY"
      clearable
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  );
}
