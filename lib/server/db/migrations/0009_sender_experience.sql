ALTER TABLE "users" ADD COLUMN "notification_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "saved_signature_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "saved_initials_key" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "signed_pages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "corrected_from_id" text;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "link_version" integer DEFAULT 0 NOT NULL;