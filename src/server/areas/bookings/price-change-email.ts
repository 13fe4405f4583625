import Decimal from 'decimal.js';
import { ukDate } from '../../../shared/dates';
import { type GreetingName, greetingLine } from '../../../shared/greeting';
import { poundsText } from '../../../shared/money-text';
import type { Db } from '../../db/client';
import { escapeHtml } from '../../lib/html';
import { portalLinks } from '../../mail/portal-links';

/** What the price change email needs to say. */
export interface PriceChangeNotice {
  bookingId: number;
  ref: string;
  to: string;
  greeting: GreetingName;
  amount: string;
  reason: string;
  totalBefore: string;
  totalAfter: string;
  /** Set for a significant increase: the last day to answer (YYYY-MM-DD) and the percentage crossed. */
  decision: { respondBy: string; percent: string } | null;
}

/** The increase as a percentage of the total before, to 2 decimals ('8.01'); decimal.js. */
export function increasePercent(amount: string, totalBefore: string): string {
  const before = new Decimal(totalBefore);
  return before.lte(0)
    ? '100.00'
    : new Decimal(amount).mul(100).div(before).toFixed(2, Decimal.ROUND_HALF_UP);
}

/**
 * The email of a price change (issue #27) — the durable medium of PTR 2018 reg. 10 ("with a
 * justification for that increase and a calculation") and, for a significant increase, reg. 11(4):
 * the change and its effect on the price, the period to answer (the response date), and the
 * consequence of not answering (deemed accepted), with the choice to accept or to cancel without a
 * cancellation charge, both on the customer's side behind the personal link (from APP_URL).
 * Answers subject and HTML (the outbox adds the footer and the text part).
 */
export async function priceChangeEmail(
  tx: Db,
  n: PriceChangeNotice,
  appUrl: string | undefined,
): Promise<{ subject: string; html: string }> {
  const reduction = new Decimal(n.amount).lt(0);
  const amountText = poundsText(new Decimal(n.amount).abs().toFixed(2));
  const ref = escapeHtml(n.ref);
  const links = appUrl ? await portalLinks(tx, n.bookingId, appUrl, n.to) : null;
  const calculation = `<table cellpadding="4" style="border-collapse:collapse">
<tr><td>Total price before</td><td style="text-align:right">${poundsText(n.totalBefore)}</td></tr>
<tr><td>${reduction ? 'Reduction' : 'Increase'}: ${escapeHtml(n.reason)}</td><td style="text-align:right">${reduction ? '−' : '+'} ${amountText}</td></tr>
<tr><td><strong>New total price</strong></td><td style="text-align:right"><strong>${poundsText(n.totalAfter)}</strong></td></tr>
</table>`;
  const parts = [`<p>${escapeHtml(greetingLine(n.greeting))}</p>`];
  if (reduction) {
    parts.push(
      `<p>Good news: the price of your booking <strong>${ref}</strong> has gone down by ${amountText} (${escapeHtml(n.reason)}).</p>`,
      calculation,
    );
  } else {
    const pct = increasePercent(n.amount, n.totalBefore);
    parts.push(
      `<p>We have to increase the price of your booking <strong>${ref}</strong> by ${amountText} (${pct}% of the total price). The reason: ${escapeHtml(n.reason)}. Your booking conditions allow this change, which follows a change in the costs named there (fuel, taxes or fees, or exchange rates).</p>`,
      `<p>The calculation:</p>`,
      calculation,
    );
    if (n.decision) {
      const by = ukDate(n.decision.respondBy);
      parts.push(
        `<p>Because the increase is more than ${escapeHtml(n.decision.percent)}% of the total price, you may choose to:</p>`,
        '<ul><li><strong>accept the new price</strong> of ' +
          `${poundsText(n.totalAfter)}, or</li><li><strong>cancel your booking without a cancellation charge</strong>, and we refund everything you have paid.</li></ul>`,
        `<p>Please tell us your choice by <strong>${by}</strong>${links ? ` on <a href="${escapeHtml(links.manage)}">your booking's page</a>, where you will find both buttons,` : ''} or by replying to this email or calling us.</p>`,
        `<p>If we have not heard from you by ${by}, the new price of ${poundsText(n.totalAfter)} will be taken as accepted.</p>`,
      );
    }
  }
  if (links && !n.decision)
    parts.push(
      `<p>You can see your booking at any time: <a href="${escapeHtml(links.manage)}">Manage your booking</a></p>`,
    );
  return {
    subject: n.decision
      ? `Price change to your booking ${n.ref}: please reply by ${ukDate(n.decision.respondBy)}`
      : `Price change to your booking ${n.ref}`,
    html: parts.join('\n'),
  };
}
