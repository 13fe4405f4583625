ALTER TABLE "bookings" ADD COLUMN "rooms_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "room_availability" ADD CONSTRAINT "room_availability_confirmed_ck" CHECK ("room_availability"."confirmed_locked_availability" >= 0);--> statement-breakpoint
ALTER TABLE "room_availability" ADD CONSTRAINT "room_availability_locked_ck" CHECK ("room_availability"."locked_availability" >= 0);--> statement-breakpoint
-- Rooms held by confirmed or paid bookings count as Confirmed, those of pending bookings as
-- Unconfirmed (issue #10): every live booking says which, and every night's columns are rebuilt
-- from the tour lines so that availability = remaining + confirmed + unconfirmed holds.
UPDATE "bookings" SET "rooms_confirmed" = ("cancelled_at" IS NULL AND "status" IN ('Confirmed', 'Paid'));--> statement-breakpoint
WITH "held" AS (
  SELECT ra."id",
         coalesce(sum(tb."rooms") FILTER (WHERE b."rooms_confirmed"), 0)::int AS "confirmed",
         coalesce(sum(tb."rooms") FILTER (WHERE NOT b."rooms_confirmed"), 0)::int AS "unconfirmed"
  FROM "tour_bookings" tb
  JOIN "bookings" b ON b."id" = tb."holiday_booking_id" AND b."cancelled_at" IS NULL
  JOIN "tour_rooms" tr ON tr."id" = tb."tour_room_id"
  JOIN "room_availability" ra ON ra."accommodation_room_id" = tr."accommodation_room_id"
   AND ra."availability_date" >= tb."check_in_date" AND ra."availability_date" < tb."check_out_date"
  GROUP BY ra."id"
), "night" AS (
  SELECT ra."id", coalesce(h."confirmed", 0) AS "confirmed", coalesce(h."unconfirmed", 0) AS "unconfirmed",
         greatest(ra."availability", coalesce(h."confirmed", 0) + coalesce(h."unconfirmed", 0)) AS "availability"
  FROM "room_availability" ra LEFT JOIN "held" h ON h."id" = ra."id"
)
UPDATE "room_availability" ra
SET "confirmed_locked_availability" = n."confirmed",
    "locked_availability" = n."unconfirmed",
    "availability" = n."availability",
    "remaining_availability" = n."availability" - n."confirmed" - n."unconfirmed"
FROM "night" n
WHERE n."id" = ra."id"
  AND (ra."confirmed_locked_availability", ra."locked_availability", ra."availability", ra."remaining_availability")
      IS DISTINCT FROM (n."confirmed", n."unconfirmed", n."availability", n."availability" - n."confirmed" - n."unconfirmed");
