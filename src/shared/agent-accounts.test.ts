import { describe, expect, it } from 'vitest';
import { agentAccounts, bookingTotals } from './booking-totals';

// Spec 1 §9 agent accounts: the rule behind the staff screen and the agent's side (issue #25).
describe('spec 1 §9 agent accounts', () => {
  it("agent accounts: 'commission = (total due - non-commissionables) times commission percent; VAT = commission times booking_vat_percent; balance = total due - paid - (commission + VAT), floored at 0'", () => {
    const t = bookingTotals({
      tour_lines: [{ price: '750.00', guests: 2 }],
      extras: [
        { price: '40.00', qty: 2, commissionable: false },
        { price: '20.00', qty: 1 },
      ],
      discounts: [],
      paid: '300.00',
      agent_commission_percent: '10',
      vat_percent: '20',
    });
    // total 1500 + 80 + 20 = 1600; non-comm 80; commission (1600 − 80) × 10 % = 152.00; VAT 30.40
    // agent balance 1600 − 300 − 182.40 = 1117.60; the customer-side balance is 1600 − 300 = 1300
    expect(t).toMatchObject({
      total_due: '1600.00',
      non_commissionable_extras: '80.00',
      commission: '152.00',
      vat: '30.40',
      agent_balance: '1117.60',
      balance: '1300.00',
      credit: '0.00',
    });
    const paidUp = bookingTotals({
      tour_lines: [{ price: '750.00', guests: 2 }],
      extras: [],
      discounts: [],
      paid: '1500.00',
      agent_commission_percent: '10',
      vat_percent: '20',
    });
    expect(paidUp.agent_balance).toBe('0.00'); // floored at 0
    expect(paidUp.balance).toBe('0.00');
  });

  it('agentAccounts: the same agent accounts from stored figures (the statement reads these); half-up pence; no rate, no commission', () => {
    // (1234.57 − 80.00) × 12.5 % = 144.32125 → 144.32; VAT 20 % of 144.32 = 28.864 → 28.86
    // balance 1234.57 − 200.00 − 173.18 = 861.39
    expect(
      agentAccounts({
        total_due: '1234.57',
        paid: '200.00',
        non_commissionable_extras: '80.00',
        commission_percent: '12.5',
        vat_percent: '20',
      }),
    ).toEqual({ commission: '144.32', vat: '28.86', net_due: '1061.39', agent_balance: '861.39' });
    // Paid beyond total due less commission: floored at 0.00.
    expect(
      agentAccounts({
        total_due: '1000',
        paid: '950',
        non_commissionable_extras: '0',
        commission_percent: '10',
        vat_percent: '20',
      }).agent_balance,
    ).toBe('0.00');
    // No agent rate: nothing earned, the balance is total due − paid.
    expect(
      agentAccounts({
        total_due: '500',
        paid: '100',
        non_commissionable_extras: '0',
        commission_percent: null,
        vat_percent: '20',
      }),
    ).toEqual({ commission: '0.00', vat: '0.00', net_due: '500.00', agent_balance: '400.00' });
    // Non-commissionable extras beyond the total due (a big discount): commission never negative.
    expect(
      agentAccounts({
        total_due: '50',
        paid: '0',
        non_commissionable_extras: '80',
        commission_percent: '10',
        vat_percent: '20',
      }).commission,
    ).toBe('0.00');
  });

  it("a cancelled agent booking's accounts count the cancellation value, not the total it no longer owes", () => {
    // Total due 1,048.00; cancelled with a 350.00 charge after 100.00 paid; 12.5 % and VAT 20 %:
    // commission 350.00 × 12.5 % = 43.75, VAT 8.75, agent balance 350 − 100 − 52.50 = 197.50.
    const t = bookingTotals({
      tour_lines: [{ price: '524.00', guests: 2 }],
      extras: [],
      discounts: [],
      paid: '100.00',
      agent_commission_percent: '12.5',
      vat_percent: '20',
      cancelled: true,
      cancellation_charge: '350.00',
    });
    expect(t).toMatchObject({
      total_due: '1048.00',
      commission: '43.75',
      vat: '8.75',
      agent_balance: '197.50',
    });
  });
});
