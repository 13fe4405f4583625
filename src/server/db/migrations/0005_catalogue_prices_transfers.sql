CREATE TABLE "accommodation_gallery_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accommodation_price_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_price_id" integer NOT NULL,
	"booking_start_date" date NOT NULL,
	"booking_end_date" date NOT NULL,
	"percent_discount" boolean DEFAULT false NOT NULL,
	"discount_price" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accommodation_price_discounts_range_ck" CHECK ("accommodation_price_discounts"."booking_start_date" <= "accommodation_price_discounts"."booking_end_date")
);
--> statement-breakpoint
CREATE TABLE "accommodation_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_room_id" integer NOT NULL,
	"room_availability_date" date NOT NULL,
	"currency_id" integer,
	"exchange_rate" numeric(14, 6) DEFAULT '1' NOT NULL,
	"price_type" text DEFAULT 'per_person' NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accommodation_prices_room_date_uq" UNIQUE("accommodation_room_id","room_availability_date"),
	CONSTRAINT "accommodation_prices_rate_ck" CHECK ("accommodation_prices"."exchange_rate" > 0),
	CONSTRAINT "accommodation_prices_price_ck" CHECK ("accommodation_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tour_instance_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_group_id" integer NOT NULL,
	"tour_instance_id" integer NOT NULL,
	"flight_id" integer,
	"transfer_for" text NOT NULL,
	"transfer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_instance_transfers_uq" UNIQUE("tour_instance_id","flight_id","transfer_for")
);
--> statement-breakpoint
CREATE TABLE "transfer_pickup_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_group_id" integer NOT NULL,
	"transfer_for" text NOT NULL,
	"transfer" text NOT NULL,
	"accommodation_id" integer NOT NULL,
	"pickup_time" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_pickup_times_uq" UNIQUE("tour_group_id","transfer_for","transfer","accommodation_id")
);
--> statement-breakpoint
ALTER TABLE "accommodation_gallery_images" ADD CONSTRAINT "accommodation_gallery_images_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_price_discounts" ADD CONSTRAINT "accommodation_price_discounts_accommodation_price_id_accommodation_prices_id_fk" FOREIGN KEY ("accommodation_price_id") REFERENCES "public"."accommodation_prices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_prices" ADD CONSTRAINT "accommodation_prices_accommodation_room_id_accommodation_rooms_id_fk" FOREIGN KEY ("accommodation_room_id") REFERENCES "public"."accommodation_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_prices" ADD CONSTRAINT "accommodation_prices_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_instance_transfers" ADD CONSTRAINT "tour_instance_transfers_tour_group_id_tour_groups_id_fk" FOREIGN KEY ("tour_group_id") REFERENCES "public"."tour_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_instance_transfers" ADD CONSTRAINT "tour_instance_transfers_tour_instance_id_tour_instances_id_fk" FOREIGN KEY ("tour_instance_id") REFERENCES "public"."tour_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_instance_transfers" ADD CONSTRAINT "tour_instance_transfers_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_pickup_times" ADD CONSTRAINT "transfer_pickup_times_tour_group_id_tour_groups_id_fk" FOREIGN KEY ("tour_group_id") REFERENCES "public"."tour_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_pickup_times" ADD CONSTRAINT "transfer_pickup_times_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accommodation_gallery_images_acc_idx" ON "accommodation_gallery_images" USING btree ("accommodation_id");--> statement-breakpoint
CREATE INDEX "accommodation_price_discounts_price_idx" ON "accommodation_price_discounts" USING btree ("accommodation_price_id");--> statement-breakpoint
CREATE INDEX "tour_instance_transfers_group_idx" ON "tour_instance_transfers" USING btree ("tour_group_id");