CREATE TABLE "customer_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"read_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_booking_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"email" text NOT NULL,
	"customer_id" integer,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_booking_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"customer_id" integer,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_booking_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"via" text NOT NULL,
	"email" text NOT NULL,
	"customer_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "booking_history" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_read_by_users_id_fk" FOREIGN KEY ("read_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_codes" ADD CONSTRAINT "portal_codes_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_codes" ADD CONSTRAINT "portal_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_messages_booking_idx" ON "customer_messages" USING btree ("holiday_booking_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_messages_unread_idx" ON "customer_messages" USING btree ("created_at") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "portal_attempts_key_idx" ON "portal_attempts" USING btree ("scope","key","attempted_at");--> statement-breakpoint
CREATE INDEX "portal_codes_booking_idx" ON "portal_codes" USING btree ("holiday_booking_id","created_at");--> statement-breakpoint
CREATE INDEX "portal_links_booking_idx" ON "portal_links" USING btree ("holiday_booking_id");--> statement-breakpoint
CREATE INDEX "portal_sessions_booking_idx" ON "portal_sessions" USING btree ("holiday_booking_id");