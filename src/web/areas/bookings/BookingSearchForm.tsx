import { Button, Checkbox, Fieldset, Grid, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { dateRangeProblem } from '../../../shared/api/common';
import { DateField, dateOf, hasUnreadableDate } from '../../ui/DateField';
import { BookingForField } from './BookingForField';
import { type BookingFor, type BookingSearch, bookingForOptions } from './booking-search';

interface Props {
  value: BookingSearch;
  onChange: (patch: Partial<BookingSearch>) => void;
  onSearch: () => void;
  onReset: () => void;
}

function DateRange({
  legend,
  from,
  to,
  onChange,
}: {
  legend: string;
  from: string | null;
  to: string | null;
  onChange: (from: string | null, to: string | null) => void;
}) {
  return (
    <Fieldset
      legend={legend}
      variant="unstyled"
      styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)', marginBottom: 4 } }}
    >
      <SimpleGrid cols={2} spacing="sm">
        <DateField
          label="From"
          aria-label={`${legend} from`}
          value={from}
          onChange={(v) => onChange(v, to)}
        />
        <DateField
          label="To"
          aria-label={`${legend} to`}
          value={to}
          error={dateRangeProblem(dateOf(from), dateOf(to))}
          onChange={(v) => onChange(from, v)}
        />
      </SimpleGrid>
    </Fieldset>
  );
}

/** The first date range of the search whose end is before its start, as its message. */
const rangeProblem = (v: BookingSearch) =>
  dateRangeProblem(v.bookingFrom, v.bookingTo) ??
  dateRangeProblem(v.departureFrom, v.departureTo) ??
  dateRangeProblem(v.balanceDueFrom, v.balanceDueTo);

/**
 * Issue #14: the work lists the dashboard's tiles open, each of live (not cancelled) bookings; and
 * (issue #25) the bookings agencies made on their side.
 */
const workLists = [
  { key: 'outstanding', label: 'Balance outstanding' },
  { key: 'changesPending', label: 'Changes not accepted' },
  { key: 'missingDetails', label: 'Passenger or passport details missing' },
  // Issue #25: made by an agency on its side (any status).
  { key: 'fromAgent', label: 'Booked online by an agent' },
] as const;

/**
 * The bookings search form (spec 1 §2): reference, 'Booking for' with its party control, booking and
 * departure date ranges; beyond the spec (issue #14) the balance due range and the work lists of
 * live bookings. The filters apply only on 'Search Bookings' (or Enter).
 */
export function BookingSearchForm({ value, onChange, onSearch, onReset }: Props) {
  return (
    <Paper withBorder p="md" mb="md" radius="md">
      <form
        aria-label="Search bookings"
        onSubmit={(e) => {
          e.preventDefault();
          // A range ending before it starts, or a date that cannot be read, is shown at its field, not searched for.
          if (rangeProblem(value) || hasUnreadableDate(e.currentTarget)) return;
          onSearch();
        }}
      >
        <Grid gap="md" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput
              label="Booking reference"
              placeholder="e.g. HB108400"
              value={value.ref}
              maxLength={50}
              onChange={(e) => onChange({ ref: e.currentTarget.value })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <Select
              label="Booking for"
              data={bookingForOptions.map((o) => ({ value: o.value, label: o.label }))}
              value={value.bookingFor}
              allowDeselect={false}
              onChange={(v) => v && onChange({ bookingFor: v as BookingFor })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <BookingForField value={value} onChange={onChange} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <DateRange
              legend="Booking date"
              from={value.bookingFrom}
              to={value.bookingTo}
              onChange={(bookingFrom, bookingTo) => onChange({ bookingFrom, bookingTo })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <DateRange
              legend="Departure date"
              from={value.departureFrom}
              to={value.departureTo}
              onChange={(departureFrom, departureTo) => onChange({ departureFrom, departureTo })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <DateRange
              legend="Balance due"
              from={value.balanceDueFrom}
              to={value.balanceDueTo}
              onChange={(balanceDueFrom, balanceDueTo) => onChange({ balanceDueFrom, balanceDueTo })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Checkbox.Group
              label="Only bookings with"
              value={workLists.filter((w) => value[w.key]).map((w) => w.key)}
              onChange={(keys) =>
                onChange(Object.fromEntries(workLists.map((w) => [w.key, keys.includes(w.key)])))
              }
            >
              <Group gap="md" mt={8} mb={6}>
                {workLists.map((w) => (
                  <Checkbox key={w.key} value={w.key} label={w.label} />
                ))}
              </Group>
            </Checkbox.Group>
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" mt="md" gap="sm">
          <Button type="button" variant="default" onClick={onReset}>
            Reset
          </Button>
          <Button type="submit">Search Bookings</Button>
        </Group>
      </form>
    </Paper>
  );
}
