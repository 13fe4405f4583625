import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { GROUP_PAYMENT_MESSAGES, type GroupPaymentValues } from '../../../shared/api/group-payments';
import { INVOICE_MESSAGES } from '../../../shared/api/invoices';
import { ukDate } from '../../../shared/dates';
import { leftToAssign, moreThan } from '../../../shared/money-owed';
import { currencySymbol, exchangeRateText, poundsText } from '../../../shared/money-text';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { party_invoices, tour_group_payments } from '../../db/schema';
import { INK, loadLetterhead, onLetterhead } from '../../documents/letterhead';
import { renderPdf } from '../../documents/pdf';
import { notFound, validationError } from '../../http/errors';
import { recordAudit } from '../../lib/audit';
import { AUDIT, findInvoice, invoiceAuditView, partyScope, type StoredInvoice } from '../invoices';
import {
  findAnyGroupPayment,
  findGroupPayment,
  groupPassengers,
  groupPaymentAnswer,
  type StoredGroupPayment,
} from './payments-queries';

/**
 * Changing a group's internal payments (spec 3 §2 'Suppliers, Services & Payments', §3, §4 add or
 * edit, §5): one transaction each, with the audit rows (scope 'tour_group:{id}'; the invoice's own
 * 'total_linked' change under its party's scope). The invoice amount assigned to a group may not
 * exceed the invoice's amount ('Please provide valid invoice amount less than {amount}') nor what is
 * left to link, checked under the invoice's row lock (invoices locked in ascending id).
 */

const groupScope = (id: number) => `tour_group:${id}`;

/** What the history shows of an internal payment. */
const auditView = (p: StoredGroupPayment | null) =>
  p && {
    payment_for: p.payment_for === 1 ? 'Supplier' : 'Tour manager',
    party: p.supplier_id ? p.supplier_name : `${p.firstname ?? ''} ${p.lastname ?? ''}`.trim(),
    service_type: p.service_name,
    accommodation: p.accommodation_name,
    room: p.accommodation_id ? (p.room_name ?? 'All') : null,
    estimated_cost: p.estimated_cost,
    currency_type: p.currency_type,
    currency_exchange_rate: new Decimal(p.currency_exchange_rate).toFixed(),
    per_person_basis: p.per_person_basis,
    supplier_invoice: p.invoice_number,
    invoice_asigned_amount: p.invoice_asigned_amount,
  };

/** Moves an invoice's total linked by `delta` (decimal text) and writes it to the party's history. */
async function moveLinked(tx: Db, inv: StoredInvoice, delta: string, userId: number) {
  if (new Decimal(delta).isZero()) return;
  await tx
    .update(party_invoices)
    .set({ total_linked: sql`${party_invoices.total_linked} + ${delta}::numeric`, updated_at: sql`now()` })
    .where(eq(party_invoices.id, inv.id));
  const after = await findInvoice(tx, inv.id);
  const partyId = (inv.supplier_id ?? inv.tour_manager_id ?? inv.affiliate_id) as number;
  await recordAudit(tx, {
    entity: AUDIT.invoice,
    entityId: inv.id,
    action: 'updated',
    before: invoiceAuditView(inv),
    after: invoiceAuditView(after),
    userId,
    scope: partyScope(inv.invoice_for, partyId),
  });
}

/**
 * POST tours/groups/{id}/handle-internal-payments: adds (flag add) or edits (flag edit) an internal
 * payment of group `groupId`. The party must exist; an invoice must be the party's. Answers the id.
 */
