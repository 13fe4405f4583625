import { describe, expect, it } from 'vitest';
import { DEFAULT_SALES_SWITCHES, flipSalesSwitch } from './sales-switches';

describe('sales report switches (spec 3 §4)', () => {
  it('starts on confirmed (spec 3 §9: default sales report_type confirmed)', () => {
    expect(DEFAULT_SALES_SWITCHES).toEqual({
      include_confirmed: true,
      include_cancelled: false,
      include_cancelled_pending: false,
      report_type: 'confirmed',
    });
  });

  it("'cancelled-pending sets report_type cancelled_pending and turns off confirmed and cancelled'", () => {
    const both = flipSalesSwitch(DEFAULT_SALES_SWITCHES, 'include_cancelled', true);
    expect(flipSalesSwitch(both, 'include_cancelled_pending', true)).toEqual({
      include_confirmed: false,
      include_cancelled: false,
      include_cancelled_pending: true,
      report_type: 'cancelled_pending',
    });
  });

  it("'confirmed/paid sets report_type confirmed and turns off cancelled-pending'", () => {
    const pending = flipSalesSwitch(DEFAULT_SALES_SWITCHES, 'include_cancelled_pending', true);
    expect(flipSalesSwitch(pending, 'include_confirmed', true)).toEqual({
      include_confirmed: true,
      include_cancelled: false,
      include_cancelled_pending: false,
      report_type: 'confirmed',
    });
  });

  it("'cancelled sets report_type cancelled and turns off cancelled-pending', leaving confirmed on", () => {
    const pending = flipSalesSwitch(DEFAULT_SALES_SWITCHES, 'include_cancelled_pending', true);
    expect(flipSalesSwitch(pending, 'include_cancelled', true)).toEqual({
      include_confirmed: false,
      include_cancelled: true,
      include_cancelled_pending: false,
      report_type: 'cancelled',
    });
    expect(flipSalesSwitch(DEFAULT_SALES_SWITCHES, 'include_cancelled', true)).toEqual({
      include_confirmed: true,
      include_cancelled: true,
      include_cancelled_pending: false,
      report_type: 'cancelled',
    });
  });

  it('turning one off leaves report_type on the switch still on', () => {
    const both = flipSalesSwitch(DEFAULT_SALES_SWITCHES, 'include_cancelled', true);
    expect(flipSalesSwitch(both, 'include_cancelled', false).report_type).toBe('confirmed');
    expect(flipSalesSwitch(both, 'include_confirmed', false).report_type).toBe('cancelled');
    const none = flipSalesSwitch(DEFAULT_SALES_SWITCHES, 'include_confirmed', false);
    expect(none).toEqual({ ...DEFAULT_SALES_SWITCHES, include_confirmed: false });
  });
});
