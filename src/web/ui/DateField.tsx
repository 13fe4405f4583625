import { DateInput, type DateInputProps } from '@mantine/dates';
import type { KeyboardEvent } from 'react';
import { parseUkDate } from '../lib/format';

/** Names of the calendar's icon-only controls, for screen readers. */
const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

/**
 * The app's date input: shown and typed as DD/MM/YYYY, valued as 'YYYY-MM-DD' (spec 1 §9: dates
 * displayed DD/MM/YYYY, sent as YYYY-MM-DD). Clearable.
 *
 * It keeps what was typed: there is no minDate/maxDate, because Mantine's DateInput silently drops
 * a typed date outside them (an end date before the start date vanished and the form then said
 * 'End date is required'); the form's rules refuse such a date with their message at the field
 * ('End date should be after the start date.'). Enter in the box never submits the form around it
 * (a half-filled dialog was saved from the date-of-birth box): the form is saved with its button.
 */
export function DateField({
  onKeyDown,
  ...props
}: Omit<DateInputProps, 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'>) {
  return (
    <DateInput
      valueFormat="DD/MM/YYYY"
      dateParser={parseUkDate}
      placeholder="DD/MM/YYYY"
      clearable
      clearButtonProps={{ 'aria-label': 'Clear date' }}
      ariaLabels={CALENDAR_LABELS}
      popoverProps={{ withinPortal: true }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') event.preventDefault();
        onKeyDown?.(event);
      }}
      {...props}
    />
  );
}
