import Decimal from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type acceptChangeSchema,
  type BookingUpdate,
  type cancelSchema,
  type customAirlineSchema,
  MESSAGES,
} from '../../../shared/api/booking-edit';
import { money, percentOf } from '../../../shared/booking-totals';
import { daysBetween, londonToday, ukDate } from '../../../shared/dates';
import { BOOKING_CHANGES_TEMPLATE } from '../../../shared/email-templates';
import { type GreetingName, greetingLine } from '../../../shared/greeting';
import { poundsText } from '../../../shared/money-text';
import { type Db, queryRows } from '../../db/client';
import { uniqueAs } from '../../http/db-errors';
import { HttpError, validationError } from '../../http/errors';
import { escapeHtml } from '../../lib/html';
import { enqueueEmail, type Outbox } from '../../mail/outbox';
import { manageBookingParagraph } from '../../mail/portal-links';
import type { FileStore } from '../../storage/files';
import { systemSetting } from '../system-settings';
import { ATOL_EMAIL_KIND, releaseHeldCertificates } from './documents/atol';
import { type EmailDeps, TEMPLATE_SLUGS, templateBySlug } from './email-message';
import { writeBookingEmail } from './email-service';
import { inTransaction, lockBooking, recomputeBooking, writeHistory } from './ledger';
import { NO_RECIPIENT_EMAIL, RECIPIENT, RECIPIENT_GREETING } from './recipient';
import { byRoomStock, releaseLine, storedLines } from './tour-lines';

/**
 * Use cases of a whole booking (spec 1 §2 New booking / Booking edit summary, §4 states, §5): each
 * runs in ONE transaction, locks the booking, writes history and recomputes the money (ledger.ts).
 * `userId` is the acting member of staff.
 */

async function partyName(tx: Db, kind: 'customer' | 'agent' | 'affiliate', id: number) {
  const q =
    kind === 'customer'
      ? sql`select full_name as name from customers where id = ${id}`
      : kind === 'agent'
        ? sql`select name from agents where id = ${id}`
        : sql`select name from affiliates where id = ${id}`;
  const [row] = await queryRows<{ name: string }>(tx, q);
  if (!row) throw validationError({ [`${kind}_id`]: [`Choose a ${kind} from the list.`] });
  return row.name;
}

/**
 * POST bookings/{id} (spec 1 §7): changes the summary fields that are sent — booking_ref (unique;
 * 422 when taken), linking or unlinking customer / agent / affiliate (a booking keeps a customer or
 * an agent: 422 partyRequired otherwise; linking an agent takes its commission percent), balance
 * and deposit due dates, commission percent, bonding type, cancellation charge, special request.
 * With intimate_customer 'yes' the customer (else the agent) is emailed the reasons through the
 * outbox, in the same transaction. 409 when `version` is stale. Answers the new version.
 */
