-- Issue #28: the Dashboard at ten million bookings. Its balance figures counted and summed the open
-- balances of the partial index bookings_balance_open_idx (377,000 overdue there: 60 ms) and its
-- "changes not accepted" figure counted the upcoming pending bookings. booking_day_counts (0026)
-- now keeps two more kinds beside 'departure' and 'booked', with a money total beside the count:
--   'outstanding'      per balance_due day: live bookings owing money (balance > 0 and cancelled_at
--                      is null, areas/bookings/work-lists.ts balanceOutstanding), total = their balances;
--   'changes_pending'  per departure day: live bookings whose changes are not accepted (changesPending).
-- The Dashboard sums a few hundred day rows instead. The same statement-level triggers keep them:
-- the functions of 0026 are replaced, so each booking statement still fires one trigger.
ALTER TABLE "booking_day_counts" ADD COLUMN "total" numeric(14, 2) NOT NULL DEFAULT 0;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "booking_day_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO booking_day_counts (kind, day, slot, n, total)
	SELECT k.kind, k.day, (txid_current() % 64)::smallint, count(*), sum(k.amount)
	FROM new_rows r
	CROSS JOIN LATERAL (VALUES
		('departure', r.departure_date, true, 0::numeric),
		('booked', (r.created_at AT TIME ZONE 'Europe/London')::date, true, 0::numeric),
		('outstanding', r.balance_due, r.balance > 0 AND r.cancelled_at IS NULL, r.balance),
		('changes_pending', r.departure_date, r.changes_accepted = 0 AND r.cancelled_at IS NULL, 0::numeric)
	) AS k(kind, day, counted, amount)
	WHERE k.day IS NOT NULL AND k.counted
	GROUP BY k.kind, k.day
	ON CONFLICT (kind, day, slot) DO UPDATE
		SET n = booking_day_counts.n + EXCLUDED.n, total = booking_day_counts.total + EXCLUDED.total;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "booking_day_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO booking_day_counts (kind, day, slot, n, total)
	SELECT k.kind, k.day, (txid_current() % 64)::smallint, -count(*), -sum(k.amount)
	FROM old_rows r
	CROSS JOIN LATERAL (VALUES
		('departure', r.departure_date, true, 0::numeric),
		('booked', (r.created_at AT TIME ZONE 'Europe/London')::date, true, 0::numeric),
		('outstanding', r.balance_due, r.balance > 0 AND r.cancelled_at IS NULL, r.balance),
		('changes_pending', r.departure_date, r.changes_accepted = 0 AND r.cancelled_at IS NULL, 0::numeric)
	) AS k(kind, day, counted, amount)
	WHERE k.day IS NOT NULL AND k.counted
	GROUP BY k.kind, k.day
	ON CONFLICT (kind, day, slot) DO UPDATE
		SET n = booking_day_counts.n + EXCLUDED.n, total = booking_day_counts.total + EXCLUDED.total;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Old rows are taken back and new rows added; a statement that changes none of the days, the
-- balance or the flags (most edits of a booking) writes nothing.
CREATE OR REPLACE FUNCTION "booking_day_counts_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO booking_day_counts (kind, day, slot, n, total)
	SELECT k.kind, k.day, (txid_current() % 64)::smallint, sum(r.delta), sum(r.delta * k.amount)
	FROM (
		SELECT -1 AS delta, departure_date, created_at, balance_due, balance, cancelled_at, changes_accepted FROM old_rows
		UNION ALL
		SELECT 1, departure_date, created_at, balance_due, balance, cancelled_at, changes_accepted FROM new_rows
	) r
	CROSS JOIN LATERAL (VALUES
		('departure', r.departure_date, true, 0::numeric),
		('booked', (r.created_at AT TIME ZONE 'Europe/London')::date, true, 0::numeric),
		('outstanding', r.balance_due, r.balance > 0 AND r.cancelled_at IS NULL, r.balance),
		('changes_pending', r.departure_date, r.changes_accepted = 0 AND r.cancelled_at IS NULL, 0::numeric)
	) AS k(kind, day, counted, amount)
	WHERE k.day IS NOT NULL AND k.counted
	GROUP BY k.kind, k.day
	HAVING sum(r.delta) <> 0 OR sum(r.delta * k.amount) <> 0
	ON CONFLICT (kind, day, slot) DO UPDATE
		SET n = booking_day_counts.n + EXCLUDED.n, total = booking_day_counts.total + EXCLUDED.total;
	RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO "booking_day_counts" ("kind", "day", "slot", "n", "total")
SELECT 'outstanding', balance_due, 0, count(*), sum(balance) FROM "bookings"
WHERE balance > 0 AND cancelled_at IS NULL AND balance_due IS NOT NULL GROUP BY balance_due;
--> statement-breakpoint
INSERT INTO "booking_day_counts" ("kind", "day", "slot", "n")
SELECT 'changes_pending', departure_date, 0, count(*) FROM "bookings"
WHERE changes_accepted = 0 AND cancelled_at IS NULL AND departure_date IS NOT NULL GROUP BY departure_date;
