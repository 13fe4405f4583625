CREATE TABLE "payment_reminder_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"days" smallint DEFAULT 0 NOT NULL,
	"repeat_every_days" smallint,
	"max_times" smallint,
	"template_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reminder_rules_kind" CHECK ("payment_reminder_rules"."kind" in ('before', 'on', 'after')),
	CONSTRAINT "payment_reminder_rules_days" CHECK ("payment_reminder_rules"."days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "payment_reminders_sent" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_booking_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"stage_kind" text NOT NULL,
	"due_date" date NOT NULL,
	"occurrence" smallint DEFAULT 1 NOT NULL,
	"sent_on" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"email_to" text NOT NULL,
	"history_id" integer,
	"outbox_id" integer,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminders_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminders_paused_by" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminders_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_reminder_rules" ADD CONSTRAINT "payment_reminder_rules_template_id_email_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders_sent" ADD CONSTRAINT "payment_reminders_sent_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders_sent" ADD CONSTRAINT "payment_reminders_sent_rule_id_payment_reminder_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."payment_reminder_rules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders_sent" ADD CONSTRAINT "payment_reminders_sent_history_id_booking_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."booking_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders_sent" ADD CONSTRAINT "payment_reminders_sent_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders_sent" ADD CONSTRAINT "payment_reminders_sent_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reminders_sent_once" ON "payment_reminders_sent" USING btree ("holiday_booking_id","rule_id","stage_kind","due_date","occurrence");--> statement-breakpoint
CREATE INDEX "payment_reminders_sent_on_idx" ON "payment_reminders_sent" USING btree ("sent_on");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reminders_paused_by_users_id_fk" FOREIGN KEY ("reminders_paused_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Issue #26: the shipped reminder emails and rules — 14 and 3 days before a stage of the payment
-- schedule falls due, on the day, then every 7 days while overdue (4 times at most). A database that
-- already has a template of the same slug keeps it.
INSERT INTO "email_templates" ("template_name", "template_type", "template_slug", "template_subject", "template_status", "template_body_content") VALUES
('Payment reminder: due in 14 days', 2, 'payment-reminder-14-days', 'Payment due on {due_date} for booking {booking_ref}', 1,
 '<p>Dear {customer_salutation},</p><p>A friendly reminder that <strong>{amount_due}</strong> for your booking <strong>{booking_ref}</strong> ({tour_destination_name}) is due on <strong>{due_date}</strong>.</p><p>You can pay by card or see how to pay by bank transfer on your booking''s page: {manage_booking}</p><p>If you have paid in the last few days, thank you, and please ignore this email.</p><p>Kind regards,<br>The Accounts Team</p>'),
('Payment reminder: due in 3 days', 2, 'payment-reminder-3-days', 'Payment of {amount_due} due on {due_date} for booking {booking_ref}', 1,
 '<p>Dear {customer_salutation},</p><p><strong>{amount_due}</strong> for your booking <strong>{booking_ref}</strong> ({tour_destination_name}) is due in three days, on <strong>{due_date}</strong>.</p><p>You can pay on your booking''s page: {manage_booking}</p><p>If you have paid in the last few days, thank you, and please ignore this email.</p><p>Kind regards,<br>The Accounts Team</p>'),
('Payment reminder: due today', 2, 'payment-reminder-due-today', 'Payment due today for booking {booking_ref}', 1,
 '<p>Dear {customer_salutation},</p><p><strong>{amount_due}</strong> for your booking <strong>{booking_ref}</strong> ({tour_destination_name}) is due today, <strong>{due_date}</strong>.</p><p>You can pay on your booking''s page: {manage_booking}</p><p>If you have already paid, thank you, and please ignore this email.</p><p>Kind regards,<br>The Accounts Team</p>'),
('Payment reminder: overdue', 2, 'payment-reminder-overdue', 'Overdue payment for booking {booking_ref}', 1,
 '<p>Dear {customer_salutation},</p><p>We have not yet received <strong>{amount_due}</strong> for your booking <strong>{booking_ref}</strong> ({tour_destination_name}), which was due on <strong>{due_date}</strong>.</p><p>Please pay as soon as you can on your booking''s page: {manage_booking} — or call us if anything is wrong.</p><p>If you have paid in the last few days, thank you, and please ignore this email.</p><p>Kind regards,<br>The Accounts Team</p>')
ON CONFLICT ("template_slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "payment_reminder_rules" ("name", "kind", "days", "repeat_every_days", "max_times", "template_id", "sort")
SELECT r.name, r.kind, r.days, r.repeat_every_days, r.max_times, t.id, r.sort
FROM (VALUES
  ('14 days before', 'before', 14, NULL::smallint, NULL::smallint, 'payment-reminder-14-days', 1),
  ('3 days before', 'before', 3, NULL, NULL, 'payment-reminder-3-days', 2),
  ('On the day', 'on', 0, NULL, NULL, 'payment-reminder-due-today', 3),
  ('Overdue, every 7 days', 'after', 7, 7, 4, 'payment-reminder-overdue', 4)
) AS r(name, kind, days, repeat_every_days, max_times, slug, sort)
JOIN "email_templates" t ON t.template_slug = r.slug;
