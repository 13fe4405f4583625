import { type SQL, sql } from 'drizzle-orm';
import {
  BOOKING_CHANGE_REASONS,
  type BookingDetail,
  type BookingDetailAnswer,
} from '../../../shared/api/booking-edit';
import type { EmailTemplateGroup } from '../../../shared/api/booking-email';
import { paymentSchedule } from '../../../shared/payment-schedule';
import { allQueries, type Db, queryRows } from '../../db/client';
import { notFound } from '../../http/errors';
import { loadScheduleInputs } from '../../lib/payment-schedules';
import { planOf } from './instalments';
import { loadBookingFigures } from './totals';

/** A timestamptz as ISO 8601 in UTC ('2026-11-22T14:05:00.000Z'), null stays null (DESIGN.md §4). */
const iso = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

import { allowedDomains, proposedCancellationCharge } from './booking-service';

/**
 * GET bookings/{id} (spec 1 §7): the booking with everything the edit screen shows — parties,
 * tour lines with instance (flights, pick-up point, group), room and airline costs, passengers,
 * extras, discounts (each with its amount), additional documents, payments — plus every spec 1 §9
 * figure (`totals`), the deposit and the charge the cancellation policy would propose today.
 * A fixed number of queries whatever the booking's size. 404 for an unknown id.
 */
