CREATE TABLE "bank_csv_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_name" text NOT NULL,
	"date_column" text NOT NULL,
	"amount_column" text NOT NULL,
	"reference_column" text NOT NULL,
	"payer_column" text NOT NULL,
	"date_format" text DEFAULT 'DD/MM/YYYY' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_csv_mappings_bank_name_unique" UNIQUE("bank_name")
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"account" text NOT NULL,
	"format" text NOT NULL,
	"bank_line_id" text NOT NULL,
	"line_no" integer NOT NULL,
	"booked_on" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"payer" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'unmatched' NOT NULL,
	"booking_id" integer,
	"score" smallint,
	"suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"account" text NOT NULL,
	"imported_by" integer,
	"status" text DEFAULT 'matching' NOT NULL,
	"job_id" integer,
	"lines_in_file" integer DEFAULT 0 NOT NULL,
	"lines_skipped" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_line_id" integer;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_bank_id_idx" ON "bank_statement_lines" USING btree ("account","format","bank_line_id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id","status","line_no");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bank_line_id_bank_statement_lines_id_fk" FOREIGN KEY ("bank_line_id") REFERENCES "public"."bank_statement_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_open_balance_idx" ON "bookings" USING btree ("balance") WHERE balance > 0 and cancelled_at is null;--> statement-breakpoint
CREATE INDEX "payments_bank_line_idx" ON "payments" USING btree ("bank_line_id");