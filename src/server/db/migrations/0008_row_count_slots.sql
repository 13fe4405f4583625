-- Row-count slots chosen per transaction instead of per backend: pooled connections whose pids
-- share a slot (pid % 16) made concurrent booking creations queue on one counter row until commit.
-- 64 slots by transaction id: two concurrent transactions meet on a row once in 64. Readers sum
-- the slots as before.
CREATE OR REPLACE FUNCTION "count_rows_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO table_row_counts (table_name, slot, n)
	SELECT TG_TABLE_NAME, (txid_current() % 64)::smallint, count(*) FROM new_rows
	ON CONFLICT (table_name, slot) DO UPDATE SET n = table_row_counts.n + EXCLUDED.n;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_rows_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO table_row_counts (table_name, slot, n)
	SELECT TG_TABLE_NAME, (txid_current() % 64)::smallint, -count(*) FROM old_rows
	ON CONFLICT (table_name, slot) DO UPDATE SET n = table_row_counts.n + EXCLUDED.n;
	RETURN NULL;
END $$;
