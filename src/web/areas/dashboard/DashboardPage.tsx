import { Group, Kbd, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type DashboardAnswer, dashboardApi } from '../../../shared/api/dashboard';
import { implementedRoutes, pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDate, formatMoney } from '../../lib/format';
import { PageHeader } from '../../ui/PageHeader';
import { QueryProblem } from '../../ui/QueryProblem';
import { DueRemindersPanel } from '../payment-reminders';
import { AgentBookingsPanel } from './AgentBookingsPanel';
import { BookingsPanel, MissingDetails } from './BookingsPanel';
import { CustomerMessagesPanel } from './CustomerMessagesPanel';
import { InvoicesPanel } from './InvoicesPanel';
import { PriceDecisionsPanel } from './PriceDecisionsPanel';
import { RefundsDuePanel } from './RefundsDuePanel';
import { StatTile } from './StatTile';

const listOf = (filters: Record<string, string>) => pathTo('bookings', undefined, filters);

/** 'Monday 13 July 2026' for a YYYY-MM-DD date (a calendar day, no time zone involved). */
const longDate = (ymd: string) =>
  new Date(`${ymd}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The Dashboard (/dashboard, issue #14; the legacy showed a heading only): what needs doing today
 * as six figures — balances due in 14 days and overdue, changes not accepted, departures in 14
 * days missing details, supplier invoices due this week, brochure requests not processed — each
 * linking to the list that shows exactly those records, and the first of them below; and "From
 * customers" (issue #23): unread messages from the customers' side, first while there are any;
 * "Refunds due" (issue #27) on cancelled bookings while there are any; and "Reminders due today"
 * (issue #26) with 'Send now'; "New bookings from agents" (issue #25) while any wait for review.
 */
export function DashboardPage() {
  const query = useQuery({
    queryKey: keys.dashboard.list('today'),
    queryFn: ({ signal }) => api.call(dashboardApi.get, { signal }),
    refetchOnWindowFocus: true,
  });
  const d = query.data;
  return (
    <>
      <PageHeader
        title="Dashboard"
        actions={
          <Text size="sm" c="dimmed">
            Search anything with <Kbd size="xs">/</Kbd> or <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">K</Kbd>
          </Text>
        }
      />
      {query.isError && <QueryProblem query={query} what="dashboard" mb="md" />}
      {d ? <DashboardBody d={d} /> : !query.isError && <DashboardSkeleton />}
    </>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the dashboard">
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
        {[1, 2, 3, 4, 5, 6].map((n) => (
          <Skeleton key={n} h={120} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Skeleton h={220} radius="md" />
        <Skeleton h={220} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

function DashboardBody({ d }: { d: DashboardAnswer }) {
  const inv = d.supplier_invoices;
  const brochureList = implementedRoutes.has('brochure-requests') ? pathTo('brochure-requests') : undefined;
  // A customer waiting for an answer comes first; with nothing unread the panel sits at the end.
  const fromCustomers = <CustomerMessagesPanel data={d.from_customers} />;
  const customersFirst = d.from_customers.count > 0;
  return (
    <Stack gap="md">
      <Text c="dimmed" mt={-8}>
        What needs doing today, {longDate(d.today)}.
      </Text>
      {customersFirst && fromCustomers}
      {d.agent_bookings.count > 0 && <AgentBookingsPanel data={d.agent_bookings} />}
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
        <StatTile
          label="Balances due in the next 14 days"
          count={d.balances_due.count}
          detail={`${formatMoney(d.balances_due.sum)} to collect by ${formatDate(d.balances_due.until)}`}
          tone="orange"
          to={listOf(d.balances_due.filters)}
          linkText="View"
        />
        <StatTile
          label="Overdue balances"
          count={d.balances_overdue.count}
          detail={`${formatMoney(d.balances_overdue.sum)} past its due date`}
          tone="red"
          to={listOf(d.balances_overdue.filters)}
          linkText="View"
        />
        <StatTile
          label="Missing passenger or passport details"
          count={d.missing_details.count}
          detail={`Bookings on ${d.missing_details.departures} departure${d.missing_details.departures === 1 ? '' : 's'} in 14 days`}
          tone="grape"
          to={listOf(d.missing_details.filters)}
          linkText="View"
        />
        <StatTile
          label="Changes not accepted"
          count={d.changes_not_accepted.count}
          detail="Upcoming departures"
          tone="blue"
          to={listOf(d.changes_not_accepted.filters)}
          linkText="View"
        />
        <StatTile
          label="Supplier invoices due this week"
          count={inv.due_count}
          detail={
            inv.overdue_count > 0
              ? `${formatMoney(inv.due_gbp)} · ${inv.overdue_count} overdue (${formatMoney(inv.overdue_gbp)})`
              : `${formatMoney(inv.due_gbp)} by ${formatDate(inv.until)}`
          }
          tone="teal"
          href="#supplier-invoices"
          linkText="See below"
        />
        <StatTile
          label="Brochure requests to process"
          count={d.brochure_requests.count}
          detail={
            d.brochure_requests.oldest ? `Oldest from ${formatDate(d.brochure_requests.oldest)}` : 'All sent'
          }
          tone="indigo"
          to={brochureList}
          linkText="View"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <BookingsPanel
          id="balances-due"
          title="Balances due soon"
          count={d.balances_due.count}
          listLink={listOf(d.balances_due.filters)}
          bookings={d.balances_due.bookings}
          columns={[
            { label: 'Due', render: (b) => formatDate(b.balance_due) },
            { label: 'Balance', render: (b) => formatMoney(b.balance), align: 'right' },
          ]}
          empty="No balance falls due in the next 14 days."
        />
        <BookingsPanel
          id="balances-overdue"
          title="Overdue balances"
          count={d.balances_overdue.count}
          listLink={listOf(d.balances_overdue.filters)}
          bookings={d.balances_overdue.bookings}
          columns={[
            { label: 'Was due', render: (b) => formatDate(b.balance_due) },
            { label: 'Balance', render: (b) => formatMoney(b.balance), align: 'right' },
          ]}
          empty="No balance is overdue."
        />
        <BookingsPanel
          id="missing-details"
          title="Departing soon with details missing"
          count={d.missing_details.count}
          listLink={listOf(d.missing_details.filters)}
          bookings={d.missing_details.bookings}
          columns={[
            { label: 'Departs', render: (b) => formatDate(b.departure_date) },
            { label: 'Missing', render: (b) => <MissingDetails b={b} /> },
          ]}
          empty="Every booking departing in the next 14 days has its passengers' details."
        />
        <BookingsPanel
          id="changes-not-accepted"
          title="Changes not accepted"
          count={d.changes_not_accepted.count}
          listLink={listOf(d.changes_not_accepted.filters)}
          bookings={d.changes_not_accepted.bookings}
          columns={[{ label: 'Departs', render: (b) => formatDate(b.departure_date) }]}
          empty="Every upcoming booking's changes are accepted."
        />
      </SimpleGrid>
      {d.refunds_due.count > 0 && <RefundsDuePanel data={d.refunds_due} />}
      {d.price_decisions.count > 0 && <PriceDecisionsPanel data={d.price_decisions} />}
      <DueRemindersPanel limit={10} />
      <InvoicesPanel data={inv} today={d.today} />
      {!customersFirst && fromCustomers}
      <Group justify="flex-end">
        <Text size="xs" c="dimmed">
          Figures as of {longDate(d.today)}; cancelled bookings are left out but for refunds due.
        </Text>
      </Group>
    </Stack>
  );
}