export async function saveGroupPayment(db: Db, groupId: number, v: GroupPaymentValues, userId: number) {
  const [group] = await queryRows(db, sql`select 1 from tour_groups where id = ${groupId}`);
  if (!group) throw notFound('Group not found.');
  const supplierId = v.payment_for === 1 ? (v.supplier_id ?? null) : null;
  const managerId = v.payment_for === 2 ? (v.tour_manager_id ?? null) : null;
  const checks = await queryRows<{ party: boolean; service: boolean; acc: boolean; room: boolean }>(
    db,
    sql`select
      ${supplierId ? sql`exists(select 1 from suppliers where id = ${supplierId})` : sql`exists(select 1 from tour_managers where id = ${managerId ?? 0})`} as party,
      ${v.service_type_id ? sql`exists(select 1 from service_types where id = ${v.service_type_id})` : sql`true`} as service,
      ${v.accommodation_id ? sql`exists(select 1 from accommodations where id = ${v.accommodation_id})` : sql`true`} as acc,
      ${v.accommodation_room_id ? sql`exists(select 1 from accommodation_rooms where id = ${v.accommodation_room_id} and accommodation_id = ${v.accommodation_id ?? 0})` : sql`true`} as room`,
  );
  const c = checks[0];
  const errors: Record<string, string[]> = {};
  if (!c.party)
    errors[supplierId ? 'supplier_id' : 'tour_manager_id'] = [
      supplierId ? 'Supplier not found.' : 'Tour manager not found.',
    ];
  if (!c.service) errors.service_type_id = ['Service type not found.'];
  if (!c.acc) errors.accommodation_id = ['Accommodation not found.'];
  if (!c.room) errors.accommodation_room_id = ['That room is not a room of the accommodation.'];
  if (Object.keys(errors).length) throw validationError(errors);
  const rate = v.currency_type === 'Sterling' ? '1' : (v.currency_exchange_rate ?? null);
  if (!rate && v.estimated_cost)
    throw validationError({ currency_exchange_rate: ['Give the exchange rate of the estimated cost.'] });

  return inTransaction(db, async (tx) => {
    let before: StoredGroupPayment | null = null;
    if (v.flag === 'edit') {
      const [locked] = await queryRows(
        tx,
        sql`select 1 from tour_group_payments where id = ${v.tour_group_payment_id ?? 0} and tour_group_id = ${groupId} for update`,
      );
      if (!locked) throw notFound(GROUP_PAYMENT_MESSAGES.notFound);
      before = await findGroupPayment(tx, groupId, v.tour_group_payment_id as number);
    }
    // Lock the invoices involved, in ascending id.
    const invoiceIds = [
      ...new Set([before?.supplier_invoice_id, v.supplier_invoice_id].filter((x): x is number => !!x)),
    ].sort((a, b) => a - b);
    const invoices = new Map<number, StoredInvoice>();
    for (const id of invoiceIds) invoices.set(id, await findInvoice(tx, id, undefined, true));
    const inv = v.supplier_invoice_id ? invoices.get(v.supplier_invoice_id) : undefined;
    if (inv) {
      const owner = v.payment_for === 1 ? inv.supplier_id : inv.tour_manager_id;
      if (owner !== (supplierId ?? managerId))
        throw validationError({ supplier_invoice_id: [GROUP_PAYMENT_MESSAGES.invoiceOfOtherParty] });
      const assigned = v.invoice_asigned_amount as string;
      if (moreThan(assigned, inv.invoice_amount)) {
        const message = INVOICE_MESSAGES.assignedLessThan(inv.invoice_amount);
        throw validationError({ invoice_asigned_amount: [message] }, message);
      }
      const freed = before?.supplier_invoice_id === inv.id ? (before.invoice_asigned_amount ?? '0') : '0';
      const left = leftToAssign(inv.invoice_amount, inv.total_linked, freed);
      if (moreThan(assigned, left)) {
        const message = INVOICE_MESSAGES.overLink(left);
        throw validationError({ invoice_asigned_amount: [message] }, message);
      }
    }
    const row = {
      payment_for: v.payment_for,
      supplier_id: supplierId,
      tour_manager_id: managerId,
      service_type_id: v.service_type_id ?? null,
      accommodation_id: v.accommodation_id ?? null,
      accommodation_room_id: v.accommodation_id && v.accommodation_room_id ? v.accommodation_room_id : null,
      estimated_cost: v.estimated_cost ?? null,
      currency_type: v.currency_type,
      currency_exchange_rate: rate ?? '1',
      per_person_basis: v.per_person_basis,
      supplier_invoice_id: v.supplier_invoice_id ?? null,
      invoice_asigned_amount: v.supplier_invoice_id ? (v.invoice_asigned_amount ?? null) : null,
    };
    let id: number;
    if (before) {
      await tx
        .update(tour_group_payments)
        .set({ ...row, updated_at: sql`now()` })
        .where(eq(tour_group_payments.id, before.id));
      id = before.id;
    } else {
      const [created] = await tx
        .insert(tour_group_payments)
        .values({ ...row, tour_group_id: groupId })
        .returning({ id: tour_group_payments.id });
      id = created.id;
    }
    // Each invoice's total linked follows: the old assignment freed, the new one taken.
    for (const invId of invoiceIds) {
      const stored = invoices.get(invId) as StoredInvoice;
      let delta = new Decimal(0);
      if (before?.supplier_invoice_id === invId) delta = delta.minus(before.invoice_asigned_amount ?? 0);
      if (row.supplier_invoice_id === invId) delta = delta.plus(row.invoice_asigned_amount ?? 0);
      await moveLinked(tx, stored, delta.toFixed(2), userId);
    }
    const after = await findGroupPayment(tx, groupId, id);
    await recordAudit(tx, {
      entity: AUDIT.groupPayment,
      entityId: id,
      action: before ? 'updated' : 'created',
      before: auditView(before),
      after: auditView(after),
      userId,
      scope: groupScope(groupId),
    });
    return id;
  });
}

