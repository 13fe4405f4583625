DROP INDEX "bookings_departure_idx";--> statement-breakpoint
DROP INDEX "bookings_customer_idx";--> statement-breakpoint
DROP INDEX "bookings_agent_idx";--> statement-breakpoint
DROP INDEX "bookings_affiliate_idx";--> statement-breakpoint
CREATE INDEX "bookings_departure_idx" ON "bookings" USING btree ("departure_date","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_customer_idx" ON "bookings" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_agent_idx" ON "bookings" USING btree ("agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_affiliate_idx" ON "bookings" USING btree ("affiliate_id","created_at","id");