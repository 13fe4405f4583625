ALTER TABLE "audit_log" ADD COLUMN "scope" text;--> statement-breakpoint
CREATE INDEX "audit_log_scope_idx" ON "audit_log" USING btree ("scope","id");