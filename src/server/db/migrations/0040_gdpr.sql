CREATE TABLE "gdpr_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"customer_id" integer,
	"user_id" integer,
	"status" text DEFAULT 'running' NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"passengers" integer DEFAULT 0 NOT NULL,
	"fields" integer DEFAULT 0 NOT NULL,
	"files" integer DEFAULT 0 NOT NULL,
	"money_before" text,
	"money_after" text,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gdpr_runs" ADD CONSTRAINT "gdpr_runs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gdpr_runs" ADD CONSTRAINT "gdpr_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gdpr_runs_started_idx" ON "gdpr_runs" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_booking_idx" ON "bank_statement_lines" USING btree ("booking_id") WHERE booking_id is not null;--> statement-breakpoint
CREATE INDEX "bookings_customer_last_departure_idx" ON "bookings" USING btree ("customer_id",coalesce("departure_date", (timezone('UTC', "created_at"))::date)) WHERE customer_id is not null;--> statement-breakpoint
CREATE INDEX "email_outbox_to_lower_idx" ON "email_outbox" USING btree (lower(trim("to_address")));--> statement-breakpoint
CREATE INDEX "customers_retention_idx" ON "customers" USING btree ("id") WHERE erased_at is null and booking_count > 0;--> statement-breakpoint
CREATE INDEX "brochure_requests_email_lower_idx" ON "brochure_requests" USING btree (lower(trim("requester_email")));