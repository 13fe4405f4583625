import { CloseButton, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker, type DatePickerProps, type DateStringValue } from '@mantine/dates';
import { type FocusEvent, type KeyboardEvent, useState } from 'react';
import { isYmd, readTypedDate, type TypedDate } from '../../shared/typed-date';
import { formatDate } from '../lib/format';

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

/** The attribute a DateField's input carries while what is typed cannot be read (see `hasUnreadableDate`). */
const UNREADABLE_ATTR = 'data-unreadable-date';

/** True when a DateField inside `root` (a form) holds text that is not a date: the form must not be sent. */
export const hasUnreadableDate = (root: ParentNode): boolean => !!root.querySelector(`[${UNREADABLE_ATTR}]`);

/**
 * The date a DateField's value holds ('YYYY-MM-DD'), or null when it is blank or holds typed text
 * that is not a date — for a caller that uses the value outside a form (a search's filters).
 */
export const dateOf = (value: string | null | undefined): string | null => (isYmd(value) ? value : null);

export interface DateFieldProps
  extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'rightSection'>,
    Pick<DatePickerProps, 'date' | 'onDateChange' | 'excludeDate'> {
  /** 'YYYY-MM-DD', null (blank) or the typed text that could not be read. */
  value?: string | null;
  /** Called with what the field now holds: 'YYYY-MM-DD', null when blank, or the unreadable text. */
  onChange?: (value: string | null) => void;
  /** Shows the clear button (default true). */
  clearable?: boolean;
  /** A date of birth: a two-digit year means the past ('2/11/59' is 02/11/1959); see `TwoDigitYear`. */
  birthDate?: boolean;
}

/** What a value shows in the box: DD/MM/YYYY for a date, the text itself for unreadable text. */
const shown = (value: string | null | undefined) => (!value ? '' : isYmd(value) ? formatDate(value) : value);

/**
 * The app's date field (issue #22 point 6): shown and typed as DD/MM/YYYY, valued 'YYYY-MM-DD'
 * (spec 1 §9), with a calendar to pick from. What is typed stays as typed: a date that cannot be
 * read (`readTypedDate`, src/shared/typed-date.ts) is never blanked or replaced — the field says
 * 'Enter a date as DD/MM/YYYY' or '31/02/2027 is not a date' once the user leaves it, and holds
 * the typed text as its value, so the form's schema (the API's YYYY-MM-DD rule) refuses it and the
 * kit's submit (`useFormSubmit`) does not send a form with such a field. A readable date is
 * written out in full on leaving ('2/11/59' → '02/11/1959' in a date of birth).
 *
 * There is no minDate/maxDate: a date outside them would be silently dropped; the form's rules
 * refuse it with their message at the field ('End date should be after the start date.'). Enter in
 * the box never submits the form around it (a half-filled dialog was saved from the date-of-birth
 * box); Escape closes an open calendar without closing the dialog around it.
 */
export function DateField({
  value,
  onChange,
  clearable = true,
  birthDate = false,
  date,
  onDateChange,
  excludeDate,
  error,
  disabled,
  readOnly,
  onFocus,
  onBlur,
  onKeyDown,
  ...props
}: DateFieldProps) {
  const read = (t: string): TypedDate => readTypedDate(t, { twoDigitYear: birthDate ? 'past' : 'pivot' });
  const [text, setText] = useState(() => shown(value));
  // The value last given or sent: a different one from outside (a reset, a restore) replaces the text.
  const [known, setKnown] = useState(value ?? null);
  const [opened, setOpened] = useState(false);
  // The unreadable message shows once the user has left the field, until the text reads as a date.
  const [told, setTold] = useState(false);
  const [month, setMonth] = useState<string | null>(null);
  if ((value ?? null) !== known) {
    setKnown(value ?? null);
    setText(shown(value));
    setTold(false);
    setMonth(null);
  }

  const reading = read(text);
  const emit = (next: string | null) => {
    setKnown(next);
    if (next !== (value ?? null)) onChange?.(next);
  };
  const type = (t: string) => {
    setText(t);
    const r = read(t);
    if (r.kind !== 'unreadable') setTold(false);
    if (r.kind === 'date') setMonth(r.ymd);
    emit(r.kind === 'blank' ? null : r.kind === 'date' ? r.ymd : t);
  };
  const pick = (ymd: DateStringValue | null) => {
    setText(shown(ymd));
    setTold(false);
    emit(ymd);
    setOpened(false);
  };

  const unreadable = reading.kind === 'unreadable' ? reading.message : null;
  const calendarValue = reading.kind === 'date' ? reading.ymd : null;
  return (
    <Popover
      opened={opened && !disabled && !readOnly}
      position="bottom-start"
      trapFocus={false}
      returnFocus={false}
      withRoles={false}
      withinPortal
      shadow="md"
    >
      <Popover.Target>
        <TextInput
          placeholder="DD/MM/YYYY"
          autoComplete="off"
          {...props}
          value={text}
          disabled={disabled}
          readOnly={readOnly}
          error={unreadable && (told || error) ? unreadable : error}
          data-unreadable-date={unreadable ? 'true' : undefined}
          // While the calendar is open, Esc closes it and not the dialog around (Mantine's modals honour this).
          data-mantine-stop-propagation={opened ? 'true' : undefined}
          onChange={(e) => type(e.currentTarget.value)}
          onFocus={(e: FocusEvent<HTMLInputElement>) => {
            setOpened(true);
            onFocus?.(e);
          }}
          onClick={() => setOpened(true)}
          onBlur={(e: FocusEvent<HTMLInputElement>) => {
            setOpened(false);
            if (reading.kind === 'unreadable') setTold(true);
            // A readable date is written out in full on leaving.
            if (reading.kind === 'date') setText(shown(reading.ymd));
            onBlur?.(e);
          }}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Enter') event.preventDefault();
            if (event.key === 'Escape' && opened) setOpened(false);
            onKeyDown?.(event);
          }}
          rightSectionPointerEvents="all"
          rightSection={
            clearable && text && !disabled && !readOnly ? (
              <CloseButton size="sm" aria-label="Clear date" onClick={() => pick(null)} />
            ) : undefined
          }
        />
      </Popover.Target>
      <Popover.Dropdown onMouseDown={(event) => event.preventDefault()}>
        <DatePicker
          value={calendarValue}
          onChange={pick}
          date={dateOf(date === undefined ? undefined : String(date)) ?? month ?? calendarValue ?? undefined}
          onDateChange={(d) => {
            setMonth(d);
            onDateChange?.(d);
          }}
          excludeDate={excludeDate}
          ariaLabels={CALENDAR_LABELS}
          size="sm"
        />
      </Popover.Dropdown>
    </Popover>
  );
}
