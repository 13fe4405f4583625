import { Group, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * Typed text that takes effect `delay` ms after the last key, or at once on Enter (the DataTables
 * search delay). Returns the text being typed, its setter, the applied search and an apply-now.
 */
export function useDelayedSearch(delay: number) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    if (text === search) return;
    const t = setTimeout(() => setSearch(text), delay);
    return () => clearTimeout(t);
  }, [text, search, delay]);
  return { text, setText, search, applyNow: () => setSearch(text) };
}

interface Props {
  text: string;
  onTextChange: (text: string) => void;
  onEnter: () => void;
  placeholder: string;
  /** Records matching now, or undefined before the first answer. */
  count: number | undefined;
}

/** The quick-search box above a ServerTable, with the number of matching records. */
export function QuickSearch({ text, onTextChange, onEnter, placeholder, count }: Props) {
  return (
    <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
      <TextInput
        label="Quick search"
        placeholder={placeholder}
        value={text}
        onChange={(e) => onTextChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onEnter();
          }
        }}
        w={{ base: '100%', xs: 320 }}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {count === undefined ? '' : `${count.toLocaleString('en-GB')} record${count === 1 ? '' : 's'}`}
      </Text>
    </Group>
  );
}
