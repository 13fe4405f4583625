import { z } from 'zod';
import { optionalYmd } from './common';
import { createdAnswer, endpoint, messageAnswer, okAnswer } from './contract';
import { dataTablesShape, tableAnswer } from './datatables';
import { idParams } from './params';
import {
  bulkAccommodationInput,
  excludeAccommodationInput,
  groupAccommodationInput,
  groupAnswer,
  groupCreateInput,
  groupInput,
  groupLinkInput,
  instanceFlightAnswer,
  instancePickupsInput,
  tourAccommodationInput,
  transfersInput,
} from './tour-catalogue';

/**
 * Tour groups (spec 3 §2 Tour group, §7 Groups): dated departures of a tour, their accommodation
 * exclusions, links, transfers and the bulk accommodation update of their bookings. Writes are
 * role 1 only (spec 3 §6). Input and shared answer schemas: tour-catalogue.ts.
 */

/** A row of a tour's groups table; `places` and `taken_places` only with show_taken_places=yes. */
export const groupRowAnswer = z.object({
  id: z.number().int(),
  start_date: z.string(),
  region_name: z.string().nullable(),
  stop_sell: z.boolean(),
  passenger_count: z.number().int(),
  places: z.number().int().nullable().optional(),
  /** 'taken / places' ('–' when the group has no limit). */
  taken_places: z.string().optional(),
});
export type GroupRow = z.input<typeof groupRowAnswer>;

const direction = z.enum(['outbound', 'inbound']);

/** GET tours/groups/{id}/fetch-instances-data (data): what the Airport Transfer modal shows. */
export const instancesDataAnswer = z.object({
  instance: z.array(
    z.object({
      id: z.number().int(),
      instance_title: z.string().nullable(),
      departure_date: z.string(),
      departure_airport_id: z.number().int().nullable(),
      departure_iata: z.string().nullable(),
      /** Each flight marked outbound or inbound. */
      flights: z.array(instanceFlightAnswer.extend({ direction })),
    }),
  ),
  group_instance_transfers: z.array(
    z.object({
      id: z.number().int(),
      tour_instance_id: z.number().int(),
      flight_id: z.number().int().nullable(),
      transfer_for: direction,
      transfer: z.string(),
    }),
  ),
  accomodations: z.array(z.object({ id: z.number().int(), accommodation_name: z.string() })),
});
export type InstancesData = z.input<typeof instancesDataAnswer>;

/** POST tours/groups/{id}/get-instance-pickups (data): one direction's pickup times (the spec's spellings). */
export const instancePickupsAnswer = z.object({
  group_common_accomodation_ids: z.array(z.number().int()),
  group_common_accomodation_tranafers: z.array(z.string()),
  group_transfer_pickups: z.array(
    z.object({ transfer: z.string(), accommodation_id: z.number().int(), pickup_time: z.string() }),
  ),
});
export type InstancePickups = z.input<typeof instancePickupsAnswer>;

/** POST tours/groups/{id}/booking/group-accommodation: the selected bookings by current room, and the rooms offered. */
export const groupAccommodationAnswer = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      room_id: z.number().int(),
      name: z.string(),
      board_basis: z.string().nullable(),
      accommodation_id: z.number().int(),
      accommodation_name: z.string(),
      booking_ids: z.array(z.number().int()),
      guests: z.number().int(),
      rooms: z.number().int(),
    }),
  ),
  rooms: z.array(
    z.object({
      tour_room_id: z.number().int(),
      tour_accommodation_id: z.number().int(),
      accommodation_room_id: z.number().int(),
      accommodation_id: z.number().int(),
      accommodation_name: z.string(),
      name: z.string(),
      board_basis: z.string().nullable(),
      occupancy: z.number().int(),
    }),
  ),
  booking_ids: z.array(z.number().int()),
});
export type GroupAccommodationAnswer = z.input<typeof groupAccommodationAnswer>;