export async function updateBooking(
  db: Db,
  mail: { files: FileStore; outbox: Outbox },
  id: number,
  v: BookingUpdate,
  userId: number,
) {
  const notify = v.intimate_customer === 'yes';
  if (notify && !v.intimate_customer_reasons?.length)
    throw validationError({ intimate_customer_reasons: ['Choose at least one reason for the change.'] });
  const result = await inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, id, v.version);
    const sets: SQL[] = [];
    const notes: string[] = [];
    if (v.booking_ref !== undefined && v.booking_ref.toUpperCase() !== b.booking_ref) {
      sets.push(sql`booking_ref = ${v.booking_ref.toUpperCase()}`);
      notes.push(`Booking ref changed from ${b.booking_ref ?? '—'} to ${v.booking_ref.toUpperCase()}`);
    }
    const customer = v.customer_id === undefined ? b.customer_id : v.customer_id;
    const agent = v.agent_id === undefined ? b.agent_id : v.agent_id;
    if (!customer && !agent)
      throw validationError({ customer_id: [MESSAGES.partyRequired] }, MESSAGES.partyRequired);
    for (const kind of ['customer', 'agent', 'affiliate'] as const) {
      const next = v[`${kind}_id`];
      const current = b[`${kind}_id`];
      if (next === undefined || next === current) continue;
      if (next === null) {
        notes.push(`${kind[0].toUpperCase()}${kind.slice(1)} unlinked`);
      } else {
        notes.push(`${kind[0].toUpperCase()}${kind.slice(1)} linked: ${await partyName(tx, kind, next)}`);
      }
      sets.push(sql`${sql.identifier(`${kind}_id`)} = ${next}`);
      if (kind === 'agent') {
        if (next === null) sets.push(sql`agent_comission_percent = null, agent_confirmed = false`);
        else if (v.agent_comission_percent === undefined)
          sets.push(sql`agent_comission_percent = (select commission from agents where id = ${next})`);
      }
    }
    if (v.balance_due !== undefined || v.deposit_due !== undefined) {
      // The schedule rule (src/shared/payment-schedule.ts): the deposit is never due on or after the balance.
      const [cur] = await queryRows<{ balance_due: string | null; deposit_due: string | null }>(
        tx,
        sql`select balance_due::text as balance_due, deposit_due::text as deposit_due from bookings where id = ${id}`,
      );
      const balanceDue = v.balance_due === undefined ? cur.balance_due : v.balance_due || null;
      const depositDue = v.deposit_due === undefined ? cur.deposit_due : v.deposit_due || null;
      if (balanceDue && depositDue && depositDue >= balanceDue)
        throw validationError({
          [v.deposit_due !== undefined ? 'deposit_due' : 'balance_due']: [
            `The deposit must fall due before the balance (deposit ${ukDate(depositDue)}, balance ${ukDate(balanceDue)}).`,
          ],
        });
    }
    const simple: [keyof BookingUpdate, string][] = [
      ['balance_due', 'Balance due date'],
      ['deposit_due', 'Deposit due date'],
      ['agent_comission_percent', 'Agent commission %'],
      ['bonding_type', 'Bonding type'],
      ['cancellation_charge', 'Cancellation charge'],
      ['special_request', 'Special request'],
    ];
    for (const [field, label] of simple) {
      const value = v[field];
      if (value === undefined) continue;
      if (field === 'cancellation_charge' && !b.cancelled_at)
        throw validationError({
          cancellation_charge: ['A cancellation charge applies to a cancelled booking only.'],
        });
      sets.push(sql`${sql.identifier(field)} = ${value === '' ? null : value}`);
      notes.push(`${label} set to ${value === '' ? '—' : String(value)}`);
    }
    let recipient: ({ email: string | null; ref: string | null } & GreetingName) | null = null;
    if (notify) {
      [recipient] = await queryRows<{ email: string | null; ref: string | null } & GreetingName>(
        tx,
        sql`select ${RECIPIENT.email} as email, ${RECIPIENT_GREETING}, b.booking_ref as ref
            from bookings b ${RECIPIENT.joins} where b.id = ${id}`,
      );
      if (!recipient?.email) throw validationError({ intimate_customer: [NO_RECIPIENT_EMAIL] });
      notes.push(`Customer notified: ${(v.intimate_customer_reasons ?? []).join(', ')}`);
    }
    if (sets.length === 0 && !notify) return { version: b.version, changed: false, recipient };
    if (sets.length === 0) sets.push(sql`updated_at = now()`);
    await uniqueAs(
      () => tx.execute(sql`update bookings set ${sql.join(sets, sql`, `)} where id = ${id}`),
      'booking_ref',
      'This booking ref is already used by another booking.',
    );
    const historyId = await writeHistory(tx, {
      bookingId: id,
      userId,
      type: 'Booking',
      action: 'Booking updated',
      comment: notes.join('; '),
    });
    if (notify && recipient?.email) {
      const reasons = v.intimate_customer_reasons ?? [];
      const ref = recipient.ref ?? String(id);
      await enqueueEmail(tx, mail.files, {
        kind: 'booking-update',
        to: recipient.email,
        subject: `Your booking ${ref} has changed`,
        html: `<p>${escapeHtml(greetingLine(recipient))}</p><p>We have made changes to your booking <strong>${escapeHtml(ref)}</strong>:</p><ul>${reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul><p>Please get in touch if you have any questions.</p>${await manageBookingParagraph(tx, id, mail.outbox.appUrl, recipient.email)}`,
        bookingId: id,
        historyId,
        createdBy: userId,
      });
    }
    const { version } = await recomputeBooking(tx, id);
    return { version, changed: true, recipient };
  });
  if (notify) mail.outbox.kick();
  return { version: result.version, changed: result.changed, notified: notify };
}

/**
 * The cancellation charge the policy proposes (spec 3 §3 Cancellation policy; beyond spec 1 §4):
 * the policy of the booking's tour type (air and world-wide tours use 'air' policies, coach and
 * self-drive 'coach') whose day range holds the days left before departure — a percentage of the
 * total due (penalty_type 1) or an amount in pounds; after departure the whole total due; no
 * matching policy: 0.00. Pounds as text.
 */