export async function getBookingDetail(db: Db, id: number): Promise<BookingDetailAnswer> {
  const [head] = await queryRows<
    Omit<
      BookingDetail,
      | 'tour_bookings'
      | 'passengers'
      | 'extras'
      | 'discounts'
      | 'documents'
      | 'additional_documents'
      | 'payments'
      | 'totals'
      | 'proposed_cancellation_charge'
      | 'deposit'
      | 'payment_schedule'
      | 'instalment_plan'
    >
  >(
    db,
    sql`select b.id, b.version, b.booking_ref, b.customer_id, b.agent_id, b.affiliate_id, b.old_customer_id,
               b.old_agent_id, b.old_affiliate_id, b.old_booking_id,
               case when c.id is null then null else json_build_object('id', c.id, 'title', c.title,
                 'first_name', c.first_name, 'last_name', c.last_name, 'full_name', c.full_name, 'email', c.email,
                 'phone_number', c.phone_number, 'mobile_number', c.mobile_number, 'postcode', c.postcode,
                 'is_blacklisted', c.is_blacklisted) end as customer,
               case when ag.id is null then null else json_build_object('id', ag.id, 'name', ag.name, 'abta', ag.abta,
                 'email', ag.email, 'commission', ag.commission::text) end as agent,
               case when af.id is null then null else json_build_object('id', af.id, 'name', af.name, 'code', af.code) end as affiliate,
               case when oc.id is null then null else json_build_object('id', oc.id, 'first_name', oc.first_name, 'last_name', oc.last_name) end as old_customer,
               case when oa.id is null then null else json_build_object('id', oa.id, 'name', oa.name) end as old_agent,
               case when oaf.id is null then null else json_build_object('id', oaf.id, 'name', oaf.name) end as old_affiliate,
               b.agent_confirmed, b.status, ${iso(sql`b.created_at`)} as created_at, ${iso(sql`b.updated_at`)} as updated_at,
               ${iso(sql`b.cancelled_at`)} as cancelled_at,
               b.cancellation_charge::text as cancellation_charge,
               case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end as created_by,
               b.created_from, b.created_by_agent_name, b.bonding_type, b.special_request,
               b.total_due::text as total_due, b.paid::text as paid, b.balance::text as balance,
               b.balance_due::text as balance_due, b.deposit_due::text as deposit_due,
               b.agent_comission_percent::text as agent_comission_percent,
               b.booking_vat_percent::text as booking_vat_percent,
               b.non_commissionable_extras::text as non_commissionable_extras, b.airline_reference_email,
               b.allowed_domain, b.departure_date::text as departure_date, b.changes_accepted, ${iso(sql`b.changes_accepted_at`)} as changes_accepted_at,
               b.changes_accepted_from, b.changes_reviewed, ${iso(sql`b.changes_reviewed_at`)} as changes_reviewed_at, b.old_tour_booking,
               b.old_lead_passenger
        from bookings b
        left join customers c on c.id = b.customer_id
        left join agents ag on ag.id = b.agent_id
        left join affiliates af on af.id = b.affiliate_id
        left join old_customers oc on oc.id = b.old_customer_id
        left join old_agents oa on oa.id = b.old_agent_id
        left join old_affiliates oaf on oaf.id = b.old_affiliate_id
        left join users u on u.id = b.created_by
        where b.id = ${id}`,
  );
  if (!head) throw notFound('Booking not found.');

  const [
    lines,
    passengers,
    extras,
    discounts,
    records,
    documents,
    payments,
    bonding,
    templates,
    domains,
    proposed,
    scheduleInputs,
    figures,
  ] = await allQueries(db, [
    () =>
      queryRows<BookingDetail['tour_bookings'][number]>(
        db,
        sql`select tb.id, tb.tour_id, json_build_object('id', t.id, 'name', t.name, 'tour_type', t.tour_type) as tour,
                   tb.tour_instance_id, tb.tour_room_id,
                   json_build_object(
                     'id', i.id, 'departure_date', i.departure_date, 'instance_title', i.instance_title,
                     'duration', coalesce(i.duration, g.duration, t.duration),
                     'airport', case when ap.id is null then null else json_build_object('id', ap.id, 'iata_code', ap.iata_code, 'name', ap.airport_name) end,
                     'pick_up_point', case when pp.id is null then null else json_build_object('id', pp.id, 'name', pp.pickup_point_name) end,
                     'group', json_build_object('id', g.id, 'start_date', g.start_date),
                     'flights', coalesce((
                       select json_agg(json_build_object('id', f.id, 'flight_number', f.flight_number,
                         'airline', case when al.id is null then null else json_build_object('id', al.id, 'name', al.name) end,
                         'departure_airport', da.iata_code, 'arrival_airport', aa.iata_code,
                         'departure_time', f.departure_time, 'arrival_time', f.arrival_time) order by f.departure_time)
                       from tour_instance_flights tif join flights f on f.id = tif.flight_id
                       left join airlines al on al.id = f.airline_id
                       left join airports da on da.id = f.departure_airport_id
                       left join airports aa on aa.id = f.arrival_airport_id
                       where tif.tour_instance_id = i.id), '[]'::json)) as instance,
                   case when tr.id is null then null else json_build_object('id', tr.id, 'accommodation_room_id', ar.id,
                     'name', ar.name, 'board_basis', ar.board_basis, 'occupancy', ar.occupancy,
                     'accommodation', json_build_object('id', a.id, 'accommodation_name', a.accommodation_name)) end as room,
                   tb.rooms, tb.guests, tb.price::text as price, tb.sale_price::text as sale_price,
                   tb.base_price::text as base_price, tb.supplement_price::text as supplement_price,
                   tb.adjusted_price::text as adjusted_price, tb.cost::text as cost, tb.airline_ref,
                   ${iso(sql`tb.airline_ref_added_at`)} as airline_ref_added_at, tb.airline_flight_cost::text as airline_flight_cost,
                   coalesce((select json_agg(tbp.passenger_id order by tbp.passenger_id) from tour_booking_passengers tbp
                             where tbp.tour_booking_id = tb.id), '[]'::json) as passengers,
                   tb.special_requests, tb.check_in_date::text as check_in_date, tb.check_out_date::text as check_out_date,
                   coalesce((select json_agg(json_build_object('id', ac.id, 'airline_ref', ac.airline_ref,
                               'flight_cost', ac.flight_cost::text, 'booked_date', ac.booked_date,
                               'airline_invoice', ac.airline_invoice_name) order by ac.id)
                             from tour_booking_airline_costs ac where ac.tour_booking_id = tb.id), '[]'::json) as airline_cost
            from tour_bookings tb
            join tours t on t.id = tb.tour_id
            join tour_instances i on i.id = tb.tour_instance_id
            join tour_groups g on g.id = i.tour_group_id
            left join airports ap on ap.id = i.departure_airport_id
            left join pickup_points pp on pp.id = i.pickup_point_id
            left join tour_rooms tr on tr.id = tb.tour_room_id
            left join accommodation_rooms ar on ar.id = tr.accommodation_room_id
            left join accommodations a on a.id = ar.accommodation_id
            where tb.holiday_booking_id = ${id}
            order by i.departure_date, tb.id`,
      ),
    () =>
      queryRows<BookingDetail['passengers'][number]>(
        db,
        sql`select id, holiday_booking_id, title, first_name, last_name, dob::text as dob, gender, passport_no,
                   passport_issue::text as passport_issue, passport_expiry::text as passport_expiry,
                   passport_nationality, policy_number, insurance_company, insurance_telephone_number
            from passengers where holiday_booking_id = ${id} order by id`,
      ),
    () =>
      queryRows<BookingDetail['extras'][number]>(
        db,
        sql`select extra_id as id, name, price::text as price, for_per_person, commissionable,
                   json_build_object('id', id, 'qty', qty, 'extra_note', extra_note) as pivot
            from booking_extras where holiday_booking_id = ${id} order by id`,
      ),
    () =>
      queryRows<Omit<BookingDetail['discounts'][number], 'amount'>>(
        db,
        sql`select bd.discount_id as id, coalesce(bd.discount_content->>'code', '') as code,
                   bd.discount_content->>'description' as description,
                   coalesce(bd.discount_content->>'value', '0') as value,
                   coalesce((bd.discount_content->>'penalty_type')::int, 0) as penalty_type,
                   coalesce((bd.discount_content->>'on_base_price')::boolean, false) as on_base_price,
                   coalesce((bd.discount_content->>'per_person')::boolean, false) as per_person,
                   coalesce((bd.discount_content->>'is_manual')::boolean, false) as is_manual,
                   (bd.discount_content->>'tour_id')::int as tour_id,
                   json_build_object('id', bd.id, 'qty', bd.qty, 'manual_discount_price', bd.manual_discount_price::text) as pivot
            from booking_discounts bd where bd.holiday_booking_id = ${id} order by bd.id`,
      ),
    () =>
      queryRows<BookingDetail['documents'][number]>(
        db,
        sql`select id, name, created_for, ${iso(sql`created_at`)} as created_at from booking_document_records
            where holiday_booking_id = ${id} order by created_at desc, id desc`,
      ),
    () =>
      queryRows<BookingDetail['additional_documents'][number]>(
        db,
        sql`select id, name, document_detail, ${iso(sql`created_at`)} as created_at from booking_additional_documents
            where holiday_booking_id = ${id} order by id`,
      ),
    () =>
      queryRows<BookingDetail['payments'][number]>(
        db,
        sql`select p.id, p.transaction_id, p.payment_method, p.payment_amount::text as payment_amount, ${iso(sql`p.created_at`)} as created_at,
                   u.name as created_by, p.holiday_booking_id, ${iso(sql`p.voided_at`)} as voided_at,
                   vu.name as voided_by, p.void_reason, p.reverses_payment_id
            from payments p left join users u on u.id = p.created_by left join users vu on vu.id = p.voided_by
            where p.holiday_booking_id = ${id} order by p.created_at, p.id`,
      ),
    () => queryRows<{ id: number; name: string }>(db, sql`select id, name from bonding_types order by id`),
    // The email modal's groups (spec 1 §3 Email template group): active templates by type.
    () =>
      queryRows<EmailTemplateGroup>(
        db,
        sql`select case t.template_type when 2 then 'system-generated' else 'admin-email' end as slug,
                   case t.template_type when 2 then 'System generated' else 'Admin Email' end as label,
                   json_agg(json_build_object('template_id', t.id, 'template_name', t.template_name,
                     'template_subject', t.template_subject, 'template_body_content', t.template_body_content,
                     'selected_doc_types', t.selected_doc_types) order by lower(t.template_name), t.id) as data
            from email_templates t where t.template_status = 1
            group by 1, 2 order by 2`,
      ),
    () => allowedDomains(db),
    () => proposedCancellationCharge(db, id),
    () => loadScheduleInputs(db, [id]),
    // The figures as the ledger stores them: the one loader (totals.ts).
    () => loadBookingFigures(db, id),
  ]);

  if (!figures) throw notFound('Booking not found.');
  const { totals } = figures;
  const amountOf = new Map(figures.discount_ids.map((pivotId, n) => [pivotId, totals.discount_amounts[n]]));
  const scheduleInput = scheduleInputs.get(id);
  const booking: BookingDetail = {
    ...head,
    tour_bookings: lines,
    passengers,
    extras,
    discounts: discounts.map((d) => ({ ...d, amount: amountOf.get(d.pivot.id) ?? '0.00' })),
    documents: records,
    additional_documents: documents,
    payments,
    totals,
    deposit: figures.deposit,
    payment_schedule: scheduleInput ? paymentSchedule(scheduleInput) : [],
    instalment_plan: scheduleInput ? planOf(scheduleInput) : null,
    proposed_cancellation_charge: head.cancelled_at ? (head.cancellation_charge ?? proposed) : proposed,
  };
  return {
    success: true,
    data: {
      booking: [booking],
      emailTemplates: templates,
      booking_change_reasons: [...BOOKING_CHANGE_REASONS],
      bondingTypes: bonding,
      allowed_domains: domains,
    },
  };
}