/** Tour groups (spec 3 §7 Groups). */
export const groupsApi = {
  table: endpoint({
    method: 'GET',
    path: '/tours/:id/groups/table',
    summary:
      "A tour's groups, DataTables protocol: start_date, region_name, passenger_count, id (default start date descending); show_taken_places=yes adds taken_places.",
    params: idParams,
    query: z.strictObject({ ...dataTablesShape, show_taken_places: z.enum(['yes', 'no']).optional() }),
    answer: tableAnswer(groupRowAnswer),
  }),
  ofTour: endpoint({
    method: 'GET',
    path: '/tours/:id/groups',
    summary:
      "A tour's groups by start date (optional departureFromDate, departureToDate): data [{id, start_date, internal_payments}].",
    params: idParams,
    query: z.object({
      departureFromDate: optionalYmd,
      departureToDate: optionalYmd,
      serviceEstimateCost: z.string().optional(),
    }),
    answer: z.object({
      success: z.literal(true),
      data: z.array(
        z.object({
          id: z.number().int(),
          start_date: z.string(),
          stop_sell: z.boolean(),
          internal_payments: z.array(z.unknown()),
        }),
      ),
    }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/tours/groups',
    summary:
      'Create a group: tour_id, start_date, base_price, pick_up_point_region_id (coach); answers data.id.',
    permission: 'groups.create',
    body: groupCreateInput,
    answer: createdAnswer,
  }),
  excludeAccommodation: endpoint({
    method: 'POST',
    path: '/tours/groups/exclude-accommodation',
    summary:
      "Exclude (checked) or include a tour's accommodation for a group; refused while the group's bookings use it.",
    permission: 'tourAccommodation.save',
    body: excludeAccommodationInput,
    answer: messageAnswer,
  }),
  get: endpoint({
    method: 'GET',
    path: '/tours/groups/:id',
    summary:
      'One group: data.tourGroup (tour, instances, links, accommodation, bookings), suppliers, servicesTypes, tour_managers.',
    params: idParams,
    answer: z.object({ success: z.literal(true), data: groupAnswer }),
  }),
  update: endpoint({
    method: 'POST',
    path: '/tours/groups/:id',
    summary: 'Update a group (blank values fall back to the tour).',
    permission: 'groups.update',
    params: idParams,
    body: groupInput,
    answer: messageAnswer,
  }),
  checkDeletion: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/check-deletion',
    summary: 'Whether the group may be deleted: can_delete (no bookings).',
    permission: 'tours.read',
    params: idParams,
    answer: okAnswer({ can_delete: z.boolean() }),
  }),
  delete: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/delete',
    summary: 'Delete a group with its instances and own accommodation (refused while bookings exist).',
    permission: 'groups.delete',
    params: idParams,
    answer: messageAnswer,
  }),
  link: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/link',
    summary: 'Link a group of the same tour with a different start date: id.',
    permission: 'groups.update',
    params: idParams,
    body: groupLinkInput,
    answer: messageAnswer,
  }),
  unlink: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/unlink',
    summary: 'Unlink a linked group: id.',
    permission: 'groups.update',
    params: idParams,
    body: groupLinkInput,
    answer: messageAnswer,
  }),
  addAccommodation: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/accommodation',
    summary:
      "Give the group its own accommodation (overrides the tour's): accommodation_id, check_in_day, check_out_day; answers data.id.",
    permission: 'tourAccommodation.save',
    params: idParams,
    body: tourAccommodationInput.extend({
      tour_id: z.unknown().optional(),
      tour_group_id: z.unknown().optional(),
    }),
    answer: createdAnswer,
  }),
  instancesData: endpoint({
    method: 'GET',
    path: '/tours/groups/:id/fetch-instances-data',
    summary:
      "The group's instances with flights (outbound/inbound), saved transfers and accommodation: data.instance, group_instance_transfers, accomodations.",
    params: idParams,
    answer: z.object({ success: z.literal(true), data: instancesDataAnswer }),
  }),
  updateTransfers: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/update-instances-transfers',
    summary:
      "Replace one direction's transfers and pickup times: transfer_for, transfer_data, pickup_times ('Please add transfer' when none).",
    permission: 'groups.transfers',
    params: idParams,
    body: transfersInput,
    answer: messageAnswer,
  }),
  instancePickups: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/get-instance-pickups',
    summary:
      'Pickup times of one direction: data.group_common_accomodation_ids, group_common_accomodation_tranafers, group_transfer_pickups.',
    permission: 'tours.read',
    params: idParams,
    body: instancePickupsInput,
    answer: z.object({ success: z.literal(true), data: instancePickupsAnswer }),
  }),
  bookingAccommodation: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/booking/group-accommodation',
    summary:
      'The selected bookings grouped by current room (cancelled ignored) and the rooms the group offers: data, rooms.',
    permission: 'groups.bulkAccommodation',
    params: idParams,
    body: groupAccommodationInput,
    answer: groupAccommodationAnswer,
  }),
  bulkAccommodation: endpoint({
    method: 'POST',
    path: '/tours/groups/:id/booking/bulk-update-accommodation',
    summary: 'Move the selected bookings from old to new rooms, moving availability, in one transaction.',
    permission: 'groups.bulkAccommodation',
    params: idParams,
    body: bulkAccommodationInput,
    answer: okAnswer({ data: z.object({ moved: z.number().int() }) }),
  }),
};
