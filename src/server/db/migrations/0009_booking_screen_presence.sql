CREATE TABLE "booking_screen_presence" (
	"holiday_booking_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_screen_presence_holiday_booking_id_user_id_pk" PRIMARY KEY("holiday_booking_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "booking_screen_presence" ADD CONSTRAINT "booking_screen_presence_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_screen_presence" ADD CONSTRAINT "booking_screen_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;