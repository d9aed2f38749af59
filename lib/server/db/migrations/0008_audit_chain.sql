ALTER TABLE "audits" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "signature_level" text;--> statement-breakpoint
-- Entries made before the chain get their position now, in the order the trail was always shown; their hashes are computed by the app on start (lib/server/documents/audit-chain.ts), since the hash is defined in TypeScript.
UPDATE "audits" SET "seq" = "ordered"."n" FROM (SELECT "id", row_number() OVER (PARTITION BY "document_id" ORDER BY "created_at", "id") AS "n" FROM "audits") AS "ordered" WHERE "audits"."id" = "ordered"."id";--> statement-breakpoint
-- Files sealed before this migration were signed without a timestamp.
UPDATE "documents" SET "signature_level" = 'B-B' WHERE "signed_pdf_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audits_document_seq_key" ON "audits" USING btree ("document_id","seq");