-- Issue #28: the places a departure's lines take (places.ts: guests of lines whose booking has no
-- cancelled_at, whatever its status), kept beside total_guests and confirmed_guests by the same
-- statement triggers (migration 0019) instead of summed over the instance's lines — a thousand on
-- a busy departure at a million bookings — twice for every booking made (the offer, then the
-- claim under the instance lock). Same rules as before: one upsert per statement in ascending
-- instance id, instances whose counts do not change skipped, a deleted booking's lines subtracted
-- before they cascade away.
ALTER TABLE "departure_guest_counts" ADD COLUMN "places_taken" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
INSERT INTO "departure_guest_counts" AS c ("tour_instance_id", "total_guests", "confirmed_guests", "places_taken")
SELECT tb.tour_instance_id, 0, 0, coalesce(sum(tb.guests) FILTER (WHERE b.cancelled_at IS NULL), 0)
FROM tour_bookings tb JOIN bookings b ON b.id = tb.holiday_booking_id
GROUP BY tb.tour_instance_id
ON CONFLICT (tour_instance_id) DO UPDATE SET places_taken = EXCLUDED.places_taken;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "departure_guests_lines_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO departure_guest_counts AS c (tour_instance_id, total_guests, confirmed_guests, places_taken)
	SELECT d.tour_instance_id, d.t, d.c, d.p FROM (
		SELECT n.tour_instance_id,
			coalesce(sum(n.guests) FILTER (WHERE b.status <> 'Cancelled' AND b.cancelled_at IS NULL), 0)::int AS t,
			coalesce(sum(n.guests) FILTER (WHERE b.status IN ('Paid', 'Confirmed') AND b.cancelled_at IS NULL), 0)::int AS c,
			coalesce(sum(n.guests) FILTER (WHERE b.cancelled_at IS NULL), 0)::int AS p
		FROM new_rows n JOIN bookings b ON b.id = n.holiday_booking_id
		GROUP BY n.tour_instance_id
	) d
	WHERE d.t <> 0 OR d.p <> 0
	ORDER BY d.tour_instance_id
	ON CONFLICT (tour_instance_id) DO UPDATE
		SET total_guests = c.total_guests + EXCLUDED.total_guests,
			confirmed_guests = c.confirmed_guests + EXCLUDED.confirmed_guests,
			places_taken = c.places_taken + EXCLUDED.places_taken;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "departure_guests_lines_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO departure_guest_counts AS c (tour_instance_id, total_guests, confirmed_guests, places_taken)
	SELECT d.tour_instance_id, -d.t, -d.c, -d.p FROM (
		SELECT o.tour_instance_id,
			coalesce(sum(o.guests) FILTER (WHERE b.status <> 'Cancelled' AND b.cancelled_at IS NULL), 0)::int AS t,
			coalesce(sum(o.guests) FILTER (WHERE b.status IN ('Paid', 'Confirmed') AND b.cancelled_at IS NULL), 0)::int AS c,
			coalesce(sum(o.guests) FILTER (WHERE b.cancelled_at IS NULL), 0)::int AS p
		FROM old_rows o JOIN bookings b ON b.id = o.holiday_booking_id
		GROUP BY o.tour_instance_id
	) d
	WHERE d.t <> 0 OR d.p <> 0
	ORDER BY d.tour_instance_id
	ON CONFLICT (tour_instance_id) DO UPDATE
		SET total_guests = c.total_guests + EXCLUDED.total_guests,
			confirmed_guests = c.confirmed_guests + EXCLUDED.confirmed_guests,
			places_taken = c.places_taken + EXCLUDED.places_taken;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "departure_guests_lines_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO departure_guest_counts AS c (tour_instance_id, total_guests, confirmed_guests, places_taken)
	SELECT d.tour_instance_id, d.t, d.c, d.p FROM (
		SELECT x.tour_instance_id,
			coalesce(sum(x.sign * x.guests) FILTER (WHERE b.status <> 'Cancelled' AND b.cancelled_at IS NULL), 0)::int AS t,
			coalesce(sum(x.sign * x.guests) FILTER (WHERE b.status IN ('Paid', 'Confirmed') AND b.cancelled_at IS NULL), 0)::int AS c,
			coalesce(sum(x.sign * x.guests) FILTER (WHERE b.cancelled_at IS NULL), 0)::int AS p
		FROM (
			SELECT n.tour_instance_id, n.holiday_booking_id, n.guests, 1 AS sign FROM new_rows n
			UNION ALL
			SELECT o.tour_instance_id, o.holiday_booking_id, o.guests, -1 AS sign FROM old_rows o
		) x
		JOIN bookings b ON b.id = x.holiday_booking_id
		GROUP BY x.tour_instance_id
	) d
	WHERE d.t <> 0 OR d.c <> 0 OR d.p <> 0
	ORDER BY d.tour_instance_id
	ON CONFLICT (tour_instance_id) DO UPDATE
		SET total_guests = c.total_guests + EXCLUDED.total_guests,
			confirmed_guests = c.confirmed_guests + EXCLUDED.confirmed_guests,
			places_taken = c.places_taken + EXCLUDED.places_taken;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A booking's status or cancellation moves its lines' guests between the counts.
