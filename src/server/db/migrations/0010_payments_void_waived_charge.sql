ALTER TABLE "bookings" ALTER COLUMN "cancellation_charge" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "cancellation_charge" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reverses_payment_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reverses_payment_id_payments_id_fk" FOREIGN KEY ("reverses_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reverses_payment_idx" ON "payments" USING btree ("reverses_payment_id");--> statement-breakpoint
-- A charge of 0.00 stored before this migration was never entered as a waiver (the old column
-- defaulted to 0): keep the total due counting for those bookings (spec 1 §4).
UPDATE "bookings" SET "cancellation_charge" = NULL WHERE "cancellation_charge" = 0;
