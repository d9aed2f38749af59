-- Trigram indexes serve the list's search (ILIKE '%…%'); PGlite loads the extension's code in client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "document_counts" (
	"sender_user_id" text NOT NULL,
	"state" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "document_counts_sender_user_id_state_pk" PRIMARY KEY("sender_user_id","state")
);
--> statement-breakpoint
CREATE INDEX "documents_name_trgm_idx" ON "documents" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_filename_trgm_idx" ON "documents" USING gin ("filename" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_sender_sent_asc_idx" ON "documents" USING btree ("sender_user_id",coalesce("sent_at", 'infinity'::timestamptz),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "documents_sender_sent_desc_idx" ON "documents" USING btree ("sender_user_id",coalesce("sent_at", '-infinity'::timestamptz),"created_at","id");--> statement-breakpoint
CREATE INDEX "documents_sender_expires_idx" ON "documents" USING btree ("sender_user_id","expires_at","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "documents_sender_name_asc_idx" ON "documents" USING btree ("sender_user_id",lower("name"),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "documents_sender_name_desc_idx" ON "documents" USING btree ("sender_user_id",lower("name"),"created_at","id");--> statement-breakpoint
CREATE INDEX "documents_sender_state_asc_idx" ON "documents" USING btree ("sender_user_id",(case "state" when 'draft' then 0 when 'editing' then 1 when 'pending' then 2 when 'executed' then 3 when 'declined' then 4 when 'expired' then 5 else 6 end),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "documents_sender_state_desc_idx" ON "documents" USING btree ("sender_user_id",(case "state" when 'draft' then 0 when 'editing' then 1 when 'pending' then 2 when 'executed' then 3 when 'declined' then 4 when 'expired' then 5 else 6 end),"created_at","id");--> statement-breakpoint
CREATE INDEX "recipients_name_trgm_idx" ON "recipients" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recipients_email_trgm_idx" ON "recipients" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recipients_email_lower_idx" ON "recipients" USING btree (lower("email"));
--> statement-breakpoint
-- document_counts follows documents (the list's totals, list-documents.ts): inserts and deletes once per
-- statement through transition tables (bulk imports stay bulk), state or sender changes per row. Rows are
-- locked in (sender, state) order within a statement, so two statements never wait on each other in turn.
CREATE FUNCTION document_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_counts (sender_user_id, state, n)
  SELECT sender_user_id, state, count(*) FROM new_rows GROUP BY sender_user_id, state ORDER BY sender_user_id, state
  ON CONFLICT (sender_user_id, state) DO UPDATE SET n = document_counts.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION document_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE document_counts c SET n = c.n - o.n
  FROM (SELECT sender_user_id, state, count(*) AS n FROM old_rows GROUP BY sender_user_id, state) o
  WHERE c.sender_user_id = o.sender_user_id AND c.state = o.state;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION document_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_counts (sender_user_id, state, n)
  SELECT s, st, d FROM (VALUES (OLD.sender_user_id, OLD.state, -1), (NEW.sender_user_id, NEW.state, 1)) AS v(s, st, d) ORDER BY s, st
  ON CONFLICT (sender_user_id, state) DO UPDATE SET n = document_counts.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER documents_count_insert AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION document_counts_add();--> statement-breakpoint
CREATE TRIGGER documents_count_delete AFTER DELETE ON documents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION document_counts_remove();--> statement-breakpoint
CREATE TRIGGER documents_count_update AFTER UPDATE OF state, sender_user_id ON documents
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.sender_user_id IS DISTINCT FROM NEW.sender_user_id)
  EXECUTE FUNCTION document_counts_move();--> statement-breakpoint
INSERT INTO document_counts (sender_user_id, state, n) SELECT sender_user_id, state, count(*) FROM documents GROUP BY sender_user_id, state;
