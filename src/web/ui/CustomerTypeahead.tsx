import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type CustomerOption, customersApi } from '../../shared/api/customers';
import { api } from '../api/client';
import { keys } from '../api/query-keys';

/** A chosen customer: one hit of POST customers/filtered/list (spec 1 §7), or the same fields of a record. */
export type CustomerHit = Pick<
  CustomerOption,
  'id' | 'first_name' | 'last_name' | 'full_name' | 'postcode' | 'email'
>;

/** Spec 1 §9: customer type-ahead delay 500 ms. */
export const TYPEAHEAD_DELAY = 500;
const MIN_CHARS = 2;

const optionLabel = (c: CustomerHit) => {
  const name = c.full_name || [c.first_name, c.last_name].filter(Boolean).join(' ') || `Customer #${c.id}`;
  return c.postcode ? `${name} — ${c.postcode.toUpperCase()}` : name;
};

export interface CustomerTypeaheadProps {
  label: string;
  /** The chosen customer's id. */
  value: number | null;
  /** The chosen customer's record, when the caller kept it (shows its label after a remount). */
  selected?: CustomerHit | null;
  onChange: (id: number | null, customer: CustomerHit | null) => void;
}

/**
 * Customer search by name or postcode: the server is asked 500 ms after the last key, and the
 * options read 'Name — POSTCODE'. The value is the customer id.
 */
export function CustomerTypeahead({ label, value, selected = null, onChange }: CustomerTypeaheadProps) {
  const [chosen, setChosen] = useState<CustomerHit | null>(selected?.id === value ? selected : null);
  const [search, setSearch] = useState(() => (chosen ? optionLabel(chosen) : ''));
  const [debounced] = useDebouncedValue(search.trim(), TYPEAHEAD_DELAY);

  // Cleared from outside (e.g. the form's Reset): forget the text too.
  useEffect(() => {
    if (value === null) {
      setChosen(null);
      setSearch('');
    }
  }, [value]);

  const chosenLabel = chosen ? optionLabel(chosen) : null;
  const enabled = debounced.length >= MIN_CHARS && debounced !== chosenLabel;
  const query = useQuery({
    queryKey: keys.customers.list('typeahead', debounced),
    queryFn: ({ signal }) => api.call(customersApi.filteredList, { body: { search: debounced }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  const hits = enabled ? (query.data?.data ?? []) : [];
  const options = [...(chosen && !hits.some((h) => h.id === chosen.id) ? [chosen] : []), ...hits];

  const waiting = search.trim() !== debounced || query.isFetching;
  const nothingFound =
    search.trim().length < MIN_CHARS
      ? `Type at least ${MIN_CHARS} characters`
      : waiting
        ? 'Searching…'
        : 'No customers found';

  return (
    <Select
      label={label}
      placeholder="Please Type Customer name/Postcode"
      searchable
      clearable
      data={options.map((c) => ({ value: String(c.id), label: optionLabel(c) }))}
      value={value === null ? null : String(value)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by name and postcode; show its answer as it is.
      filter={({ options: all }) => all}
      nothingFoundMessage={nothingFound}
      rightSection={waiting && search.trim().length >= MIN_CHARS ? <Loader size={16} /> : undefined}
      onChange={(v) => {
        const hit = options.find((c) => String(c.id) === v) ?? null;
        setChosen(hit);
        onChange(hit ? hit.id : null, hit);
      }}
    />
  );
}
