ALTER TABLE "documents" ADD COLUMN "original_sha256" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "signed_pdf_sha256" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "merged_pdf_sha256" text;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "pin_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "pin_locked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "documents_signed_sha_idx" ON "documents" USING btree ("signed_pdf_sha256");--> statement-breakpoint
CREATE INDEX "documents_merged_sha_idx" ON "documents" USING btree ("merged_pdf_sha256");--> statement-breakpoint
CREATE INDEX "documents_pending_expiry_idx" ON "documents" USING btree ("state","expires_at");