import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { DateField, dateOf } from '../../ui/DateField';
import type { ReportValues } from './report-kit';

/**
 * A from/to pair of dates ('Booking from date', 'Booking to date'; DD/MM/YYYY shown, YYYY-MM-DD
 * kept). The to picker opens at the from date and offers no day before it (spec 3 §5: 'Date
 * pickers keep the to date from falling before the from date'); a typed one is kept and refused
 * by the schema with its message.
 */
export function DateRangeFields<V extends ReportValues>({
  form,
  from,
  to,
  label,
}: {
  form: UseFormReturnType<V>;
  from: keyof V & string;
  to: keyof V & string;
  /** What the dates are of: 'Booking' → 'Booking from date' / 'Booking to date'. */
  label: string;
}) {
  // Only a date bounds the to picker (the from field may hold typed text that is not one).
  const start = dateOf(form.getValues()[from] as string | null);
  return (
    <>
      <DateField label={`${label} from date`} {...form.getInputProps(from)} />
      <ToDateField label={`${label} to date`} start={start} inputProps={form.getInputProps(to)} />
    </>
  );
}

/** The to date of a pair: its calendar shows the to date's month, else the from date's, and no day before the from date. */
function ToDateField({
  label,
  start,
  inputProps,
}: {
  label: string;
  start: string | null;
  inputProps: ReturnType<UseFormReturnType<ReportValues>['getInputProps']>;
}) {
  // The month browsed in the calendar; a new from date brings the calendar back to it.
  const [month, setMonth] = useState<string | null>(null);
  const [lastStart, setLastStart] = useState(start);
  if (lastStart !== start) {
    setLastStart(start);
    setMonth(null);
  }
  const value = dateOf(inputProps.value as string | null);
  return (
    <DateField
      label={label}
      {...inputProps}
      date={month ?? value ?? start ?? undefined}
      onDateChange={(d) => setMonth(String(d))}
      excludeDate={(day) => start !== null && String(day).slice(0, 10) < start}
    />
  );
}
