import { Combobox, Group, Kbd, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  dashboardApi,
  SEARCH_MIN_LENGTH,
  SEARCH_TOO_SHORT,
  searchMoreText,
} from '../../shared/api/dashboard';
import { api } from '../api/client';
import { keys } from '../api/query-keys';

/** Issue #14: results follow typing after this pause. */
export const SEARCH_DEBOUNCE_MS = 300;

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** True when the key press happens in a field that takes text ('/' is typed there, not a shortcut). */
function typingIn(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The global search box of the header (issue #14), on every screen: '/' or Ctrl+K (⌘K) focuses it;
 * after a 300 ms pause it asks GET search for bookings (reference), customers (name, postcode,
 * email) and agents (name) and lists the top hits by kind in a dropdown — arrows move, Enter opens
 * (the first hit when none is chosen, even if Enter came before the answer), Escape closes. A kind
 * with more matches ends with "and 6 more", which opens its list searched for the same term (#22).
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const ready = debounced.length >= SEARCH_MIN_LENGTH;
  // Enter pressed before the answer for what is typed arrived: open its first hit when it does.
  const pendingEnter = useRef<string | null>(null);
  // Mantine leaves aria-activedescendant on the input when its options go (closed, or new hits on
  // the way); pointing at nothing is invalid ARIA, so it is taken off with the selection.
  const clearSelection = () => {
    combobox.resetSelectedOption();
    input.current?.removeAttribute('aria-activedescendant');
  };
  const combobox = useCombobox({ onDropdownClose: () => clearSelection() });

  const search = useQuery({
    queryKey: keys.dashboard.list('search', debounced),
    queryFn: ({ signal }) => api.call(dashboardApi.search, { query: { q: debounced }, signal }),
    enabled: ready,
    staleTime: 30_000,
  });
  const current = search.data && search.data.q === value.trim() ? search.data : undefined;
  const hits = current?.groups.flatMap((g) => g.hits) ?? [];

  const open = (link: string) => {
    pendingEnter.current = null;
    combobox.closeDropdown();
    setValue('');
    input.current?.blur();
    void navigate(link);
  };

  // When an answer arrives: open its first hit if Enter is waiting for it, else highlight it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer alone is the trigger
  useEffect(() => {
    if (!current) return;
    const first = current.groups[0]?.hits[0];
    if (pendingEnter.current === current.q && first) open(first.link);
    else combobox.selectFirstOption();
  }, [current]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const ctrlK = e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey);
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typingIn(e.target);
      if (!ctrlK && !slash) return;
      e.preventDefault();
      input.current?.focus();
      input.current?.select();
      combobox.openDropdown();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [combobox]);

  const status = (() => {
    if (value.trim().length < SEARCH_MIN_LENGTH) return SEARCH_TOO_SHORT;
    if (search.isError) return search.error.message;
    if (!current) return 'Searching…';
    if (hits.length === 0) return `Nothing found for ‘${current.q}’.`;
    return null;
  })();

  return (
    <Combobox store={combobox} onOptionSubmit={open} width={460} position="bottom-start" shadow="md">
      <Combobox.Target>
        <TextInput
          ref={input}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            pendingEnter.current = null;
            combobox.openDropdown();
            clearSelection();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              input.current?.blur();
              return;
            }
            if (e.key !== 'Enter' || combobox.getSelectedOptionIndex() !== -1) return;
            e.preventDefault();
            const first = current?.groups[0]?.hits[0];
            if (first) open(first.link);
            else if (value.trim().length >= SEARCH_MIN_LENGTH && !current)
              pendingEnter.current = value.trim();
          }}
          placeholder="Search…"
          aria-label="Search bookings, customers and agents"
          leftSection={
            search.isFetching ? <Loader size={14} /> : <IconSearch size={16} stroke={1.75} aria-hidden />
          }
          rightSection={
            <Kbd size="xs" title={`Press / or ${isMac ? '⌘' : 'Ctrl'}+K to search`}>
              {isMac ? '⌘K' : 'Ctrl K'}
            </Kbd>
          }
          rightSectionWidth={60}
          rightSectionPointerEvents="none"
          w={{ base: 200, md: 320 }}
          maxLength={100}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        {status && (
          <Text size="sm" c="dimmed" px="sm" py="xs" role="status">
            {status}
          </Text>
        )}
        {hits.length > 0 && (
          <Combobox.Options aria-label="Search results">
            {current?.groups.map((group) => (
              <Combobox.Group key={group.kind} label={group.label}>
                {group.hits.map((hit) => (
                  <Combobox.Option key={`${group.kind}-${hit.id}`} value={hit.link}>
                    <Text size="sm" fw={600}>
                      {hit.title}
                    </Text>
                    {hit.subtitle && (
                      // The body colour, not 'dimmed': the highlighted option is white on indigo.
                      <Text size="xs" c="inherit" opacity={0.85}>
                        {hit.subtitle}
                      </Text>
                    )}
                  </Combobox.Option>
                ))}
                {group.more && (
                  <Combobox.Option value={group.more.link}>
                    <Text size="sm" fw={500} td="underline">
                      {searchMoreText(group.more)}
                    </Text>
                  </Combobox.Option>
                )}
              </Combobox.Group>
            ))}
          </Combobox.Options>
        )}
        <Combobox.Footer>
          <Group gap="md">
            <Text size="xs" c="dimmed">
              <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> move
            </Text>
            <Text size="xs" c="dimmed">
              <Kbd size="xs">Enter</Kbd> open
            </Text>
            <Text size="xs" c="dimmed">
              <Kbd size="xs">Esc</Kbd> close
            </Text>
          </Group>
        </Combobox.Footer>
      </Combobox.Dropdown>
    </Combobox>
  );
}
