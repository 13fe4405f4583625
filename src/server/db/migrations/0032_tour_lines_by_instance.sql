-- Issue #28: the Dashboard's "details missing … on N departures" at ten million bookings. The lines
-- of the window's departures are read with their booking from this index alone (116,000 entries,
-- no table reads) and matched to the flagged bookings, where probing 29,000 bookings' lines took
-- 110 ms. Instance lookups use it as before.
DROP INDEX "tour_bookings_instance_idx";--> statement-breakpoint
CREATE INDEX "tour_bookings_instance_idx" ON "tour_bookings" USING btree ("tour_instance_id","holiday_booking_id");