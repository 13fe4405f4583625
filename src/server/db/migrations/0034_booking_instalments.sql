CREATE TABLE "booking_instalments" (
	"holiday_booking_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_instalments_holiday_booking_id_seq_pk" PRIMARY KEY("holiday_booking_id","seq"),
	CONSTRAINT "booking_instalments_amount_positive" CHECK ("booking_instalments"."amount" > 0),
	CONSTRAINT "booking_instalments_seq_range" CHECK ("booking_instalments"."seq" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "booking_instalments" ADD CONSTRAINT "booking_instalments_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;