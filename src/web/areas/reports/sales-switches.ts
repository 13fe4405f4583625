import type { SALES_REPORT_TYPES } from '../../../shared/api/reports';

export type SalesReportType = (typeof SALES_REPORT_TYPES)[number];

/** The sales report's three switches and the report_type they set. */
export interface SalesSwitches {
  include_confirmed: boolean;
  include_cancelled: boolean;
  include_cancelled_pending: boolean;
  report_type: SalesReportType;
}

export type SalesSwitch = 'include_confirmed' | 'include_cancelled' | 'include_cancelled_pending';

/** Spec 3 §9: the sales report starts on confirmed. */
export const DEFAULT_SALES_SWITCHES: SalesSwitches = {
  include_confirmed: true,
  include_cancelled: false,
  include_cancelled_pending: false,
  report_type: 'confirmed',
};

/**
 * Spec 3 §4 'Sales report switches': turning on confirmed/paid sets report_type confirmed and turns
 * off cancelled-pending; cancelled sets report_type cancelled and turns off cancelled-pending;
 * cancelled-pending sets report_type cancelled_pending and turns off confirmed and cancelled.
 * Turning a switch off (the spec is silent) leaves the others; report_type follows the switch still
 * on (confirmed first), or stays as it was when none is.
 */
export function flipSalesSwitch(s: SalesSwitches, which: SalesSwitch, on: boolean): SalesSwitches {
  if (on) {
    if (which === 'include_confirmed')
      return { ...s, include_confirmed: true, include_cancelled_pending: false, report_type: 'confirmed' };
    if (which === 'include_cancelled')
      return { ...s, include_cancelled: true, include_cancelled_pending: false, report_type: 'cancelled' };
    return {
      include_confirmed: false,
      include_cancelled: false,
      include_cancelled_pending: true,
      report_type: 'cancelled_pending',
    };
  }
  const next = { ...s, [which]: false };
  const report_type: SalesReportType = next.include_confirmed
    ? 'confirmed'
    : next.include_cancelled
      ? 'cancelled'
      : next.include_cancelled_pending
        ? 'cancelled_pending'
        : s.report_type;
  return { ...next, report_type };
}
