CREATE TABLE "atol_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_booking_id" integer NOT NULL,
	"version" smallint NOT NULL,
	"reference" text NOT NULL,
	"document_record_id" integer,
	"reason" text NOT NULL,
	"fingerprint" text NOT NULL,
	"passengers_protected" integer NOT NULL,
	"apc_passengers" integer NOT NULL,
	"apc_per_passenger" numeric(12, 2) NOT NULL,
	"apc_total" numeric(12, 2) NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "background_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"message" text,
	"result" jsonb,
	"error" text,
	"created_by" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_document_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_booking_id" integer NOT NULL,
	"doc_type" text NOT NULL,
	"name" text NOT NULL,
	"created_for" text NOT NULL,
	"file_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_history_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"history_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"friendly_name" text NOT NULL,
	"file_key" text NOT NULL,
	"content_type" text DEFAULT 'application/pdf' NOT NULL,
	"document_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"holiday_booking_id" integer,
	"history_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"message_id" text,
	"eml_file" text,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "atol_certificates" ADD CONSTRAINT "atol_certificates_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atol_certificates" ADD CONSTRAINT "atol_certificates_document_record_id_booking_document_records_id_fk" FOREIGN KEY ("document_record_id") REFERENCES "public"."booking_document_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atol_certificates" ADD CONSTRAINT "atol_certificates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_document_records" ADD CONSTRAINT "booking_document_records_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_document_records" ADD CONSTRAINT "booking_document_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history_documents" ADD CONSTRAINT "booking_history_documents_history_id_booking_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."booking_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history_documents" ADD CONSTRAINT "booking_history_documents_document_record_id_booking_document_records_id_fk" FOREIGN KEY ("document_record_id") REFERENCES "public"."booking_document_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_holiday_booking_id_bookings_id_fk" FOREIGN KEY ("holiday_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_history_id_booking_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."booking_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "atol_certificates_booking_version_idx" ON "atol_certificates" USING btree ("holiday_booking_id","version");--> statement-breakpoint
CREATE INDEX "background_jobs_kind_idx" ON "background_jobs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "booking_document_records_booking_idx" ON "booking_document_records" USING btree ("holiday_booking_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_history_documents_history_idx" ON "booking_history_documents" USING btree ("history_id");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "email_outbox_booking_idx" ON "email_outbox" USING btree ("holiday_booking_id");--> statement-breakpoint
INSERT INTO "system_settings" ("name", "value") VALUES
  ('company_name', 'Northern Star Holidays Ltd'),
  ('company_address', '14 Deansgate, Manchester, M3 2BW'),
  ('company_phone', '0161 496 0750'),
  ('company_email', 'reservations@northernstar-holidays.co.uk'),
  ('company_website', 'www.northernstar-holidays.co.uk'),
  ('abta_number', 'P7123'),
  ('atol_number', '11234'),
  ('vat_number', 'GB 123 4567 89'),
  ('atol_protection_contribution', '2.50'),
  ('atol_protection_wording', 'Your Flight-Plus is ATOL protected by the Civil Aviation Authority. Our ATOL number is ATOL {atol_number}. This ATOL Certificate is issued by {company_name}. If we are unable to provide the services listed (or a suitable alternative) because of our insolvency, an alternative ATOL holder may provide you with the services you have bought or a suitable alternative (at no extra cost to you). You agree to accept that in those circumstances the alternative ATOL holder will perform those obligations and you agree to pay any money outstanding to be paid by you under your contract to that alternative ATOL holder. However, you also agree that in some cases it will not be possible to appoint an alternative ATOL holder, in which case you will be entitled to make a claim under the ATOL scheme (or your credit card issuer where applicable). If we are unable to provide the services listed because of our insolvency, the Air Travel Trust may make a payment to (or confer a benefit on) you under the ATOL scheme. You agree that in return for such a payment or benefit you assign absolutely to those Trustees any claims which you have or may have arising out of or relating to the non-provision of the services, including any claim against us, the travel agent (or your credit card issuer where applicable). You also agree that any such claims may be re-assigned to another body, if that other body has paid sums you have claimed under the ATOL scheme. For more information about financial protection and the ATOL Certificate, go to: www.atol.org.uk/ATOLCertificate')
ON CONFLICT ("name") DO NOTHING;