export async function proposedCancellationCharge(db: Db, bookingId: number, today = londonToday()) {
  const [b] = await queryRows<{ total_due: string; departure_date: string | null; tour_type: string | null }>(
    db,
    sql`select b.total_due::text as total_due, b.departure_date::text as departure_date,
               (select t.tour_type from tour_bookings tb join tours t on t.id = tb.tour_id
                join tour_instances i on i.id = tb.tour_instance_id
                where tb.holiday_booking_id = b.id order by i.departure_date, tb.id limit 1) as tour_type
        from bookings b where b.id = ${bookingId}`,
  );
  if (!b?.departure_date || !b.tour_type) return '0.00';
  const days = daysBetween(today, b.departure_date);
  if (days < 0) return money(b.total_due);
  const type = b.tour_type === 'air' || b.tour_type === 'world-wide' ? 'air' : 'coach';
  const [policy] = await queryRows<{ penalty_type: number; penalty_charge: string }>(
    db,
    sql`select penalty_type, penalty_charge::text as penalty_charge from cancellation_policies
        where tour_type = ${type} and ${days} between days_before_end and days_before_start
        order by days_before_start limit 1`,
  );
  if (!policy) return '0.00';
  if (policy.penalty_type === 1) return money(percentOf(b.total_due, policy.penalty_charge));
  return money(policy.penalty_charge);
}

/**
 * POST bookings/{id}/cancel (spec 1 §4 Cancelled; role 1): sets cancelled_at and the cancellation
 * charge (given — 0.00 waives it — else the one the policy proposes), gives back every line's
 * rooms, and leaves the balance outstanding = charge − paid (negative: a refund due). 422 when
 * already cancelled.
 */
export async function cancelBooking(db: Db, id: number, v: z.infer<typeof cancelSchema>, userId: number) {
  return inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, id, v.version);
    if (b.cancelled_at) throw new HttpError(422, 'This booking is already cancelled.');
    const charge = v.cancellation_charge ?? (await proposedCancellationCharge(tx, id));
    return cancelLockedBooking(tx, id, charge, { userId });
  });
}

/**
 * cancelBooking's change on booking `id` (locked, live) in the caller's transaction; history by `who`
 * (a customer: userId null, actor 'customer'; `reason` leads the comment). Answers the totals.
 */
type Canceller = { userId: number | null; actor?: 'customer'; reason?: string };
export async function cancelLockedBooking(tx: Db, id: number, charge: string, who: Canceller) {
  const held = (await storedLines(tx, { bookingId: id })).sort(byRoomStock);
  for (const line of held) await releaseLine(tx, line);
  await tx.execute(
    sql`update bookings set cancelled_at = now(), cancellation_charge = ${charge} where id = ${id}`,
  );
  const { totals } = await recomputeBooking(tx, id);
  await writeHistory(tx, {
    ...{ bookingId: id, userId: who.userId, actor: who.actor },
    type: 'Booking',
    action: 'Booking cancelled',
    comment: `${who.reason ? `${who.reason}. ` : ''}${new Decimal(charge).isZero() ? 'Cancellation charge waived' : `Cancellation charge ${poundsText(charge)}`}; ${
      totals.refund_due !== '0.00'
        ? `refund due ${poundsText(totals.refund_due)}`
        : `balance outstanding ${poundsText(totals.balance)}`
    }. Rooms released.`,
  });
  return totals;
}

/** POST bookings/{id}/agent-confirm (spec 1 §4 Agent confirmation). 422 without an agent or when done. */
export async function confirmByAgent(db: Db, id: number, userId: number) {
  return inTransaction(db, async (tx) => {
    const b = await lockBooking(tx, id);
    if (!b.agent_id) throw new HttpError(422, 'This booking has no agent.');
    if (b.agent_confirmed) throw new HttpError(422, 'The agent has already confirmed this booking.');
    await tx.execute(sql`update bookings set agent_confirmed = true where id = ${id}`);
    await writeHistory(tx, {
      bookingId: id,
      userId,
      type: 'Booking',
      action: 'Agent confirmed',
      comment: 'Marked confirmed: the booking counts as confirmed even with no payment recorded.',
    });
    await recomputeBooking(tx, id, { staffChange: false });
  });
}

/**
 * POST bookings/{id}/accept-booking-change (spec 1 §4 Changes accepted): changes_accepted and
 * changes_reviewed become 1 (by admin, now), in one transaction with the email. With send_email
 * 'yes' the customer (else the agent; 422 when neither has an address) gets the 'booking-changes'
 * template (the shipped text when staff deleted it) through the outbox: the changes since they last
 * accepted (`{booking_changes}`), the updated Confirmation attached, and the ATOL Certificate when
 * a change re-issued one whose own email is still waiting (it rides here instead, issue #22 point
 * 2). With 'no', such a waiting certificate is sent on its own now. The history says what was
 * emailed and to whom. Answers accepted_at, and `email` {to, attached, warnings: documents left
 * out and why} when one was written.
 */
