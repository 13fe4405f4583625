-- Exact row counts of the big tables without count(*) over a million rows (the lists' recordsTotal).
-- Statement-level triggers add each statement's inserted/deleted rows into one of 16 slots chosen by
-- the backend's pid, so concurrent writers rarely touch the same counter row; readers sum the slots.
-- ENABLE ALWAYS keeps them firing under session_replication_role = replica (bulk loads).
CREATE TABLE "table_row_counts" (
	"table_name" text NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL DEFAULT 0,
	PRIMARY KEY ("table_name", "slot")
);
--> statement-breakpoint
CREATE FUNCTION "count_rows_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO table_row_counts (table_name, slot, n)
	SELECT TG_TABLE_NAME, pg_backend_pid() % 16, count(*) FROM new_rows
	ON CONFLICT (table_name, slot) DO UPDATE SET n = table_row_counts.n + EXCLUDED.n;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "count_rows_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO table_row_counts (table_name, slot, n)
	SELECT TG_TABLE_NAME, pg_backend_pid() % 16, -count(*) FROM old_rows
	ON CONFLICT (table_name, slot) DO UPDATE SET n = table_row_counts.n + EXCLUDED.n;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "count_rows_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM table_row_counts WHERE table_name = TG_TABLE_NAME;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_count_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows_insert();
--> statement-breakpoint
CREATE TRIGGER "bookings_count_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows_delete();
--> statement-breakpoint
CREATE TRIGGER "bookings_count_truncate" AFTER TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION count_rows_truncate();
--> statement-breakpoint
ALTER TABLE "bookings" ENABLE ALWAYS TRIGGER "bookings_count_insert";
--> statement-breakpoint
ALTER TABLE "bookings" ENABLE ALWAYS TRIGGER "bookings_count_delete";
--> statement-breakpoint
ALTER TABLE "bookings" ENABLE ALWAYS TRIGGER "bookings_count_truncate";
--> statement-breakpoint
CREATE TRIGGER "customers_count_insert" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows_insert();
--> statement-breakpoint
CREATE TRIGGER "customers_count_delete" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows_delete();
--> statement-breakpoint
CREATE TRIGGER "customers_count_truncate" AFTER TRUNCATE ON "customers" FOR EACH STATEMENT EXECUTE FUNCTION count_rows_truncate();
--> statement-breakpoint
ALTER TABLE "customers" ENABLE ALWAYS TRIGGER "customers_count_insert";
--> statement-breakpoint
ALTER TABLE "customers" ENABLE ALWAYS TRIGGER "customers_count_delete";
--> statement-breakpoint
ALTER TABLE "customers" ENABLE ALWAYS TRIGGER "customers_count_truncate";
--> statement-breakpoint
INSERT INTO "table_row_counts" ("table_name", "slot", "n") SELECT 'bookings', 0, count(*) FROM "bookings";
--> statement-breakpoint
INSERT INTO "table_row_counts" ("table_name", "slot", "n") SELECT 'customers', 0, count(*) FROM "customers";
