-- Issue #28: the bookings list's customer name searches count their matches from the matching
-- customers' booking counts instead of counting 25,000 index entries at ten million bookings.
-- Bookings per customer (bookings.customer_id), kept exact by statement-level triggers as
-- booking_day_counts is (migration 0026): an insert adds, a delete takes back, an update that moves
-- bookings between customers (a merge, a relink) does both; a statement that moves none writes
-- nothing. Rows of 0 are left in place (a customer's count row is reused by their next booking).
-- ENABLE ALWAYS keeps them firing under session_replication_role = replica (bulk loads).
CREATE TABLE "customer_booking_counts" (
	"customer_id" integer PRIMARY KEY,
	"n" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE FUNCTION "customer_booking_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO customer_booking_counts (customer_id, n)
	SELECT customer_id, count(*) FROM new_rows WHERE customer_id IS NOT NULL GROUP BY customer_id
	ORDER BY customer_id
	ON CONFLICT (customer_id) DO UPDATE SET n = customer_booking_counts.n + EXCLUDED.n;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "customer_booking_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO customer_booking_counts (customer_id, n)
	SELECT customer_id, -count(*) FROM old_rows WHERE customer_id IS NOT NULL GROUP BY customer_id
	ORDER BY customer_id
	ON CONFLICT (customer_id) DO UPDATE SET n = customer_booking_counts.n + EXCLUDED.n;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose customer changed take part (old and new rows joined by id).
CREATE FUNCTION "customer_booking_counts_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO customer_booking_counts (customer_id, n)
	SELECT m.customer_id, sum(m.delta)
	FROM (
		SELECT o.customer_id AS old_customer, n.customer_id AS new_customer
		FROM old_rows o JOIN new_rows n ON n.id = o.id
		WHERE o.customer_id IS DISTINCT FROM n.customer_id
	) r
	CROSS JOIN LATERAL (VALUES (r.old_customer, -1), (r.new_customer, 1)) AS m(customer_id, delta)
	WHERE m.customer_id IS NOT NULL
	GROUP BY m.customer_id
	HAVING sum(m.delta) <> 0
	ORDER BY m.customer_id
	ON CONFLICT (customer_id) DO UPDATE SET n = customer_booking_counts.n + EXCLUDED.n;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "customer_booking_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM customer_booking_counts;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_customer_counts_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_booking_counts_insert();
--> statement-breakpoint
CREATE TRIGGER "bookings_customer_counts_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_booking_counts_delete();
--> statement-breakpoint
CREATE TRIGGER "bookings_customer_counts_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_booking_counts_update();
--> statement-breakpoint
CREATE TRIGGER "bookings_customer_counts_truncate" AFTER TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION customer_booking_counts_truncate();
--> statement-breakpoint
ALTER TABLE "bookings" ENABLE ALWAYS TRIGGER "bookings_customer_counts_insert";
--> statement-breakpoint
ALTER TABLE "bookings" ENABLE ALWAYS TRIGGER "bookings_customer_counts_delete";
--> statement-breakpoint
ALTER TABLE "bookings" ENABLE ALWAYS TRIGGER "bookings_customer_counts_update";
--> statement-breakpoint
ALTER TABLE "bookings" ENABLE ALWAYS TRIGGER "bookings_customer_counts_truncate";
--> statement-breakpoint
INSERT INTO "customer_booking_counts" ("customer_id", "n")
SELECT customer_id, count(*) FROM "bookings" WHERE customer_id IS NOT NULL GROUP BY customer_id;
