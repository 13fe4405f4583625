CREATE TABLE "backup_file_chunks" (
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "backup_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "backup_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"area" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_files_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "file_retention" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"print_copies_days" integer NOT NULL,
	"group_documents_days" integer NOT NULL,
	"backups_days" integer NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_retention_one_row" CHECK ("file_retention"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "stored_file_chunks" (
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"area" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "booking_document_records" ADD COLUMN "file_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "backup_file_chunks" ADD CONSTRAINT "backup_file_chunks_file_id_backup_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."backup_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_retention" ADD CONSTRAINT "file_retention_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_files_area_idx" ON "backup_files" USING btree ("area","created_at");--> statement-breakpoint
CREATE INDEX "stored_files_area_idx" ON "stored_files" USING btree ("area","created_at");--> statement-breakpoint
CREATE INDEX "booking_document_records_print_idx" ON "booking_document_records" USING btree ("created_at") WHERE created_for = 'print' and file_removed_at is null;