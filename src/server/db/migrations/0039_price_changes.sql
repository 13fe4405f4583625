CREATE TABLE "booking_price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_booking_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"total_before" numeric(12, 2) NOT NULL,
	"total_after" numeric(12, 2) NOT NULL,
	"decision" text,
	"respond_by" date,
	"decided_at" timestamp with time zone,
	"decided_via" text,
	"decided_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_price_changes_amount_not_zero" CHECK ("booking_price_changes"."amount" <> 0),
	CONSTRAINT "booking_price_changes_decision" CHECK ("booking_price_changes"."decision" is null or "booking_price_changes"."decision" in ('pending', 'accepted', 'cancelled', 'deemed_accepted'))
);
--> statement-breakpoint
ALTER TABLE "booking_price_changes" ADD CONSTRAINT "booking_price_changes_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_price_changes" ADD CONSTRAINT "booking_price_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_price_changes" ADD CONSTRAINT "booking_price_changes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_price_changes_booking_idx" ON "booking_price_changes" USING btree ("holiday_booking_id");--> statement-breakpoint
INSERT INTO "system_settings" ("name", "value") VALUES
  ('price_increase_min_days_before_departure', '20'),
  ('price_increase_significant_percent', '8'),
  ('price_change_response_days', '7')
ON CONFLICT ("name") DO NOTHING;
