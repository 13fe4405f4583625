import { Alert, Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AGENT_NEEDS, type AgentBookingsQuery, type AgentNeed } from '../../shared/api/agent-side';
import { pathTo } from '../../shared/routes';
import { DateField, dateOf } from '../ui/DateField';
import { QueryProblem } from '../ui/QueryProblem';
import { AgentFrame } from './AgentFrame';
import { useAgentBookings } from './agent-api';
import { BookingsResults } from './BookingsResults';
import { NEED_LABELS } from './needs';

/** Where a page of the agent's side can leave a message for this one (signed out elsewhere, etc.). */
export interface AgentBookingsState {
  notice?: string;
}

/**
 * /agent/bookings (issue #25): the agency's bookings (GET agent/bookings, 25 a page, current and
 * old-system), searched by reference or client surname, departure from/to and what needs doing
 * (changes to accept, passenger details, balance due soon). The filters live in the address (so
 * Back from a booking finds them again); typing in the search waits for a pause before asking.
 * A table on a wide screen, a card per booking on a phone (`BookingsResults`).
 */
export function AgentBookingsPage() {
  const [params, setParams] = useSearchParams();
  const notice = (useLocation().state as AgentBookingsState | null)?.notice;
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 350);
  const from = params.get('departure_from');
  const to = params.get('departure_to');
  const asked = params.get('needs');
  const needs = asked && (AGENT_NEEDS as readonly string[]).includes(asked) ? (asked as AgentNeed) : null;
  const page = Math.max(1, Number(params.get('page')) || 1);

  const set = (changes: Record<string, string | null>) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        for (const [k, v] of Object.entries({ page: null, ...changes })) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search term resets the page
  useEffect(() => {
    if ((params.get('search') ?? '') !== debounced) set({ search: debounced || null });
  }, [debounced]);

  const query: AgentBookingsQuery = {
    search: params.get('search') ?? undefined,
    departure_from: dateOf(from) ?? undefined,
    departure_to: dateOf(to) ?? undefined,
    needs: needs ?? undefined,
    page,
  };
  const bookings = useAgentBookings(query);
  const filtered = Boolean(query.search || query.departure_from || query.departure_to || needs);

  return (
    <AgentFrame title="Your bookings">
      {notice && (
        <Alert color="teal" variant="light" role="status">
          {notice}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md" component="section" aria-label="Find bookings">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label="Search"
            description="Booking reference or client surname"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 260 }}
          />
          <DateField
            label="Departing from"
            value={from}
            onChange={(v) => set({ departure_from: v })}
            w={{ base: '100%', xs: 170 }}
          />
          <DateField
            label="Departing to"
            value={to}
            onChange={(v) => set({ departure_to: v })}
            w={{ base: '100%', xs: 170 }}
          />
          <Select
            label="Needs doing"
            placeholder="Anything"
            data={AGENT_NEEDS.map((n) => ({ value: n, label: NEED_LABELS[n] }))}
            value={needs}
            onChange={(v) => set({ needs: v })}
            clearable
            allowDeselect
            w={{ base: '100%', xs: 220 }}
            comboboxProps={{ withinPortal: true }}
          />
          {filtered && (
            <Button
              variant="default"
              size="md"
              onClick={() => {
                setSearch('');
                setParams(new URLSearchParams(), { replace: true });
              }}
            >
              Clear filters
            </Button>
          )}
          <Button component={Link} to={pathTo('agent-book')} size="md" ml={{ base: 0, md: 'auto' }}>
            Book for a client
          </Button>
        </Group>
      </Paper>
      {bookings.isError && <QueryProblem query={bookings} what="bookings" />}
      <BookingsResults
        answer={bookings.data}
        loading={bookings.isPending}
        refreshing={bookings.isFetching}
        filtered={filtered}
        onPage={(p) => set({ page: p > 1 ? String(p) : null })}
      />
    </AgentFrame>
  );
}
