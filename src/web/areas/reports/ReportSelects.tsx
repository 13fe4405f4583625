import { Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { tourOptions, useTourList } from '../../api/tours';
import type { ReportValues } from './report-kit';
import { TOUR_TYPE_OPTIONS } from './report-lists';

/**
 * Every tour as options, suppressed ones included and marked (a report may look back at a tour
 * since suppressed), and whether the list is still loading — the tour pickers of the reports.
 */
export function useReportTours() {
  const tours = useTourList({ withSuppressed: true });
  return { options: tourOptions(tours.data), loading: tours.isPending };
}

interface FieldProps<V extends ReportValues> {
  form: UseFormReturnType<V>;
  /** The payload field it fills (spec 3 §7: 'tour_name', 'tour_id', 'tour_type'). */
  field: keyof V & string;
}

/** One tour (its id), 'Any tour' when none is chosen. */
export function TourSelect<V extends ReportValues>({ form, field }: FieldProps<V>) {
  const tours = useReportTours();
  return (
    <Select
      label="Tour"
      placeholder="Any tour"
      searchable
      clearable
      data={tours.options}
      {...form.getInputProps(field)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A tour type (spec 3 §9), 'Any tour type' when none is chosen. */
export function TourTypeSelect<V extends ReportValues>({ form, field }: FieldProps<V>) {
  return (
    <Select
      label="Tour type"
      placeholder="Any tour type"
      clearable
      data={TOUR_TYPE_OPTIONS}
      {...form.getInputProps(field)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
