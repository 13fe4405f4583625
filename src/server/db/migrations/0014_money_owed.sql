CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"paid_amount" numeric(12, 2) NOT NULL,
	"payment_mode" text NOT NULL,
	"transaction_number" text,
	"payment_date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."paid_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "party_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_for" text NOT NULL,
	"supplier_id" integer,
	"tour_manager_id" integer,
	"affiliate_id" integer,
	"invoice_number" text NOT NULL,
	"currency_type" text DEFAULT 'Sterling' NOT NULL,
	"currency_exchange_rate" numeric(12, 6) DEFAULT '1' NOT NULL,
	"invoice_amount" numeric(12, 2) NOT NULL,
	"invoice_date" date NOT NULL,
	"invoice_due_date" date NOT NULL,
	"payment_invoice_file_key" text,
	"payment_invoice_name" text,
	"total_paid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_linked" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "party_invoices_party_check" CHECK (("party_invoices"."invoice_for" = 'supplier' and "party_invoices"."supplier_id" is not null and "party_invoices"."tour_manager_id" is null and "party_invoices"."affiliate_id" is null)
        or ("party_invoices"."invoice_for" = 'tour_manager' and "party_invoices"."tour_manager_id" is not null and "party_invoices"."supplier_id" is null and "party_invoices"."affiliate_id" is null)
        or ("party_invoices"."invoice_for" = 'affiliate' and "party_invoices"."affiliate_id" is not null and "party_invoices"."supplier_id" is null and "party_invoices"."tour_manager_id" is null)),
	CONSTRAINT "party_invoices_rate_check" CHECK ("party_invoices"."currency_exchange_rate" > 0),
	CONSTRAINT "party_invoices_amount_check" CHECK ("party_invoices"."invoice_amount" > 0),
	CONSTRAINT "party_invoices_paid_check" CHECK ("party_invoices"."total_paid" >= 0 and "party_invoices"."total_paid" <= "party_invoices"."invoice_amount"),
	CONSTRAINT "party_invoices_linked_check" CHECK ("party_invoices"."total_linked" >= 0 and "party_invoices"."total_linked" <= "party_invoices"."invoice_amount")
);
--> statement-breakpoint
CREATE TABLE "tour_group_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_group_id" integer NOT NULL,
	"payment_for" smallint NOT NULL,
	"supplier_id" integer,
	"tour_manager_id" integer,
	"service_type_id" integer,
	"accommodation_id" integer,
	"accommodation_room_id" integer,
	"estimated_cost" numeric(12, 2),
	"currency_type" text DEFAULT 'Sterling' NOT NULL,
	"currency_exchange_rate" numeric(12, 6) DEFAULT '1' NOT NULL,
	"per_person_basis" boolean DEFAULT false NOT NULL,
	"supplier_invoice_id" integer,
	"invoice_asigned_amount" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_group_payments_party_check" CHECK (("tour_group_payments"."payment_for" = 1 and "tour_group_payments"."supplier_id" is not null and "tour_group_payments"."tour_manager_id" is null)
        or ("tour_group_payments"."payment_for" = 2 and "tour_group_payments"."tour_manager_id" is not null and "tour_group_payments"."supplier_id" is null)),
	CONSTRAINT "tour_group_payments_rate_check" CHECK ("tour_group_payments"."currency_exchange_rate" > 0),
	CONSTRAINT "tour_group_payments_money_check" CHECK (coalesce("tour_group_payments"."estimated_cost", 0) >= 0 and coalesce("tour_group_payments"."invoice_asigned_amount", 0) >= 0),
	CONSTRAINT "tour_group_payments_invoice_check" CHECK (("tour_group_payments"."supplier_invoice_id" is null) = ("tour_group_payments"."invoice_asigned_amount" is null))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_party_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."party_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_invoices" ADD CONSTRAINT "party_invoices_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_invoices" ADD CONSTRAINT "party_invoices_tour_manager_id_tour_managers_id_fk" FOREIGN KEY ("tour_manager_id") REFERENCES "public"."tour_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_invoices" ADD CONSTRAINT "party_invoices_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_group_payments" ADD CONSTRAINT "tour_group_payments_tour_group_id_tour_groups_id_fk" FOREIGN KEY ("tour_group_id") REFERENCES "public"."tour_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_group_payments" ADD CONSTRAINT "tour_group_payments_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_group_payments" ADD CONSTRAINT "tour_group_payments_tour_manager_id_tour_managers_id_fk" FOREIGN KEY ("tour_manager_id") REFERENCES "public"."tour_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_group_payments" ADD CONSTRAINT "tour_group_payments_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_group_payments" ADD CONSTRAINT "tour_group_payments_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_group_payments" ADD CONSTRAINT "tour_group_payments_accommodation_room_id_accommodation_rooms_id_fk" FOREIGN KEY ("accommodation_room_id") REFERENCES "public"."accommodation_rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_group_payments" ADD CONSTRAINT "tour_group_payments_supplier_invoice_id_party_invoices_id_fk" FOREIGN KEY ("supplier_invoice_id") REFERENCES "public"."party_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE INDEX "invoice_payments_date_idx" ON "invoice_payments" USING btree ("payment_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "party_invoices_supplier_number_uq" ON "party_invoices" USING btree ("supplier_id","invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "party_invoices_tour_manager_number_uq" ON "party_invoices" USING btree ("tour_manager_id","invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "party_invoices_affiliate_number_uq" ON "party_invoices" USING btree ("affiliate_id","invoice_number");--> statement-breakpoint
CREATE INDEX "party_invoices_supplier_date_idx" ON "party_invoices" USING btree ("supplier_id","invoice_date","id");--> statement-breakpoint
CREATE INDEX "party_invoices_tour_manager_date_idx" ON "party_invoices" USING btree ("tour_manager_id","invoice_date","id");--> statement-breakpoint
CREATE INDEX "party_invoices_affiliate_date_idx" ON "party_invoices" USING btree ("affiliate_id","invoice_date","id");--> statement-breakpoint
CREATE INDEX "party_invoices_due_idx" ON "party_invoices" USING btree ("invoice_for","invoice_due_date","id");--> statement-breakpoint
CREATE INDEX "tour_group_payments_group_idx" ON "tour_group_payments" USING btree ("tour_group_id","id");--> statement-breakpoint
CREATE INDEX "tour_group_payments_invoice_idx" ON "tour_group_payments" USING btree ("supplier_invoice_id");