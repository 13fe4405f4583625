ALTER TABLE "bookings" ADD COLUMN "refund_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "atol_certificates" ADD COLUMN "licensable_revenue" numeric(12, 2);--> statement-breakpoint
CREATE INDEX "bookings_refund_due_idx" ON "bookings" USING btree ("cancelled_at","id") WHERE cancelled_at is not null and balance < 0;--> statement-breakpoint
CREATE INDEX "bookings_refunds_idx" ON "bookings" USING btree ("cancelled_at","id") WHERE cancelled_at is not null and (balance < 0 or refund_settled_at is not null);--> statement-breakpoint
CREATE INDEX "atol_certificates_issued_idx" ON "atol_certificates" USING btree ("issued_at","id");--> statement-breakpoint
-- Bookings cancelled before the refund clock was kept, whose refund has been given back: settled when
-- the last refund (a negative payment, not a void's reversal) after the cancellation was recorded.
UPDATE "bookings" b SET "refund_settled_at" = r.last_refund
FROM (
  SELECT p.holiday_booking_id, max(p.created_at) AS last_refund
  FROM "payments" p JOIN "bookings" x ON x.id = p.holiday_booking_id
  WHERE p.payment_amount < 0 AND p.reverses_payment_id IS NULL AND x.cancelled_at IS NOT NULL
    AND p.created_at >= x.cancelled_at
  GROUP BY p.holiday_booking_id
) r
WHERE b.id = r.holiday_booking_id AND b.cancelled_at IS NOT NULL AND b.balance >= 0;