/** POST tours/groups/{id}/delete-internal-payments/{paymentId}: its invoice amount is free to link again. */
export async function deleteGroupPayment(db: Db, groupId: number, paymentId: number, userId: number) {
  await inTransaction(db, async (tx) => {
    const [locked] = await queryRows<{ supplier_invoice_id: number | null }>(
      tx,
      sql`select supplier_invoice_id from tour_group_payments where id = ${paymentId} and tour_group_id = ${groupId} for update`,
    );
    if (!locked) throw notFound(GROUP_PAYMENT_MESSAGES.notFound);
    const inv = locked.supplier_invoice_id
      ? await findInvoice(tx, locked.supplier_invoice_id, undefined, true)
      : null;
    const before = await findGroupPayment(tx, groupId, paymentId);
    await tx.delete(tour_group_payments).where(eq(tour_group_payments.id, paymentId));
    if (inv)
      await moveLinked(tx, inv, new Decimal(before.invoice_asigned_amount ?? 0).neg().toFixed(2), userId);
    await recordAudit(tx, {
      entity: AUDIT.groupPayment,
      entityId: paymentId,
      action: 'deleted',
      before: auditView(before),
      userId,
      scope: groupScope(groupId),
    });
  });
}

const money = (amount: string | null, currency: string | null) => {
  if (amount === null) return '—';
  if (currency === 'EUR') return `€${new Decimal(amount).toFixed(2)}`;
  if (currency === 'USD') return `$${new Decimal(amount).toFixed(2)}`;
  return poundsText(amount);
};

/**
 * POST suppliers/download-internal-payment-invocie/{id}: the internal payment's invoice — the
 * stored invoice PDF when its invoice has one (answered as `{ key }`), else a payment advice
 * rendered with pdfmake on the letterhead (answered as `{ pdf }`). Named Payment-Invoice.pdf.
 */
