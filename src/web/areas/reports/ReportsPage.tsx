import { Grid, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_REPORT, REPORT_TYPES, type ReportSlug } from '../../../shared/api/reports';
import { pathTo } from '../../../shared/routes';
import { PageHeader } from '../../ui/PageHeader';
import { AddwordRevenuePanel } from './AddwordRevenuePanel';
import { AffiliatePanel } from './AffiliatePanel';
import { AirlineCostingPanel } from './AirlineCostingPanel';
import { ApcReturnPanel } from './ApcReturnPanel';
import { BondingPanel } from './BondingPanel';
import { CustomerReportPanel } from './CustomerReportPanel';
import { DayReportPanel } from './DayReportPanel';
import { DebtorPanel } from './DebtorPanel';
import { DepartureCustomersPanel } from './DepartureCustomersPanel';
import { PaymentPanel } from './PaymentPanel';
import { RefundsPanel } from './RefundsPanel';
import { RevenuePanel } from './RevenuePanel';
import { RoomingPanel } from './RoomingPanel';
import { SalesPanel } from './SalesPanel';
import { TomsWorkingPanel } from './TomsWorkingPanel';

/** Each report's filter panel and one line on what its file holds. */
const PANELS: Record<ReportSlug, { Panel: ComponentType<{ name: string }>; about: string }> = {
  rooming: {
    Panel: RoomingPanel,
    about: 'One row per room booked, grouped by accommodation, with the guests and their requests.',
  },
  day_report: {
    Panel: DayReportPanel,
    about: "The day's money: every payment and refund with its method and the month's account.",
  },
  aged_debtor: {
    Panel: DebtorPanel,
    about: 'Bookings with a balance outstanding, aged into not due, 1–30, 31–60, 61–90 and 90+ days.',
  },
  bonding: {
    Panel: BondingPanel,
    about: 'Bookings by bonding type: customer money held, ATOL passengers and the APC due.',
  },
  sales: {
    Panel: SalesPanel,
    about: 'One row per booking: passengers, total due, paid, cost and margin.',
  },
  booking_customer_detail: {
    Panel: DepartureCustomersPanel,
    about: 'Every passenger departing: pickup or airport, room, date of birth, passport and contacts.',
  },
  customer_report: {
    Panel: CustomerReportPanel,
    about: 'Customers with their addresses, opt-outs, bookings and brochure requests.',
  },
  affiliate: {
    Panel: AffiliatePanel,
    about: "An affiliate's bookings with their totals and payments.",
  },
  revenue_report: {
    Panel: RevenuePanel,
    about: 'One row per departure: gross revenue, cancellation revenue, supplier costs and profit.',
  },
  payment_report: {
    Panel: PaymentPanel,
    about: 'Invoices (or affiliates’ adverts) with their payments and what is still outstanding.',
  },
  addword_revenue_report: {
    Panel: AddwordRevenuePanel,
    about: 'Adverts against the bookings and revenue they brought, and revenue per pound spent.',
  },
  airline_costing_report: {
    Panel: AirlineCostingPanel,
    about: 'Tour lines with an airline reference and their flight cost (CSV).',
  },
  toms_working: {
    Panel: TomsWorkingPanel,
    about:
      'VAT margin scheme (TOMS, Notice 709/5): per booking departing in the quarter, selling price, bought-in costs, margin and VAT, with a summary sheet to file from.',
  },
  refunds: {
    Panel: RefundsPanel,
    about:
      'Cancelled bookings with money given back or owed: due by (14 days), refunded on, days taken, late.',
  },
  atol_apc_return: {
    Panel: ApcReturnPanel,
    about:
      "Certificates issued in a month or quarter: passengers aged 2+, the APC due and licensable revenue, as the CAA's return.",
  },
};

const isSlug = (v: string | null): v is ReportSlug => REPORT_TYPES.some((r) => r.slug === v);

/**
 * Reports (/reports, spec 3 §2 Reports; issue #27 adds TOMS working, Refunds and the ATOL APC return): the report types in a list on the left (rooming by
 * default, §9; the choice kept in `?type=` so a link opens a report) and the chosen report's
 * filters on the right, each with its Generate button, progress and saved file.
 */
export function ReportsPage() {
  const [params] = useSearchParams();
  const asked = params.get('type');
  const slug: ReportSlug = isSlug(asked) ? asked : DEFAULT_REPORT;
  const type = REPORT_TYPES.find((r) => r.slug === slug) ?? REPORT_TYPES[0];
  const { Panel, about } = PANELS[slug];
  return (
    <>
      <PageHeader title="Reports" />
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
          <Paper withBorder radius="md" p={4} component="nav" aria-label="Report types">
            {REPORT_TYPES.map((r) => (
              <NavLink
                key={r.slug}
                component={Link}
                to={pathTo('reports', undefined, r.slug === DEFAULT_REPORT ? {} : { type: r.slug })}
                label={r.name}
                active={r.slug === slug}
                aria-current={r.slug === slug ? 'page' : undefined}
              />
            ))}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="report-title">
            <Stack gap="md">
              <div>
                <Title order={2} size="h3" id="report-title">
                  {type.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {about}
                </Text>
              </div>
              {/* A fresh form per report: its own filters, run and notices. */}
              <Panel key={slug} name={type.name} />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
