-- Guests per departure instance for the Tour summary (issue #13; schema/summaries.ts): filled from
-- the lines already booked, then kept by statement triggers with transition tables. A line counts
-- in total_guests while its booking is not cancelled, in confirmed_guests while it is Confirmed or
-- Paid. Each statement adds its change per instance in ascending instance id (one lock order for
-- every writer) and skips instances whose counts do not change. A deleted booking's lines are
-- subtracted before they cascade away (the lines' delete trigger then finds no booking and skips
-- them). ENABLE ALWAYS keeps them firing under session_replication_role = replica (bulk loads).
INSERT INTO "departure_guest_counts" ("tour_instance_id", "total_guests", "confirmed_guests")
SELECT tb.tour_instance_id,
	coalesce(sum(tb.guests) FILTER (WHERE b.status <> 'Cancelled' AND b.cancelled_at IS NULL), 0),
	coalesce(sum(tb.guests) FILTER (WHERE b.status IN ('Paid', 'Confirmed') AND b.cancelled_at IS NULL), 0)
FROM tour_bookings tb JOIN bookings b ON b.id = tb.holiday_booking_id
GROUP BY tb.tour_instance_id;
--> statement-breakpoint
-- One function per event: a trigger with transition tables takes one event.
CREATE FUNCTION "departure_guests_lines_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO departure_guest_counts AS c (tour_instance_id, total_guests, confirmed_guests)
	SELECT n.tour_instance_id,
		coalesce(sum(n.guests) FILTER (WHERE b.status <> 'Cancelled' AND b.cancelled_at IS NULL), 0)::int,
		coalesce(sum(n.guests) FILTER (WHERE b.status IN ('Paid', 'Confirmed') AND b.cancelled_at IS NULL), 0)::int
	FROM new_rows n JOIN bookings b ON b.id = n.holiday_booking_id
	GROUP BY n.tour_instance_id
	HAVING coalesce(sum(n.guests) FILTER (WHERE b.status <> 'Cancelled' AND b.cancelled_at IS NULL), 0) <> 0
	ORDER BY n.tour_instance_id
	ON CONFLICT (tour_instance_id) DO UPDATE
		SET total_guests = c.total_guests + EXCLUDED.total_guests,
			confirmed_guests = c.confirmed_guests + EXCLUDED.confirmed_guests;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "departure_guests_lines_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO departure_guest_counts AS c (tour_instance_id, total_guests, confirmed_guests)
	SELECT o.tour_instance_id,
		-coalesce(sum(o.guests) FILTER (WHERE b.status <> 'Cancelled' AND b.cancelled_at IS NULL), 0)::int,
		-coalesce(sum(o.guests) FILTER (WHERE b.status IN ('Paid', 'Confirmed') AND b.cancelled_at IS NULL), 0)::int
	FROM old_rows o JOIN bookings b ON b.id = o.holiday_booking_id
	GROUP BY o.tour_instance_id
	HAVING coalesce(sum(o.guests) FILTER (WHERE b.status <> 'Cancelled' AND b.cancelled_at IS NULL), 0) <> 0
	ORDER BY o.tour_instance_id
	ON CONFLICT (tour_instance_id) DO UPDATE
		SET total_guests = c.total_guests + EXCLUDED.total_guests,
			confirmed_guests = c.confirmed_guests + EXCLUDED.confirmed_guests;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "departure_guests_lines_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO departure_guest_counts AS c (tour_instance_id, total_guests, confirmed_guests)
	SELECT d.tour_instance_id, d.t, d.c FROM (
		SELECT x.tour_instance_id,
			coalesce(sum(x.sign * x.guests) FILTER (WHERE b.status <> 'Cancelled' AND b.cancelled_at IS NULL), 0)::int AS t,
			coalesce(sum(x.sign * x.guests) FILTER (WHERE b.status IN ('Paid', 'Confirmed') AND b.cancelled_at IS NULL), 0)::int AS c
		FROM (
			SELECT n.tour_instance_id, n.holiday_booking_id, n.guests, 1 AS sign FROM new_rows n
			UNION ALL
			SELECT o.tour_instance_id, o.holiday_booking_id, o.guests, -1 AS sign FROM old_rows o
		) x
		JOIN bookings b ON b.id = x.holiday_booking_id
		GROUP BY x.tour_instance_id
	) d
	WHERE d.t <> 0 OR d.c <> 0
	ORDER BY d.tour_instance_id
	ON CONFLICT (tour_instance_id) DO UPDATE
		SET total_guests = c.total_guests + EXCLUDED.total_guests,
			confirmed_guests = c.confirmed_guests + EXCLUDED.confirmed_guests;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A booking's status or cancellation moves its lines' guests between the counts.
CREATE FUNCTION "departure_guests_bookings_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO departure_guest_counts AS c (tour_instance_id, total_guests, confirmed_guests)
	SELECT d.tour_instance_id, d.t, d.c FROM (
		SELECT tb.tour_instance_id, sum(tb.guests * ch.dl)::int AS t, sum(tb.guests * ch.dc)::int AS c
		FROM (
			SELECT n.id,
				(n.status <> 'Cancelled' AND n.cancelled_at IS NULL)::int - (o.status <> 'Cancelled' AND o.cancelled_at IS NULL)::int AS dl,
				(n.status IN ('Paid', 'Confirmed') AND n.cancelled_at IS NULL)::int
					- (o.status IN ('Paid', 'Confirmed') AND o.cancelled_at IS NULL)::int AS dc
			FROM new_rows n JOIN old_rows o ON o.id = n.id
		) ch
		JOIN tour_bookings tb ON tb.holiday_booking_id = ch.id
		WHERE ch.dl <> 0 OR ch.dc <> 0
		GROUP BY tb.tour_instance_id
	) d
	WHERE d.t <> 0 OR d.c <> 0
	ORDER BY d.tour_instance_id
	ON CONFLICT (tour_instance_id) DO UPDATE
		SET total_guests = c.total_guests + EXCLUDED.total_guests,
			confirmed_guests = c.confirmed_guests + EXCLUDED.confirmed_guests;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A booking about to be deleted: its lines leave the counts before they cascade away.
CREATE FUNCTION "departure_guests_booking_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO departure_guest_counts AS c (tour_instance_id, total_guests, confirmed_guests)
	SELECT tb.tour_instance_id,
		-CASE WHEN OLD.status <> 'Cancelled' AND OLD.cancelled_at IS NULL THEN sum(tb.guests) ELSE 0 END::int,
		-CASE WHEN OLD.status IN ('Paid', 'Confirmed') AND OLD.cancelled_at IS NULL THEN sum(tb.guests) ELSE 0 END::int
	FROM tour_bookings tb
	WHERE tb.holiday_booking_id = OLD.id AND OLD.status <> 'Cancelled' AND OLD.cancelled_at IS NULL
	GROUP BY tb.tour_instance_id
	ORDER BY tb.tour_instance_id
	ON CONFLICT (tour_instance_id) DO UPDATE
		SET total_guests = c.total_guests + EXCLUDED.total_guests,
			confirmed_guests = c.confirmed_guests + EXCLUDED.confirmed_guests;
	RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "departure_guests_lines_insert" AFTER INSERT ON "tour_bookings"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "departure_guests_lines_insert"();
--> statement-breakpoint
CREATE TRIGGER "departure_guests_lines_delete" AFTER DELETE ON "tour_bookings"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "departure_guests_lines_delete"();
--> statement-breakpoint
CREATE TRIGGER "departure_guests_lines_update" AFTER UPDATE ON "tour_bookings"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "departure_guests_lines_update"();
--> statement-breakpoint
CREATE TRIGGER "departure_guests_bookings_update" AFTER UPDATE ON "bookings"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "departure_guests_bookings_update"();
--> statement-breakpoint
CREATE TRIGGER "departure_guests_booking_delete" BEFORE DELETE ON "bookings"
	FOR EACH ROW EXECUTE FUNCTION "departure_guests_booking_delete"();
--> statement-breakpoint
ALTER TABLE "tour_bookings" ENABLE ALWAYS TRIGGER "departure_guests_lines_insert";
--> statement-breakpoint
ALTER TABLE "tour_bookings" ENABLE ALWAYS TRIGGER "departure_guests_lines_delete";
--> statement-breakpoint
ALTER TABLE "tour_bookings" ENABLE ALWAYS TRIGGER "departure_guests_lines_update";
--> statement-breakpoint
ALTER TABLE "bookings" ENABLE ALWAYS TRIGGER "departure_guests_bookings_update";
--> statement-breakpoint
ALTER TABLE "bookings" ENABLE ALWAYS TRIGGER "departure_guests_booking_delete";
