CREATE TABLE "tour_managers" (
	"id" serial PRIMARY KEY NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"mobile_number" text NOT NULL,
	"telephone_number" text NOT NULL,
	"address" text,
	"iban_number" text,
	"bic_swift_number" text,
	"account_number" text,
	"sort_code" text,
	"bank_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advertise_sizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"size_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "brochure_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"brochure_id" integer NOT NULL,
	"qty" integer DEFAULT 1 NOT NULL,
	"customer_id" integer,
	"affiliate_id" integer,
	"requester_first_name" text,
	"requester_last_name" text,
	"requester_email" text,
	"requester_street_address" text,
	"requester_address_line_2" text,
	"requester_town" text,
	"requester_county" text,
	"requester_postcode" text,
	"batch_id" text,
	"sent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brochures" (
	"id" serial PRIMARY KEY NOT NULL,
	"brochure_name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancellation_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"days_before_start" integer NOT NULL,
	"days_before_end" integer NOT NULL,
	"penalty_type" smallint DEFAULT 0 NOT NULL,
	"penalty_charge" numeric(12, 2) NOT NULL,
	"tour_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancellation_days_order" CHECK ("cancellation_policies"."days_before_end" < "cancellation_policies"."days_before_start"),
	CONSTRAINT "cancellation_percent_cap" CHECK ("cancellation_policies"."penalty_type" <> 1 or "cancellation_policies"."penalty_charge" <= 100)
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"symbol" text,
	"exchange_rate" numeric(14, 6) NOT NULL,
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rate_positive" CHECK ("currencies"."exchange_rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"note" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_name" text NOT NULL,
	"template_type" smallint DEFAULT 1 NOT NULL,
	"template_subject" text NOT NULL,
	"template_slug" text NOT NULL,
	"template_status" smallint DEFAULT 1 NOT NULL,
	"template_body_content" text DEFAULT '' NOT NULL,
	"selected_doc_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_template_slug_unique" UNIQUE("template_slug")
);
--> statement-breakpoint
CREATE TABLE "monthly_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"month" smallint NOT NULL,
	"account_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_accounts_year_month_uq" UNIQUE("year","month")
);
--> statement-breakpoint
CREATE TABLE "service_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_name" text NOT NULL,
	"service_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_contents_type_unique" UNIQUE("type")
);
--> statement-breakpoint
ALTER TABLE "agent_password_resets" ADD CONSTRAINT "agent_password_resets_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brochure_requests" ADD CONSTRAINT "brochure_requests_brochure_id_brochures_id_fk" FOREIGN KEY ("brochure_id") REFERENCES "public"."brochures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brochure_requests" ADD CONSTRAINT "brochure_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brochure_requests" ADD CONSTRAINT "brochure_requests_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_password_resets_agent_idx" ON "agent_password_resets" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "brochure_requests_customer_idx" ON "brochure_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "brochure_requests_created_idx" ON "brochure_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("customer_id","created_at");