CREATE OR REPLACE FUNCTION "departure_guests_bookings_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO departure_guest_counts AS c (tour_instance_id, total_guests, confirmed_guests, places_taken)
	SELECT d.tour_instance_id, d.t, d.c, d.p FROM (
		SELECT tb.tour_instance_id, sum(tb.guests * ch.dl)::int AS t, sum(tb.guests * ch.dc)::int AS c,
			sum(tb.guests * ch.dp)::int AS p
		FROM (
			SELECT n.id,
				(n.status <> 'Cancelled' AND n.cancelled_at IS NULL)::int - (o.status <> 'Cancelled' AND o.cancelled_at IS NULL)::int AS dl,
				(n.status IN ('Paid', 'Confirmed') AND n.cancelled_at IS NULL)::int
					- (o.status IN ('Paid', 'Confirmed') AND o.cancelled_at IS NULL)::int AS dc,
				(n.cancelled_at IS NULL)::int - (o.cancelled_at IS NULL)::int AS dp
			FROM new_rows n JOIN old_rows o ON o.id = n.id
		) ch
		JOIN tour_bookings tb ON tb.holiday_booking_id = ch.id
		WHERE ch.dl <> 0 OR ch.dc <> 0 OR ch.dp <> 0
		GROUP BY tb.tour_instance_id
	) d
	WHERE d.t <> 0 OR d.c <> 0 OR d.p <> 0
	ORDER BY d.tour_instance_id
	ON CONFLICT (tour_instance_id) DO UPDATE
		SET total_guests = c.total_guests + EXCLUDED.total_guests,
			confirmed_guests = c.confirmed_guests + EXCLUDED.confirmed_guests,
			places_taken = c.places_taken + EXCLUDED.places_taken;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A booking about to be deleted: its lines leave the counts before they cascade away.
CREATE OR REPLACE FUNCTION "departure_guests_booking_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO departure_guest_counts AS c (tour_instance_id, total_guests, confirmed_guests, places_taken)
	SELECT tb.tour_instance_id,
		-CASE WHEN OLD.status <> 'Cancelled' THEN sum(tb.guests) ELSE 0 END::int,
		-CASE WHEN OLD.status IN ('Paid', 'Confirmed') THEN sum(tb.guests) ELSE 0 END::int,
		-sum(tb.guests)::int
	FROM tour_bookings tb
	WHERE tb.holiday_booking_id = OLD.id AND OLD.cancelled_at IS NULL
	GROUP BY tb.tour_instance_id
	ORDER BY tb.tour_instance_id
	ON CONFLICT (tour_instance_id) DO UPDATE
		SET total_guests = c.total_guests + EXCLUDED.total_guests,
			confirmed_guests = c.confirmed_guests + EXCLUDED.confirmed_guests,
			places_taken = c.places_taken + EXCLUDED.places_taken;
	RETURN OLD;
END $$;
