CREATE INDEX "bookings_balance_open_idx" ON "bookings" USING btree ("balance_due","created_at","id","balance") WHERE balance > 0 and cancelled_at is null;--> statement-breakpoint
CREATE INDEX "bookings_changes_pending_idx" ON "bookings" USING btree ("departure_date","created_at","id") WHERE changes_accepted = 0 and cancelled_at is null;--> statement-breakpoint
CREATE INDEX "customers_last_name_lower_idx" ON "customers" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_email_lower_idx" ON "customers" USING btree (lower("email") text_pattern_ops);