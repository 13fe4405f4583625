-- Issue #28: exact counts of the bookings list's date-range filters without counting 290,000 index
-- entries at ten million bookings. Bookings per departure day and per booking day (the calendar day
-- of created_at in Europe/London, as the list's booking-date filter reads it), kept by
-- statement-level triggers in one of 64 slots chosen by transaction id (as table_row_counts since
-- migration 0008), so concurrent bookings made today rarely meet on today's counter row; readers
-- sum the slots.
-- An update adds its new days and takes back its old ones; a statement that moves no date writes
-- nothing. ENABLE ALWAYS keeps them firing under session_replication_role = replica (bulk loads).
CREATE TABLE "booking_day_counts" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL DEFAULT 0,
	PRIMARY KEY ("kind", "day", "slot")
);
--> statement-breakpoint
CREATE FUNCTION "booking_day_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO booking_day_counts (kind, day, slot, n)
	SELECT k.kind, k.day, (txid_current() % 64)::smallint, count(*)
	FROM new_rows r
	CROSS JOIN LATERAL (VALUES ('departure', r.departure_date),
		('booked', (r.created_at AT TIME ZONE 'Europe/London')::date)) AS k(kind, day)
	WHERE k.day IS NOT NULL
	GROUP BY k.kind, k.day
	ON CONFLICT (kind, day, slot) DO UPDATE SET n = booking_day_counts.n + EXCLUDED.n;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "booking_day_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO booking_day_counts (kind, day, slot, n)
	SELECT k.kind, k.day, (txid_current() % 64)::smallint, -count(*)
	FROM old_rows r
	CROSS JOIN LATERAL (VALUES ('departure', r.departure_date),
		('booked', (r.created_at AT TIME ZONE 'Europe/London')::date)) AS k(kind, day)
	WHERE k.day IS NOT NULL
	GROUP BY k.kind, k.day
	ON CONFLICT (kind, day, slot) DO UPDATE SET n = booking_day_counts.n + EXCLUDED.n;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "booking_day_counts_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO booking_day_counts (kind, day, slot, n)
	SELECT k.kind, k.day, (txid_current() % 64)::smallint, sum(r.delta)
	FROM (
		SELECT -1 AS delta, departure_date, created_at FROM old_rows
		UNION ALL
		SELECT 1, departure_date, created_at FROM new_rows
	) r
	CROSS JOIN LATERAL (VALUES ('departure', r.departure_date),
		('booked', (r.created_at AT TIME ZONE 'Europe/London')::date)) AS k(kind, day)
	WHERE k.day IS NOT NULL
	GROUP BY k.kind, k.day
	HAVING sum(r.delta) <> 0
	ON CONFLICT (kind, day, slot) DO UPDATE SET n = booking_day_counts.n + EXCLUDED.n;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "booking_day_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM booking_day_counts;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_day_counts_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_day_counts_insert();
--> statement-breakpoint
CREATE TRIGGER "bookings_day_counts_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_day_counts_delete();
--> statement-breakpoint
CREATE TRIGGER "bookings_day_counts_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_day_counts_update();
--> statement-breakpoint
CREATE TRIGGER "bookings_day_counts_truncate" AFTER TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION booking_day_counts_truncate();
--> statement-breakpoint
ALTER TABLE "bookings" ENABLE ALWAYS TRIGGER "bookings_day_counts_insert";
--> statement-breakpoint
ALTER TABLE "bookings" ENABLE ALWAYS TRIGGER "bookings_day_counts_delete";
--> statement-breakpoint
ALTER TABLE "bookings" ENABLE ALWAYS TRIGGER "bookings_day_counts_update";
--> statement-breakpoint
ALTER TABLE "bookings" ENABLE ALWAYS TRIGGER "bookings_day_counts_truncate";
--> statement-breakpoint
INSERT INTO "booking_day_counts" ("kind", "day", "slot", "n")
SELECT 'departure', departure_date, 0, count(*) FROM "bookings" WHERE departure_date IS NOT NULL GROUP BY departure_date;
--> statement-breakpoint
INSERT INTO "booking_day_counts" ("kind", "day", "slot", "n")
SELECT 'booked', (created_at AT TIME ZONE 'Europe/London')::date, 0, count(*) FROM "bookings" WHERE created_at IS NOT NULL GROUP BY 2;
