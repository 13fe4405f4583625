-- Issue #28: the Dashboard at ten million bookings. Its "details missing" tile probed the lines and
-- passengers of every live booking departing in the next 14 days (113,700 there: 1.0 s). Each booking
-- now carries details_missing, the rule of areas/bookings/work-lists.ts (detailsMissingNow): a tour
-- line with more guests than the booking has passengers, or a line on a tour that asks for passports
-- (tours.is_passport_details_required) while a passenger has no passport number or expiry date. The
-- work list reads the partial index bookings_details_missing_idx.
-- Kept by statement-level triggers on passengers, tour_bookings and tours, which recompute the
-- bookings their rows belong to (before and after an update). They stay ordinary (not ENABLE ALWAYS):
-- the scale seed loads under session_replication_role = replica and then calls
-- booking_details_missing_load for what it added, set-based, as this migration does.
ALTER TABLE "bookings" ADD COLUMN "details_missing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE FUNCTION "booking_details_missing_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
	UPDATE bookings b SET details_missing = m.missing
	FROM (
		SELECT x.id, coalesce(bool_or(tb.guests > p.n OR (coalesce(t.is_passport_details_required, false) AND p.gap)), false) AS missing
		FROM (SELECT DISTINCT id FROM unnest(ids) AS u(id) WHERE id IS NOT NULL) x
		LEFT JOIN tour_bookings tb ON tb.holiday_booking_id = x.id
		LEFT JOIN tours t ON t.id = tb.tour_id
		CROSS JOIN LATERAL (
			SELECT count(*) AS n, coalesce(bool_or(coalesce(btrim(p.passport_no), '') = '' OR p.passport_expiry IS NULL), false) AS gap
			FROM passengers p WHERE p.holiday_booking_id = x.id
		) p
		GROUP BY x.id
	) m
	WHERE b.id = m.id AND b.details_missing IS DISTINCT FROM m.missing;
$$;
--> statement-breakpoint
-- The same rule set-based, for every booking with id > after_id (the backfill and the scale seed).
CREATE FUNCTION "booking_details_missing_load"(after_id integer) RETURNS void LANGUAGE sql AS $$
	UPDATE bookings b SET details_missing = coalesce(m.missing, false)
	FROM bookings x
	LEFT JOIN (
		SELECT tb.holiday_booking_id AS id,
			bool_or(tb.guests > coalesce(p.n, 0) OR (coalesce(t.is_passport_details_required, false) AND coalesce(p.gap, false))) AS missing
		FROM tour_bookings tb
		LEFT JOIN tours t ON t.id = tb.tour_id
		LEFT JOIN (
			SELECT holiday_booking_id, count(*) AS n,
				bool_or(coalesce(btrim(passport_no), '') = '' OR passport_expiry IS NULL) AS gap
			FROM passengers WHERE holiday_booking_id > after_id GROUP BY holiday_booking_id
		) p ON p.holiday_booking_id = tb.holiday_booking_id
		WHERE tb.holiday_booking_id > after_id
		GROUP BY tb.holiday_booking_id
	) m ON m.id = x.id
	WHERE x.id > after_id AND b.id = x.id AND b.details_missing IS DISTINCT FROM coalesce(m.missing, false);
$$;
--> statement-breakpoint
CREATE FUNCTION "passengers_details_missing_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM booking_details_missing_refresh(array(SELECT holiday_booking_id FROM new_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "passengers_details_missing_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM booking_details_missing_refresh(array(SELECT holiday_booking_id FROM old_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose booking or passport changed take part: editing a name recomputes nothing.
CREATE FUNCTION "passengers_details_missing_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM booking_details_missing_refresh(array(
		SELECT v.id FROM old_rows o JOIN new_rows n ON n.id = o.id
		CROSS JOIN LATERAL (VALUES (o.holiday_booking_id), (n.holiday_booking_id)) AS v(id)
		WHERE o.holiday_booking_id IS DISTINCT FROM n.holiday_booking_id
			OR o.passport_no IS DISTINCT FROM n.passport_no
			OR o.passport_expiry IS DISTINCT FROM n.passport_expiry));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "passengers_details_missing_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM booking_details_missing_refresh(array(SELECT DISTINCT holiday_booking_id FROM tour_bookings));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "tour_bookings_details_missing_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM booking_details_missing_refresh(array(SELECT holiday_booking_id FROM new_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "tour_bookings_details_missing_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM booking_details_missing_refresh(array(SELECT holiday_booking_id FROM old_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Only lines whose booking, guests or tour changed take part: a price or rooming change recomputes nothing.
CREATE FUNCTION "tour_bookings_details_missing_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM booking_details_missing_refresh(array(
		SELECT v.id FROM old_rows o JOIN new_rows n ON n.id = o.id
		CROSS JOIN LATERAL (VALUES (o.holiday_booking_id), (n.holiday_booking_id)) AS v(id)
		WHERE o.holiday_booking_id IS DISTINCT FROM n.holiday_booking_id
			OR o.guests IS DISTINCT FROM n.guests
			OR o.tour_id IS DISTINCT FROM n.tour_id));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "tour_bookings_details_missing_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE bookings SET details_missing = false WHERE details_missing;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A tour starting or stopping to ask for passports recomputes the bookings with lines on it.
CREATE FUNCTION "tours_details_missing_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM booking_details_missing_refresh(array(
		SELECT DISTINCT tb.holiday_booking_id FROM tour_bookings tb
		WHERE tb.tour_id IN (
			SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
			WHERE o.is_passport_details_required IS DISTINCT FROM n.is_passport_details_required)));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "passengers_details_missing_insert" AFTER INSERT ON "passengers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION passengers_details_missing_insert();
--> statement-breakpoint
CREATE TRIGGER "passengers_details_missing_delete" AFTER DELETE ON "passengers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION passengers_details_missing_delete();
--> statement-breakpoint
CREATE TRIGGER "passengers_details_missing_update" AFTER UPDATE ON "passengers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION passengers_details_missing_update();
--> statement-breakpoint
CREATE TRIGGER "passengers_details_missing_truncate" AFTER TRUNCATE ON "passengers" FOR EACH STATEMENT EXECUTE FUNCTION passengers_details_missing_truncate();
--> statement-breakpoint
CREATE TRIGGER "tour_bookings_details_missing_insert" AFTER INSERT ON "tour_bookings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tour_bookings_details_missing_insert();
--> statement-breakpoint
CREATE TRIGGER "tour_bookings_details_missing_delete" AFTER DELETE ON "tour_bookings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tour_bookings_details_missing_delete();
--> statement-breakpoint
CREATE TRIGGER "tour_bookings_details_missing_update" AFTER UPDATE ON "tour_bookings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tour_bookings_details_missing_update();
--> statement-breakpoint
CREATE TRIGGER "tour_bookings_details_missing_truncate" AFTER TRUNCATE ON "tour_bookings" FOR EACH STATEMENT EXECUTE FUNCTION tour_bookings_details_missing_truncate();
--> statement-breakpoint
CREATE TRIGGER "tours_details_missing_update" AFTER UPDATE ON "tours" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tours_details_missing_update();
--> statement-breakpoint
SELECT booking_details_missing_load(0);
--> statement-breakpoint
CREATE INDEX "bookings_details_missing_idx" ON "bookings" USING btree ("departure_date","created_at","id") WHERE details_missing and cancelled_at is null;
