import { Group, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/**
 * Typed text that takes effect `delay` ms after the last key (Mantine's `useDebouncedValue`), or at
 * once on Enter (the DataTables search delay; a list's filter boxes too). Starts at `initial`.
 * Returns the text being typed, its setter, the applied search, an apply-now and a clear (both
 * blank at once).
 */
export function useDelayedSearch(delay: number, initial = '') {
  const [text, setText] = useState(initial);
  const [search, , { flush }] = useDebouncedValue(text, delay);
  // A clear applies the blank at once: flushed here, after the debounce's own effect has seen it.
  const [flushBlank, setFlushBlank] = useState(false);
  useEffect(() => {
    if (!flushBlank) return;
    setFlushBlank(false);
    flush();
  }, [flushBlank, flush]);
  return {
    text,
    setText,
    search,
    applyNow: flush,
    clear: () => {
      setText('');
      setFlushBlank(true);
    },
  };
}

export type DelayedSearch = ReturnType<typeof useDelayedSearch>;

/** A text box bound to a `useDelayedSearch`: typing sets its text, Enter applies it at once. */
export function DelayedSearchInput({ box, ...props }: { box: DelayedSearch } & TextInputProps) {
  return (
    <TextInput
      {...props}
      value={box.text}
      onChange={(e) => box.setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          box.applyNow();
        }
      }}
    />
  );
}

interface Props {
  box: DelayedSearch;
  placeholder: string;
  /** Records matching now, or undefined before the first answer. */
  count: number | undefined;
}

/** The quick-search box above a ServerTable, with the number of matching records. */
export function QuickSearch({ box, placeholder, count }: Props) {
  return (
    <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
      <DelayedSearchInput
        box={box}
        label="Quick search"
        placeholder={placeholder}
        w={{ base: '100%', xs: 320 }}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {count === undefined ? '' : `${count.toLocaleString('en-GB')} record${count === 1 ? '' : 's'}`}
      </Text>
    </Group>
  );
}
