ALTER TABLE "booking_history" ADD COLUMN "changes" jsonb;--> statement-breakpoint
-- Issue #22 point 2: the shipped 'booking-changes' template read two ways ('the changes are now
-- confirmed' … 'please check … and accept them') and said nothing of what changed. Demo databases
-- that still hold that text word for word get the new one (a template staff have edited is left as
-- it is); it lists the changes ({booking_changes}) and says the updated confirmation is attached.
UPDATE "email_templates" SET "template_body_content" = '<p>Dear {customer_salutation},</p><p>We have made the changes below to your booking <strong>{booking_ref}</strong> for <strong>{tour_destination_name}</strong>, departing on {departure_date}. They are confirmed, and your updated confirmation is attached.</p><p>{booking_changes}</p><table><tbody><tr><th><p>Hotel</p></th><td><p>{hotel}, {hotel_resort}</p></td></tr><tr><th><p>Room</p></th><td><p>{room_type}, {board_basis}</p></td></tr></tbody></table><p>{balance_due_content}</p><p>If anything is not as you expect, please call us. You can view your booking at any time: {manage_booking}</p><p>Kind regards,<br>The Reservations Team</p>', "updated_at" = now()
WHERE "template_slug" = 'booking-changes' AND "template_body_content" = '<p>Dear {customer_title} {customer_lastname},</p><p>We have updated your booking <strong>{booking_ref}</strong> for <strong>{tour_destination_name}</strong>, departing on {departure_date}, and the changes are now confirmed.</p><table><tbody><tr><th><p>Hotel</p></th><td><p>{hotel}, {hotel_resort}</p></td></tr><tr><th><p>Room</p></th><td><p>{room_type}, {board_basis}</p></td></tr></tbody></table><p>{balance_due_content}</p><p>Please check the updated details and accept them: {accept_button}</p><p>You can view your booking at any time: {manage_booking}</p><p>Kind regards,<br>The Reservations Team</p>';--> statement-breakpoint
-- Issue #22 point 3: one greeting rule ('Dear Mrs Wickersham'; without a title 'Dear Harriet
-- Wickersham', shared/greeting.ts) in every template that opened with the old greetings.
UPDATE "email_templates" SET "template_body_content" = replace(replace("template_body_content",
  '<p>Dear {customer_title} {customer_lastname},</p>', '<p>Dear {customer_salutation},</p>'),
  '<p>Dear {customer_firstname},</p>', '<p>Dear {customer_salutation},</p>'), "updated_at" = now()
WHERE "template_body_content" LIKE '%<p>Dear {customer_title} {customer_lastname},</p>%'
   OR "template_body_content" LIKE '%<p>Dear {customer_firstname},</p>%';
