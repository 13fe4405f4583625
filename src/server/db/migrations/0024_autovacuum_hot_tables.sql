-- Issue #28: the bookings list's filtered cases read covering indexes (index-only scans), which
-- only skip the table for pages marked all-visible. PostgreSQL's default autovacuum waits for 20 %
-- of a table to change (200,000 bookings at 1M, two million at 10M) before it marks them again, so a
-- busy office's lists slowly fell back to fetching every matching row from the heap (2–4× slower).
-- Vacuum the hot tables after 1 % of their rows changed or were added instead.
ALTER TABLE "bookings" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "tour_bookings" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "customers" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "passengers" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "payments" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02);