export async function acceptBookingChange(
  db: Db,
  mail: EmailDeps,
  id: number,
  v: z.infer<typeof acceptChangeSchema>,
  userId: number,
) {
  const copies: string[] = [];
  try {
    const result = await inTransaction(db, async (tx) => {
      await lockBooking(tx, id);
      const [row] = await queryRows<{
        accepted_at: string;
        customer_email: string | null;
        email: string | null;
        certificate_waiting: boolean;
      }>(
        tx,
        sql`update bookings b set changes_accepted = 1, changes_reviewed = 1, changes_accepted_at = now(),
                   changes_reviewed_at = now(), changes_accepted_from = 'admin', version = version + 1, updated_at = now()
            from (select b.id, ${RECIPIENT.email} as email, nullif(trim(c.email), '') as customer_email
                  from bookings b ${RECIPIENT.joins} where b.id = ${id}) p
            where b.id = p.id
            returning b.changes_accepted_at as accepted_at, p.email, p.customer_email,
                      exists (select 1 from email_outbox o where o.holiday_booking_id = b.id
                              and o.kind = ${ATOL_EMAIL_KIND} and o.status = 'pending') as certificate_waiting`,
      );
      let email: { to: string; attached: string[]; warnings: string[] } | null = null;
      if (v.send_email === 'yes') {
        if (!row.email) throw validationError({ send_email: [NO_RECIPIENT_EMAIL] });
        const [stored] = await queryRows<{ id: number }>(
          tx,
          sql`select id from email_templates where template_slug = ${TEMPLATE_SLUGS.bookingChanges}`,
        );
        const template = stored
          ? await templateBySlug(tx, TEMPLATE_SLUGS.bookingChanges)
          : { id: 0, ...BOOKING_CHANGES_TEMPLATE };
        const sent = await writeBookingEmail(
          tx,
          mail,
          id,
          userId,
          {
            to: row.customer_email ? 'customer' : 'agent',
            template,
            documents: ['invoice', ...(row.certificate_waiting ? ['atol'] : [])],
            kind: 'changes-accepted',
            history: {
              action: `Email sent to ${row.customer_email ? 'customer' : 'agent'}`,
              comment: (s) => `${s.subject}: emailed to ${s.to}${withFiles(s.attached)}`,
            },
          },
          copies,
        );
        email = { to: sent.to, attached: sent.attached, warnings: sent.warnings };
      } else {
        await releaseHeldCertificates(tx, id);
      }
      await writeHistory(tx, {
        bookingId: id,
        userId,
        type: 'Booking',
        action: 'Changes accepted',
        comment: email
          ? `By admin; emailed to ${email.to}${withFiles(email.attached)}`
          : 'By admin; no email sent',
      });
      return { accepted_at: row.accepted_at, email };
    });
    mail.outbox.kick();
    return { accepted_at: result.accepted_at, ...(result.email ? { email: result.email } : {}) };
  } catch (e) {
    await Promise.all(copies.map((k) => mail.files.remove(k)));
    throw e;
  }
}

/** ' with A.pdf and B.pdf' ('' with none): the files an email carried, for history and messages. */
export function withFiles(files: readonly string[]): string {
  if (files.length === 0) return '';
  return ` with ${files.length === 1 ? files[0] : `${files.slice(0, -1).join(', ')} and ${files.at(-1)}`}`;
}

/** The allowed domains of a custom airline reference email (spec 1 §4: a single fixed one). */
export async function allowedDomains(db: Db): Promise<string[]> {
  const domain = await systemSetting(db, 'airline_reference_email_domain');
  return domain ? [domain] : [];
}

/**
 * POST update-booking/{id}/update-booking-custom-airline (spec 1 §4): sets or clears the custom
 * airline reference email. The domain must be the allowed one and the address must be at it; both
 * blank switches it off.
 */
export async function updateCustomAirline(
  db: Db,
  id: number,
  v: z.infer<typeof customAirlineSchema>,
  userId: number,
) {
  const domains = await allowedDomains(db);
  if (v.allowed_domain && !domains.includes(v.allowed_domain))
    throw validationError({ allowed_domain: ['Choose the allowed domain from the list.'] });
  if (v.airline_reference_email && !v.allowed_domain)
    throw validationError({ allowed_domain: ['Choose the allowed domain from the list.'] });
  if (
    v.airline_reference_email &&
    v.allowed_domain &&
    !v.airline_reference_email.endsWith(`@${v.allowed_domain}`)
  )
    throw validationError({ airline_reference_email: [`The address must be at ${v.allowed_domain}.`] });
  return inTransaction(db, async (tx) => {
    await lockBooking(tx, id, v.version);
    await tx.execute(
      sql`update bookings set airline_reference_email = ${v.airline_reference_email ?? null},
                 allowed_domain = ${v.airline_reference_email ? (v.allowed_domain ?? null) : null}
          where id = ${id}`,
    );
    await writeHistory(tx, {
      bookingId: id,
      userId,
      type: 'Booking',
      action: 'Custom airline reference email',
      comment: v.airline_reference_email ? `Set to ${v.airline_reference_email}` : 'Switched off',
    });
    await recomputeBooking(tx, id);
  });
}
