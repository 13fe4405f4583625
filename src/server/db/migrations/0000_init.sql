CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" smallint DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "booking_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_booking_id" integer NOT NULL,
	"discount_id" integer,
	"qty" smallint DEFAULT 1 NOT NULL,
	"manual_discount_price" numeric(12, 2),
	"discount_content" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_extras" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_booking_id" integer NOT NULL,
	"extra_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"commissionable" boolean DEFAULT true NOT NULL,
	"for_per_person" boolean DEFAULT false NOT NULL,
	"qty" smallint DEFAULT 1 NOT NULL,
	"extra_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_booking_id" integer NOT NULL,
	"user_id" integer,
	"type" text NOT NULL,
	"action" text NOT NULL,
	"comment" text,
	"is_multiple" boolean DEFAULT false NOT NULL,
	"document_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_ref" text,
	"customer_id" integer,
	"agent_id" integer,
	"affiliate_id" integer,
	"old_customer_id" integer,
	"old_agent_id" integer,
	"old_affiliate_id" integer,
	"old_booking_id" integer,
	"agent_confirmed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancellation_charge" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_by" integer,
	"created_from" text DEFAULT 'admin' NOT NULL,
	"created_by_agent_name" text,
	"bonding_type" integer,
	"special_request" text,
	"total_due" numeric(12, 2) DEFAULT '0' NOT NULL,
	"paid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"balance_due" date,
	"deposit_due" date,
	"agent_comission_percent" numeric(5, 2),
	"booking_vat_percent" numeric(5, 2) DEFAULT '20' NOT NULL,
	"non_commissionable_extras" numeric(12, 2) DEFAULT '0' NOT NULL,
	"airline_reference_email" text,
	"allowed_domain" text,
	"departure_date" date,
	"changes_accepted" smallint DEFAULT 0 NOT NULL,
	"changes_accepted_at" timestamp with time zone,
	"changes_accepted_from" text,
	"changes_reviewed" smallint DEFAULT 0 NOT NULL,
	"changes_reviewed_at" timestamp with time zone,
	"old_tour_booking" jsonb,
	"old_lead_passenger" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_booking_ref_unique" UNIQUE("booking_ref")
);
--> statement-breakpoint
CREATE TABLE "passengers" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_booking_id" integer NOT NULL,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"dob" date,
	"gender" text,
	"passport_no" text,
	"passport_issue" date,
	"passport_expiry" date,
	"passport_nationality" text,
	"policy_number" text,
	"insurance_company" text,
	"insurance_telephone_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_booking_id" integer NOT NULL,
	"transaction_id" text,
	"payment_method" text NOT NULL,
	"payment_amount" numeric(12, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_booking_airline_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_booking_id" integer NOT NULL,
	"airline_ref" text,
	"flight_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"booked_date" date,
	"airline_invoice_name" text,
	"airline_invoice_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_booking_passengers" (
	"tour_booking_id" integer NOT NULL,
	"passenger_id" integer NOT NULL,
	CONSTRAINT "tour_booking_passengers_tour_booking_id_passenger_id_pk" PRIMARY KEY("tour_booking_id","passenger_id")
);
--> statement-breakpoint
CREATE TABLE "tour_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_booking_id" integer NOT NULL,
	"tour_id" integer NOT NULL,
	"tour_instance_id" integer NOT NULL,
	"tour_room_id" integer,
	"rooms" smallint DEFAULT 1 NOT NULL,
	"guests" smallint DEFAULT 1 NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"sale_price" numeric(12, 2),
	"base_price" numeric(12, 2),
	"supplement_price" numeric(12, 2),
	"adjusted_price" numeric(12, 2),
	"cost" numeric(12, 2),
	"airline_ref" text,
	"airline_ref_added_at" timestamp with time zone,
	"airline_flight_cost" numeric(12, 2),
	"special_requests" text,
	"check_in_date" date,
	"check_out_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accommodation_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"name" text NOT NULL,
	"board_basis" text,
	"occupancy" smallint DEFAULT 2 NOT NULL,
	"is_special" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accommodation_rooms_occupancy_ck" CHECK ("accommodation_rooms"."occupancy" >= 1)
);
--> statement-breakpoint
CREATE TABLE "accommodations" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_name" text NOT NULL,
	"phone_number" text,
	"address" text,
	"resort_id" integer,
	"supplier_id" integer,
	"star_rating" smallint,
	"short_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accommodations_star_rating_ck" CHECK ("accommodations"."star_rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"value" numeric(12, 2) DEFAULT '0' NOT NULL,
	"penalty_type" boolean DEFAULT false NOT NULL,
	"per_person" boolean DEFAULT false NOT NULL,
	"tour_id" integer,
	"start_date" date,
	"end_date" date,
	"valid_from_date" date,
	"valid_to_date" date,
	"on_base_price" boolean DEFAULT false NOT NULL,
	"is_suppressed" boolean DEFAULT false NOT NULL,
	"is_manual" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extra_airlines" (
	"extra_id" integer NOT NULL,
	"airline_id" integer NOT NULL,
	CONSTRAINT "extra_airlines_extra_id_airline_id_pk" PRIMARY KEY("extra_id","airline_id")
);
--> statement-breakpoint
CREATE TABLE "extra_tours" (
	"extra_id" integer NOT NULL,
	"tour_id" integer NOT NULL,
	CONSTRAINT "extra_tours_extra_id_tour_id_pk" PRIMARY KEY("extra_id","tour_id")
);
--> statement-breakpoint
CREATE TABLE "extras" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"commissionable" boolean DEFAULT true NOT NULL,
	"commission_rate" numeric(5, 2),
	"booking_start_date" date,
	"booking_end_date" date,
	"start_date" date,
	"end_date" date,
	"short_description" text,
	"for_admin" boolean DEFAULT false NOT NULL,
	"for_per_person" boolean DEFAULT false NOT NULL,
	"tour_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_availability" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_room_id" integer NOT NULL,
	"availability_date" date NOT NULL,
	"availability" integer DEFAULT 0 NOT NULL,
	"remaining_availability" integer DEFAULT 0 NOT NULL,
	"confirmed_locked_availability" integer DEFAULT 0 NOT NULL,
	"locked_availability" integer DEFAULT 0 NOT NULL,
	"stop_sell" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_availability_room_date_uq" UNIQUE("accommodation_room_id","availability_date"),
	CONSTRAINT "room_availability_remaining_ck" CHECK ("room_availability"."remaining_availability" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tour_accommodations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"tour_group_id" integer,
	"accommodation_id" integer NOT NULL,
	"check_in_day" smallint DEFAULT 1 NOT NULL,
	"check_out_day" smallint NOT NULL,
	"is_special_accommodation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_group_excluded_accommodations" (
	"tour_group_id" integer NOT NULL,
	"tour_accommodation_id" integer NOT NULL,
	"accommodation_id" integer NOT NULL,
	CONSTRAINT "tour_group_excluded_accommodations_tour_group_id_tour_accommodation_id_pk" PRIMARY KEY("tour_group_id","tour_accommodation_id")
);
--> statement-breakpoint
CREATE TABLE "tour_group_links" (
	"tour_group_id" integer NOT NULL,
	"linked_tour_group_id" integer NOT NULL,
	CONSTRAINT "tour_group_links_tour_group_id_linked_tour_group_id_pk" PRIMARY KEY("tour_group_id","linked_tour_group_id")
);
--> statement-breakpoint
CREATE TABLE "tour_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"deposit_price" numeric(12, 2),
	"base_price" numeric(12, 2),
	"base_cost" numeric(12, 2),
	"duration" smallint,
	"minimum_age" smallint,
	"release_days_before" smallint,
	"available_places" integer,
	"stop_sell" boolean DEFAULT false NOT NULL,
	"is_special_group" boolean DEFAULT false NOT NULL,
	"group_itinerary" text,
	"pick_up_point_region_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_instance_flights" (
	"tour_instance_id" integer NOT NULL,
	"flight_id" integer NOT NULL,
	"indirect_outbound" boolean DEFAULT false NOT NULL,
	"indirect_inbound" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tour_instance_flights_tour_instance_id_flight_id_pk" PRIMARY KEY("tour_instance_id","flight_id")
);
--> statement-breakpoint
CREATE TABLE "tour_instance_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_instance_id" integer NOT NULL,
	"tour_room_id" integer NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"sale_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_instance_prices_uq" UNIQUE("tour_instance_id","tour_room_id")
);
--> statement-breakpoint
CREATE TABLE "tour_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"tour_group_id" integer NOT NULL,
	"instance_title" text,
	"departure_date" date NOT NULL,
	"departure_airport_id" integer,
	"pickup_point_id" integer,
	"self_drive" boolean DEFAULT false NOT NULL,
	"is_special_instance" boolean DEFAULT false NOT NULL,
	"deposit_price" numeric(12, 2),
	"base_price" numeric(12, 2),
	"base_sale_price" numeric(12, 2),
	"base_cost" numeric(12, 2),
	"duration" smallint,
	"minimum_age" smallint,
	"release_days_before" smallint,
	"tour_places" integer,
	"stop_sell" boolean DEFAULT false NOT NULL,
	"travel_itinerary" text,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"indirect_flights" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_accommodation_id" integer NOT NULL,
	"accommodation_room_id" integer NOT NULL,
	"supplement" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_rooms_uq" UNIQUE("tour_accommodation_id","accommodation_room_id")
);
--> statement-breakpoint
CREATE TABLE "tours" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"reference" text,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"tour_type" text NOT NULL,
	"deposit_price" numeric(12, 2),
	"duration" smallint,
	"minimum_age" smallint,
	"release_days_before" smallint,
	"destination" integer,
	"bonding_type_id" integer,
	"tour_places" integer,
	"stop_sell" boolean DEFAULT false NOT NULL,
	"is_suppressed" boolean DEFAULT false NOT NULL,
	"is_passport_details_required" boolean DEFAULT false NOT NULL,
	"itinerary" text,
	"covering_emails" text,
	"information_doc_name" text,
	"information_doc_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"email" text,
	"phone_number" text,
	"address_line_1" text,
	"address_line_2" text,
	"town_city" text,
	"county" text,
	"postcode" text,
	"artwork_email" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliates_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"abta" text,
	"email" text,
	"phone_number" text,
	"address_line_1" text,
	"address_line_2" text,
	"town_city" text,
	"county" text,
	"postcode" text,
	"commission" numeric(5, 2) DEFAULT '0' NOT NULL,
	"credit_limit" numeric(12, 2) DEFAULT '0' NOT NULL,
	"password_hash" text,
	"is_password_generated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"full_name" text GENERATED ALWAYS AS (first_name || ' ' || last_name) STORED,
	"email" text,
	"phone_number" text,
	"mobile_number" text,
	"street_address" text,
	"address_line_2" text,
	"address_line_3" text,
	"address_line_4" text,
	"town" text,
	"county" text,
	"postcode" text,
	"country_id" integer DEFAULT 220 NOT NULL,
	"affiliate_id" integer,
	"opt_out_email" boolean DEFAULT false NOT NULL,
	"opt_out_mailing" boolean DEFAULT false NOT NULL,
	"is_blacklisted" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || coalesce(postcode, '') || ' ' || replace(coalesce(postcode, ''), ' ', ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "old_affiliates" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "old_agents" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"abta" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "old_customers" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text,
	"first_name" text,
	"last_name" text,
	"email" text,
	"postcode" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airlines" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact_name" text,
	"web_check_in_before_days" smallint,
	"airline_content" text,
	"instruction_doc_name" text,
	"instruction_doc_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airports" (
	"id" serial PRIMARY KEY NOT NULL,
	"airport_name" text NOT NULL,
	"iata_code" text NOT NULL,
	"icao_code" text,
	"city" text,
	"country_code" text NOT NULL,
	"country_id" integer,
	"is_departure_airport" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airports_iata_code_unique" UNIQUE("iata_code")
);
--> statement-breakpoint
CREATE TABLE "bonding_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonding_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"iso_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "countries_iso_code_unique" UNIQUE("iso_code")
);
--> statement-breakpoint
CREATE TABLE "flights" (
	"id" serial PRIMARY KEY NOT NULL,
	"flight_number" text NOT NULL,
	"airline_id" integer,
	"departure_airport_id" integer NOT NULL,
	"arrival_airport_id" integer NOT NULL,
	"departure_terminal" text,
	"arrival_terminal" text,
	"flight_cost" numeric(12, 2),
	"flight_price" numeric(12, 2),
	"departure_time" timestamp NOT NULL,
	"arrival_time" timestamp NOT NULL,
	"stop_sell" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flights_number_time_uq" UNIQUE("flight_number","departure_time")
);
--> statement-breakpoint
CREATE TABLE "pickup_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"pickup_point_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_region_points" (
	"pickup_region_id" integer NOT NULL,
	"pickup_point_id" integer NOT NULL,
	CONSTRAINT "pickup_region_points_pickup_region_id_pickup_point_id_pk" PRIMARY KEY("pickup_region_id","pickup_point_id")
);
--> statement-breakpoint
CREATE TABLE "pickup_regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resorts" (
	"id" serial PRIMARY KEY NOT NULL,
	"resort_name" text NOT NULL,
	"location" text,
	"country_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_name" text NOT NULL,
	"contact_phone_number" text,
	"email" text,
	"mobile_number" text,
	"address" text,
	"nominal_code" text,
	"iban_number" text,
	"bic_swift_number" text,
	"account_number" text,
	"sort_code" text,
	"bank_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_settings_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_discounts" ADD CONSTRAINT "booking_discounts_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_discounts" ADD CONSTRAINT "booking_discounts_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_extras" ADD CONSTRAINT "booking_extras_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_extras" ADD CONSTRAINT "booking_extras_extra_id_extras_id_fk" FOREIGN KEY ("extra_id") REFERENCES "public"."extras"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_old_customer_id_old_customers_id_fk" FOREIGN KEY ("old_customer_id") REFERENCES "public"."old_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_old_agent_id_old_agents_id_fk" FOREIGN KEY ("old_agent_id") REFERENCES "public"."old_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_old_affiliate_id_old_affiliates_id_fk" FOREIGN KEY ("old_affiliate_id") REFERENCES "public"."old_affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_bonding_type_bonding_types_id_fk" FOREIGN KEY ("bonding_type") REFERENCES "public"."bonding_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passengers" ADD CONSTRAINT "passengers_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_booking_airline_costs" ADD CONSTRAINT "tour_booking_airline_costs_tour_booking_id_tour_bookings_id_fk" FOREIGN KEY ("tour_booking_id") REFERENCES "public"."tour_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_booking_passengers" ADD CONSTRAINT "tour_booking_passengers_tour_booking_id_tour_bookings_id_fk" FOREIGN KEY ("tour_booking_id") REFERENCES "public"."tour_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_booking_passengers" ADD CONSTRAINT "tour_booking_passengers_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_bookings" ADD CONSTRAINT "tour_bookings_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_bookings" ADD CONSTRAINT "tour_bookings_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_bookings" ADD CONSTRAINT "tour_bookings_tour_instance_id_tour_instances_id_fk" FOREIGN KEY ("tour_instance_id") REFERENCES "public"."tour_instances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_bookings" ADD CONSTRAINT "tour_bookings_tour_room_id_tour_rooms_id_fk" FOREIGN KEY ("tour_room_id") REFERENCES "public"."tour_rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_rooms" ADD CONSTRAINT "accommodation_rooms_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_resort_id_resorts_id_fk" FOREIGN KEY ("resort_id") REFERENCES "public"."resorts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_airlines" ADD CONSTRAINT "extra_airlines_extra_id_extras_id_fk" FOREIGN KEY ("extra_id") REFERENCES "public"."extras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_airlines" ADD CONSTRAINT "extra_airlines_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_tours" ADD CONSTRAINT "extra_tours_extra_id_extras_id_fk" FOREIGN KEY ("extra_id") REFERENCES "public"."extras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_tours" ADD CONSTRAINT "extra_tours_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras" ADD CONSTRAINT "extras_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_availability" ADD CONSTRAINT "room_availability_accommodation_room_id_accommodation_rooms_id_fk" FOREIGN KEY ("accommodation_room_id") REFERENCES "public"."accommodation_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_accommodations" ADD CONSTRAINT "tour_accommodations_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_accommodations" ADD CONSTRAINT "tour_accommodations_tour_group_id_tour_groups_id_fk" FOREIGN KEY ("tour_group_id") REFERENCES "public"."tour_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_accommodations" ADD CONSTRAINT "tour_accommodations_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_group_excluded_accommodations" ADD CONSTRAINT "tour_group_excluded_accommodations_tour_group_id_tour_groups_id_fk" FOREIGN KEY ("tour_group_id") REFERENCES "public"."tour_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_group_excluded_accommodations" ADD CONSTRAINT "tour_group_excluded_accommodations_tour_accommodation_id_tour_accommodations_id_fk" FOREIGN KEY ("tour_accommodation_id") REFERENCES "public"."tour_accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_group_excluded_accommodations" ADD CONSTRAINT "tour_group_excluded_accommodations_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_group_links" ADD CONSTRAINT "tour_group_links_tour_group_id_tour_groups_id_fk" FOREIGN KEY ("tour_group_id") REFERENCES "public"."tour_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_group_links" ADD CONSTRAINT "tour_group_links_linked_tour_group_id_tour_groups_id_fk" FOREIGN KEY ("linked_tour_group_id") REFERENCES "public"."tour_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_groups" ADD CONSTRAINT "tour_groups_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_groups" ADD CONSTRAINT "tour_groups_pick_up_point_region_id_pickup_regions_id_fk" FOREIGN KEY ("pick_up_point_region_id") REFERENCES "public"."pickup_regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_instance_flights" ADD CONSTRAINT "tour_instance_flights_tour_instance_id_tour_instances_id_fk" FOREIGN KEY ("tour_instance_id") REFERENCES "public"."tour_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_instance_flights" ADD CONSTRAINT "tour_instance_flights_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_instance_prices" ADD CONSTRAINT "tour_instance_prices_tour_instance_id_tour_instances_id_fk" FOREIGN KEY ("tour_instance_id") REFERENCES "public"."tour_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_instance_prices" ADD CONSTRAINT "tour_instance_prices_tour_room_id_tour_rooms_id_fk" FOREIGN KEY ("tour_room_id") REFERENCES "public"."tour_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_instances" ADD CONSTRAINT "tour_instances_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_instances" ADD CONSTRAINT "tour_instances_tour_group_id_tour_groups_id_fk" FOREIGN KEY ("tour_group_id") REFERENCES "public"."tour_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_instances" ADD CONSTRAINT "tour_instances_departure_airport_id_airports_id_fk" FOREIGN KEY ("departure_airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_instances" ADD CONSTRAINT "tour_instances_pickup_point_id_pickup_points_id_fk" FOREIGN KEY ("pickup_point_id") REFERENCES "public"."pickup_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_rooms" ADD CONSTRAINT "tour_rooms_tour_accommodation_id_tour_accommodations_id_fk" FOREIGN KEY ("tour_accommodation_id") REFERENCES "public"."tour_accommodations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_rooms" ADD CONSTRAINT "tour_rooms_accommodation_room_id_accommodation_rooms_id_fk" FOREIGN KEY ("accommodation_room_id") REFERENCES "public"."accommodation_rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_destination_countries_id_fk" FOREIGN KEY ("destination") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_bonding_type_id_bonding_types_id_fk" FOREIGN KEY ("bonding_type_id") REFERENCES "public"."bonding_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airports" ADD CONSTRAINT "airports_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_departure_airport_id_airports_id_fk" FOREIGN KEY ("departure_airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_arrival_airport_id_airports_id_fk" FOREIGN KEY ("arrival_airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_region_points" ADD CONSTRAINT "pickup_region_points_pickup_region_id_pickup_regions_id_fk" FOREIGN KEY ("pickup_region_id") REFERENCES "public"."pickup_regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_region_points" ADD CONSTRAINT "pickup_region_points_pickup_point_id_pickup_points_id_fk" FOREIGN KEY ("pickup_point_id") REFERENCES "public"."pickup_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resorts" ADD CONSTRAINT "resorts_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_email_idx" ON "login_failures" USING btree ("email","attempted_at");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "booking_discounts_booking_idx" ON "booking_discounts" USING btree ("holiday_booking_id");--> statement-breakpoint
CREATE INDEX "booking_extras_booking_idx" ON "booking_extras" USING btree ("holiday_booking_id");--> statement-breakpoint
CREATE INDEX "booking_history_booking_idx" ON "booking_history" USING btree ("holiday_booking_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_departure_idx" ON "bookings" USING btree ("departure_date","created_at");--> statement-breakpoint
CREATE INDEX "bookings_ref_pattern_idx" ON "bookings" USING btree ("booking_ref" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_old_booking_idx" ON "bookings" USING btree ("old_booking_id");--> statement-breakpoint
CREATE INDEX "bookings_customer_idx" ON "bookings" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_agent_idx" ON "bookings" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_affiliate_idx" ON "bookings" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_old_customer_idx" ON "bookings" USING btree ("old_customer_id");--> statement-breakpoint
CREATE INDEX "bookings_old_agent_idx" ON "bookings" USING btree ("old_agent_id");--> statement-breakpoint
CREATE INDEX "bookings_old_affiliate_idx" ON "bookings" USING btree ("old_affiliate_id");--> statement-breakpoint
CREATE INDEX "passengers_booking_idx" ON "passengers" USING btree ("holiday_booking_id");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("holiday_booking_id");--> statement-breakpoint
CREATE INDEX "tour_bookings_booking_idx" ON "tour_bookings" USING btree ("holiday_booking_id");--> statement-breakpoint
CREATE INDEX "tour_bookings_instance_idx" ON "tour_bookings" USING btree ("tour_instance_id");--> statement-breakpoint
CREATE INDEX "tour_bookings_room_idx" ON "tour_bookings" USING btree ("tour_room_id");--> statement-breakpoint
CREATE INDEX "tour_bookings_airline_ref_idx" ON "tour_bookings" USING btree (upper("airline_ref") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "accommodation_rooms_acc_idx" ON "accommodation_rooms" USING btree ("accommodation_id");--> statement-breakpoint
CREATE INDEX "tour_accommodations_tour_idx" ON "tour_accommodations" USING btree ("tour_id");--> statement-breakpoint
CREATE INDEX "tour_accommodations_group_idx" ON "tour_accommodations" USING btree ("tour_group_id");--> statement-breakpoint
CREATE INDEX "tour_groups_tour_idx" ON "tour_groups" USING btree ("tour_id","start_date");--> statement-breakpoint
CREATE INDEX "tif_flight_idx" ON "tour_instance_flights" USING btree ("flight_id");--> statement-breakpoint
CREATE INDEX "tour_instances_tour_idx" ON "tour_instances" USING btree ("tour_id","departure_date");--> statement-breakpoint
CREATE INDEX "tour_instances_group_idx" ON "tour_instances" USING btree ("tour_group_id");--> statement-breakpoint
CREATE INDEX "tour_instances_departure_idx" ON "tour_instances" USING btree ("departure_date");--> statement-breakpoint
CREATE INDEX "tour_rooms_room_idx" ON "tour_rooms" USING btree ("accommodation_room_id");--> statement-breakpoint
CREATE INDEX "tours_name_idx" ON "tours" USING btree ("name");--> statement-breakpoint
CREATE INDEX "agents_name_idx" ON "agents" USING btree ("name");--> statement-breakpoint
CREATE INDEX "agents_abta_idx" ON "agents" USING btree ("abta");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_last_name_idx" ON "customers" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "customers_postcode_idx" ON "customers" USING btree ("postcode");--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "airports_country_idx" ON "airports" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "flights_number_idx" ON "flights" USING btree ("flight_number","departure_time");--> statement-breakpoint
CREATE INDEX "flights_departure_idx" ON "flights" USING btree ("departure_time");