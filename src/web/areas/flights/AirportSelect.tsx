import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Airport, airportsApi } from '../../../shared/api/flights';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';

/** Search delay of the flight and airport pickers (spec 3 §9: debounce 500 ms). */
export const SEARCH_DEBOUNCE_MS = 500;

export const airportLabel = (a: Pick<Airport, 'airport_name' | 'iata_code' | 'city'>) =>
  `${a.airport_name} (${a.iata_code})${a.city && !a.airport_name.includes(a.city) ? ` – ${a.city}` : ''}`;

/**
 * A searchable airport select (spec 3 §7 POST airports/airport-search {search_query, include_id}):
 * the search runs 500 ms after the last key; the chosen airport (include_id) always stays listed.
 * Value: the airport id as a string.
 */
export function AirportSelect({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'searchable' | 'onSearchChange' | 'searchValue' | 'filter'> & {
  value?: string | null;
  onChange?: (value: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: keys.airports.list('search', debounced.trim(), value ?? null),
    queryFn: ({ signal }): Promise<Airport[]> =>
      api
        .call(airportsApi.search, {
          body: { search_query: debounced.trim(), include_id: value ? Number(value) : undefined },
          signal,
        })
        .then((r) => r.data),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const options = (query.data ?? []).map((a) => ({ value: String(a.id), label: airportLabel(a) }));
  return (
    <Select
      searchable
      clearable
      data={options}
      value={value ?? null}
      onChange={(v) => onChange?.(v)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched; show its answer as it is.
      filter={({ options: o }) => o}
      nothingFoundMessage={
        debounced.trim()
          ? query.isFetching
            ? 'Searching…'
            : 'No airport matches'
          : 'Type a code, name or city'
      }
      placeholder="Search by code, name or city"
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
