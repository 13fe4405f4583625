import { index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { accommodations, tour_groups, tour_instances } from './catalogue';
import { timestamps } from './common';
import { flights } from './reference';

/** Airport transfers of tour instances (spec 3 §3 Instance transfer) (were in catalogue.ts). */

/**
 * Airport transfers of a group's instances (spec 3 §3 Instance transfer): per direction
 * ('outbound' or 'inbound'), the transfer text for an instance's flight.
 */
export const tour_instance_transfers = pgTable(
  'tour_instance_transfers',
  {
    id: serial('id').primaryKey(),
    tour_group_id: integer('tour_group_id')
      .notNull()
      .references(() => tour_groups.id, { onDelete: 'cascade' }),
    tour_instance_id: integer('tour_instance_id')
      .notNull()
      .references(() => tour_instances.id, { onDelete: 'cascade' }),
    flight_id: integer('flight_id').references(() => flights.id, { onDelete: 'cascade' }),
    transfer_for: text('transfer_for', { enum: ['outbound', 'inbound'] }).notNull(),
    transfer: text('transfer').notNull(),
    ...timestamps,
  },
  (t) => [
    unique('tour_instance_transfers_uq').on(t.tour_instance_id, t.flight_id, t.transfer_for),
    index('tour_instance_transfers_group_idx').on(t.tour_group_id),
  ],
);

/** Pickup times of a group's transfers, per transfer name and accommodation (spec 3 §3). */
export const transfer_pickup_times = pgTable(
  'transfer_pickup_times',
  {
    id: serial('id').primaryKey(),
    tour_group_id: integer('tour_group_id')
      .notNull()
      .references(() => tour_groups.id, { onDelete: 'cascade' }),
    transfer_for: text('transfer_for', { enum: ['outbound', 'inbound'] }).notNull(),
    transfer: text('transfer').notNull(),
    accommodation_id: integer('accommodation_id')
      .notNull()
      .references(() => accommodations.id, { onDelete: 'cascade' }),
    pickup_time: text('pickup_time').notNull(),
    ...timestamps,
  },
  (t) => [
    unique('transfer_pickup_times_uq').on(t.tour_group_id, t.transfer_for, t.transfer, t.accommodation_id),
  ],
);
