import { MultiSelect, Paper } from '@mantine/core';
import { useState } from 'react';
import { summariesApi, type TourSummaryRow } from '../../../shared/api/summaries';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { useTourList } from '../../api/tours';
import { formatDate } from '../../lib/format';
import { type DateRange, DateRangeFilter, emptyRange, rangeParams } from '../../ui/DateRangeFilter';
import { ListFilters } from '../../ui/entity-list';
import { RouterAnchor } from '../../ui/RouterAnchor';
import { ServerTable, type ServerTableColumn } from '../../ui/ServerTable';
import { SearchButtons, SUMMARY_DEFAULT_PAGE, SUMMARY_PAGE_SIZES } from './summary-kit';

const ALL = 'all';

/**
 * The Tour summary (spec 2 §2): tours (several; 'All' selects every tour) and a departure range,
 * applied with Search. Columns: tour name, departure date (linking to the departure), guests (0 when
 * none) and confirmed guests; sorted on guests, descending, by default (the third column).
 */
export function TourSummary() {
  const tours = useTourList();
  const [chosen, setChosen] = useState<string[]>([]);
  const [departure, setDeparture] = useState<DateRange>(emptyRange);
  const [applied, setApplied] = useState<Record<string, string>>({});
  const everyTour = (tours.data ?? []).map((t) => String(t.id));

  const search = () => {
    const all = everyTour.length > 0 && everyTour.every((id) => chosen.includes(id));
    setApplied({
      // Every tour chosen is the same as none: the list is not sent.
      ...(chosen.length > 0 && !all ? { search_by_tour_ids: chosen.join(',') } : {}),
      ...rangeParams(departure, 'departure_start_range_start', 'departure_start_range_end'),
    });
  };

  const columns: ServerTableColumn<TourSummaryRow>[] = [
    { accessor: 'tour_name', title: 'Tour', sortable: true },
    {
      accessor: 'departure_date',
      title: 'Departure date',
      sortable: true,
      render: (r) => (
        <RouterAnchor to={pathTo('tour-group', { id: r.id })}>{formatDate(r.departure_date)}</RouterAnchor>
      ),
    },
    { accessor: 'total_guests', title: 'Guests', sortable: true, textAlign: 'right' },
    { accessor: 'confirmed_pax_count', title: 'Confirmed guests', sortable: true, textAlign: 'right' },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <ListFilters>
        <MultiSelect
          label="Tours"
          placeholder={chosen.length ? undefined : 'All tours'}
          searchable
          clearable
          data={[
            { value: ALL, label: 'All' },
            ...(tours.data ?? []).map((t) => ({ value: String(t.id), label: t.name })),
          ]}
          value={chosen}
          onChange={(v) => setChosen(v.includes(ALL) ? everyTour : v)}
          w={360}
          maxValues={undefined}
          comboboxProps={{ withinPortal: true }}
        />
        <DateRangeFilter label="Departure date" value={departure} onChange={setDeparture} />
        <SearchButtons
          onSearch={search}
          onClear={() => {
            setChosen([]);
            setDeparture(emptyRange);
            setApplied({});
          }}
        />
      </ListFilters>
      <ServerTable<TourSummaryRow>
        label="Tour summary"
        endpoint={summariesApi.tours}
        queryKeyPrefix={keys.summaries.all}
        columns={columns}
        filters={applied}
        defaultOrder={{ column: 2, dir: 'desc' }}
        pageSizes={SUMMARY_PAGE_SIZES}
        defaultPageSize={SUMMARY_DEFAULT_PAGE}
        emptyText="No departures found"
      />
    </Paper>
  );
}
