import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { agentBookingAnswer } from '../../../shared/api/agent-side';
import { bookingDocumentType } from '../../../shared/documents';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { getBookingDetail } from '../bookings';
import { issuedDocuments, portalBooking } from '../portal';

type AgentBooking = z.input<typeof agentBookingAnswer>;

/**
 * GET agent/bookings/{id} (issue #25): booking `bookingId` as its agency sees it — the customer's
 * view (`portalBooking`, whose schema names every field that may leave) without the card payment
 * and the customer's price-change card, plus the agent accounts of spec 1 §9 from the staff detail's
 * own totals (so they equal the staff screen's to the penny), who made it, and the documents issued
 * to the customer or the agency (the Agent invoice included). The caller has checked the booking is
 * the agency's (`assertAgencyBooking`).
 */
export async function agentBooking(
  db: Db,
  config: Pick<Config, 'ECOMMPAY_PROJECT_ID' | 'ECOMMPAY_SECRET_KEY'>,
  bookingId: number,
  today: string,
): Promise<AgentBooking> {
  const detail = await getBookingDetail(db, bookingId);
  const b = detail.data.booking[0];
  const [view, documents] = await Promise.all([
    portalBooking(db, config, bookingId, today, detail),
    issuedDocuments(db, bookingId, undefined, 'agent'),
  ]);
  const { pay: _pay, price_change: _priceChange, ...customerView } = view;
  const t = b.totals;
  return {
    ...customerView,
    id: b.id,
    created_from: b.created_from,
    created_by_agent_name: b.created_by_agent_name,
    accounts: {
      commission_percent: b.agent_comission_percent ?? '0.00',
      vat_percent: b.booking_vat_percent ?? '0.00',
      total_due: t.total_due,
      paid: t.paid,
      non_commissionable_extras: t.non_commissionable_extras,
      commission: t.commission,
      vat: t.vat,
      net_due: new Decimal(t.total_due).minus(t.commission).minus(t.vat).toFixed(2),
      net_balance: t.agent_balance,
    },
    agent_invoice: b.tour_bookings.length > 0,
    // The newest of each type (a re-issued document replaces the one before).
    documents: documents
      .filter((d, i, all) => all.findIndex((x) => x.doc_type === d.doc_type) === i)
      .map((d) => ({
        id: d.id,
        label: bookingDocumentType(d.doc_type)?.label ?? d.doc_type,
        name: d.name,
        issued_at: d.issued_at,
      })),
  };
}
