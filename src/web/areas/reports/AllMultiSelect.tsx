import { MultiSelect, Pill } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Option } from './report-lists';

const ALL = '__all';
/** Pills shown before '+N more', each cut to a width (the full name in its tooltip). */
const SHOWN_PILLS = 1;
const PILL_WIDTH = 160;

/**
 * A multi-select of ids whose first option, 'All', selects every id (spec 3 §4). A long choice
 * shows its first name and '+N more' (or 'All (N)') so the field keeps its height.
 */
export function AllMultiSelect({
  label,
  data,
  value = [],
  onChange,
  error,
  placeholder = 'Any',
  loading = false,
}: {
  label: string;
  data: Option[];
  /** Optional only so `form.getInputProps` spreads in; a form field always holds a list. */
  value?: string[];
  onChange: (value: string[]) => void;
  error?: ReactNode;
  placeholder?: string;
  loading?: boolean;
}) {
  const everything = data.length > 1 && value.length === data.length;
  return (
    <MultiSelect
      label={label}
      data={[{ value: ALL, label: 'All' }, ...data]}
      value={value}
      onChange={(v) => onChange(v.includes(ALL) ? data.map((o) => o.value) : v)}
      placeholder={value.length ? undefined : placeholder}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      nothingFoundMessage={loading ? 'Loading…' : 'Nothing found'}
      error={error}
      comboboxProps={{ withinPortal: true }}
      // The search box may share the pills' line (Mantine asks 100px of it).
      styles={{ inputField: { minWidth: 30 } }}
      renderPill={({ option, value: item, onRemove }) => {
        const index = value.indexOf(String(item));
        if (everything) return index === 0 ? <Pill>All ({data.length})</Pill> : null;
        if (index < SHOWN_PILLS)
          return (
            <Pill
              maw={PILL_WIDTH}
              title={option?.label ?? String(item)}
              withRemoveButton
              onRemove={onRemove}
              removeButtonProps={{ 'aria-label': `Remove ${option?.label ?? item}` }}
            >
              {option?.label ?? item}
            </Pill>
          );
        return index === SHOWN_PILLS ? <Pill>+{value.length - SHOWN_PILLS} more</Pill> : null;
      }}
    />
  );
}