export async function paymentInvoice(
  db: Db,
  paymentId: number,
): Promise<{ key: string; pdf?: undefined } | { pdf: Buffer; key?: undefined }> {
  const p = await findAnyGroupPayment(db, paymentId);
  if (p.payment_invoice_file_key) return { key: p.payment_invoice_file_key };
  const [g] = await queryRows<{ tour_name: string; start_date: string }>(
    db,
    sql`select t.name as tour_name, g.start_date::text as start_date from tour_groups g join tours t on t.id = g.tour_id where g.id = ${p.tour_group_id}`,
  );
  const party = p.supplier_id ? (p.supplier_name ?? '') : `${p.firstname ?? ''} ${p.lastname ?? ''}`.trim();
  const passengers = await groupPassengers(db, p.tour_group_id);
  const answer = groupPaymentAnswer(p, passengers);
  const label = (text: string) => ({ text, color: INK.muted, fontSize: 8.5 });
  const rows: [string, string][] = [
    ['Payment for', p.payment_for === 1 ? 'Supplier' : 'Tour manager'],
    [p.payment_for === 1 ? 'Supplier' : 'Tour manager', party],
    ['Tour', g?.tour_name ?? ''],
    ['Departure', g ? ukDate(g.start_date) : ''],
    ['Service', p.service_name ?? '—'],
    ['Accommodation', p.accommodation_name ? `${p.accommodation_name} — ${p.room_name ?? 'All rooms'}` : '—'],
    [
      'Estimated cost',
      p.estimated_cost
        ? `${money(p.estimated_cost, p.currency_type)}${p.per_person_basis ? ` per person × ${passengers}` : ''}${
            p.currency_type !== 'Sterling'
              ? ` (${exchangeRateText(currencySymbol(p.currency_type), p.currency_exchange_rate)})`
              : ''
          }`
        : '—',
    ],
    [
      'Invoice',
      p.invoice_number
        ? `${p.invoice_number}, due ${p.invoice_due_date ? ukDate(p.invoice_due_date) : '—'}`
        : 'No invoice yet',
    ],
    [
      'Invoice amount assigned',
      p.invoice_asigned_amount ? money(p.invoice_asigned_amount, p.invoice_currency) : '—',
    ],
  ];
  const def = onLetterhead(await loadLetterhead(db), {
    title: 'Payment advice',
    reference: `Group payment ${p.id}`,
    content: [
      { text: 'Payment advice', fontSize: 16, bold: true, color: INK.accent, margin: [0, 0, 0, 4] },
      {
        text: `${party} — ${g?.tour_name ?? ''}, departing ${g ? ukDate(g.start_date) : ''}`,
        color: INK.muted,
        margin: [0, 0, 0, 14],
      },
      {
        table: {
          widths: [150, '*'],
          body: rows.map(([k, val]) => [label(k), { text: val }]),
        },
        layout: {
          hLineWidth: () => 0.6,
          vLineWidth: () => 0,
          hLineColor: () => INK.rule,
          paddingTop: () => 6,
          paddingBottom: () => 6,
        },
      },
      {
        margin: [0, 16, 0, 0],
        table: {
          widths: ['*', 'auto'],
          body: [
            [
              { text: 'Cost to the group', bold: true, color: INK.accent },
              {
                text: poundsText(String(answer.supplier_cost)),
                bold: true,
                color: INK.accent,
                alignment: 'right',
              },
            ],
          ],
        },
        layout: {
          fillColor: () => INK.accentSoft,
          hLineWidth: () => 0,
          vLineWidth: () => 0,
          paddingTop: () => 8,
          paddingBottom: () => 8,
          paddingLeft: () => 10,
          paddingRight: () => 10,
        },
      },
      {
        text: p.invoice_number
          ? 'The cost is the invoice amount assigned to this group divided by the invoice’s exchange rate.'
          : p.per_person_basis
            ? `The cost is the estimate per person times the passengers counted on the group (Paid or Confirmed bookings)${
                p.currency_type === 'Sterling' ? '' : ', divided by the estimate’s exchange rate'
              }.`
            : `The cost is the estimate for the group${
                p.currency_type === 'Sterling' ? '' : ', divided by the estimate’s exchange rate'
              }.`,
        color: INK.muted,
        fontSize: 8.5,
        margin: [0, 8, 0, 0],
      },
    ],
  });
  return { pdf: await renderPdf(def) };
}
