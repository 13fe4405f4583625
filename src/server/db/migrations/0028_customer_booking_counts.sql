-- Issue #28: the bookings list's customer name searches at ten million bookings. A surname matches
-- some 11,000 customers and 25,000 bookings there: counting those bookings read 25,000 index entries
-- and sorting them for the newest 25 read them all again. Each customer now carries its bookings'
-- count and the newest one's created_at, so the count is a sum over the matching customers (read in
-- the same scan that finds them) and the newest page needs only the bookings of the customers with
-- the newest last booking (areas/bookings/queries.ts).
-- Kept exact by statement-level triggers on bookings, as booking_day_counts (0026): an insert adds,
-- a delete takes back, an update that moves bookings between customers or changes a booking's
-- created_at does both; the newest booking after a delete or move is read back from
-- bookings_customer_idx (one probe per customer). ENABLE ALWAYS keeps them firing under
-- session_replication_role = replica (bulk loads).
ALTER TABLE "customers" ADD COLUMN "booking_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "last_booked_at" timestamp with time zone;--> statement-breakpoint
CREATE FUNCTION "customer_booking_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE customers c
	SET booking_count = c.booking_count + d.n, last_booked_at = greatest(c.last_booked_at, d.last)
	FROM (SELECT customer_id, count(*) AS n, max(created_at) AS last FROM new_rows
		WHERE customer_id IS NOT NULL GROUP BY customer_id) d
	WHERE c.id = d.customer_id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "customer_booking_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE customers c
	SET booking_count = c.booking_count - d.n,
		last_booked_at = (SELECT max(b.created_at) FROM bookings b WHERE b.customer_id = c.id)
	FROM (SELECT customer_id, count(*) AS n FROM old_rows
		WHERE customer_id IS NOT NULL GROUP BY customer_id) d
	WHERE c.id = d.customer_id;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose customer or created_at changed take part (old and new rows joined by id); a
-- statement that changes neither (almost every update of a booking) updates no customer.
CREATE FUNCTION "customer_booking_counts_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE customers c
	SET booking_count = c.booking_count + d.n,
		last_booked_at = (SELECT max(b.created_at) FROM bookings b WHERE b.customer_id = c.id)
	FROM (
		SELECT m.customer_id, sum(m.delta) AS n
		FROM (
			SELECT o.customer_id AS old_customer, n.customer_id AS new_customer
			FROM old_rows o JOIN new_rows n ON n.id = o.id
			WHERE o.customer_id IS DISTINCT FROM n.customer_id OR o.created_at IS DISTINCT FROM n.created_at
		) r
		CROSS JOIN LATERAL (VALUES (r.old_customer, -1), (r.new_customer, 1)) AS m(customer_id, delta)
		WHERE m.customer_id IS NOT NULL
		GROUP BY m.customer_id
	) d
	WHERE c.id = d.customer_id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "customer_booking_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE customers SET booking_count = 0, last_booked_at = NULL
	WHERE booking_count <> 0 OR last_booked_at IS NOT NULL;
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
UPDATE "customers" c SET "booking_count" = d.n, "last_booked_at" = d.last
FROM (SELECT customer_id, count(*) AS n, max(created_at) AS last FROM "bookings"
	WHERE customer_id IS NOT NULL GROUP BY customer_id) d
WHERE c.id = d.customer_id;
