CREATE TABLE "advertisement_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"advertisement_id" integer NOT NULL,
	"tour_id" integer NOT NULL,
	"size_id" integer,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advertisement_products_amount_check" CHECK ("advertisement_products"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "advertisements" (
	"id" serial PRIMARY KEY NOT NULL,
	"affiliate_id" integer NOT NULL,
	"size_id" integer NOT NULL,
	"placemenet_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"total_cost" numeric(12, 2),
	"submission_deadline_date" date,
	"is_graphic_created" boolean DEFAULT false NOT NULL,
	"is_sent" boolean DEFAULT false NOT NULL,
	"paid_status" boolean DEFAULT false NOT NULL,
	"invoice_number" text,
	"invoice_amount" numeric(12, 2),
	"invoice_due_date" date,
	"invoice_file_key" text,
	"invoice_name" text,
	"graphic_file_key" text,
	"graphic_name" text,
	"payment_mode" text,
	"payment_mode_number" text,
	"payment_date" date,
	"payment_amount" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advertisements_money_check" CHECK (coalesce("advertisements"."total_cost", 0) >= 0 and coalesce("advertisements"."invoice_amount", 0) >= 0 and coalesce("advertisements"."payment_amount", 0) >= 0),
	CONSTRAINT "advertisements_dates_check" CHECK ("advertisements"."expiry_date" >= "advertisements"."placemenet_date")
);
--> statement-breakpoint
ALTER TABLE "advertisement_products" ADD CONSTRAINT "advertisement_products_advertisement_id_advertisements_id_fk" FOREIGN KEY ("advertisement_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisement_products" ADD CONSTRAINT "advertisement_products_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisement_products" ADD CONSTRAINT "advertisement_products_size_id_advertise_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."advertise_sizes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_size_id_advertise_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."advertise_sizes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertisement_products_advert_idx" ON "advertisement_products" USING btree ("advertisement_id","id");--> statement-breakpoint
CREATE INDEX "advertisement_products_tour_idx" ON "advertisement_products" USING btree ("tour_id");--> statement-breakpoint
CREATE INDEX "advertisements_affiliate_idx" ON "advertisements" USING btree ("affiliate_id","placemenet_date","id");--> statement-breakpoint
CREATE INDEX "advertisements_deadline_idx" ON "advertisements" USING btree ("submission_deadline_date","id");--> statement-breakpoint
CREATE INDEX "advertisements_placement_idx" ON "advertisements" USING btree ("placemenet_date","id");--> statement-breakpoint
CREATE INDEX "advertisements_due_idx" ON "advertisements" USING btree ("invoice_due_date","id");--> statement-breakpoint
CREATE INDEX "advertisements_size_idx" ON "advertisements" USING btree ("size_id");