CREATE TABLE "document_search" (
	"document_id" text PRIMARY KEY NOT NULL,
	"sender_user_id" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_search" ADD CONSTRAINT "document_search_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- document_search (list-documents.ts) holds what a search looks in: the name, the file name and each
-- recipient's name and e-mail, each lower-cased, one per line. LIKE lower(pattern) on it is ILIKE on
-- each part (PostgreSQL's ILIKE lower-cases both sides) for any text without a line break, which the
-- app searches the old way. Kept once per statement through transition tables, as document_shares is
-- (migration 0012). The recipients part is read from the tables: each trigger first locks the
-- document's row here, then reads in a new statement (a fresh snapshot under READ COMMITTED), so of
-- two transactions changing one document's recipients the later one sees the earlier's.
CREATE FUNCTION document_search_text(doc_name text, doc_filename text, doc_id text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(doc_name) || E'\n' || lower(doc_filename) || coalesce(
    (SELECT string_agg(E'\n' || lower(r.name) || E'\n' || lower(coalesce(r.email, '')), '' ORDER BY r.id)
     FROM recipients r WHERE r.document_id = doc_id), '')
$$;--> statement-breakpoint
-- A new document has no recipients yet (theirs reference it): its text is its name and file name.
CREATE FUNCTION document_search_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_search (document_id, sender_user_id, state, created_at, text)
  SELECT n.id, n.sender_user_id, n.state, n.created_at, lower(n.name) || E'\n' || lower(n.filename) FROM new_rows n;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only rows whose name, file name, state, sender or creation time changed are written.
CREATE FUNCTION document_search_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM document_search s JOIN new_rows n ON n.id = s.document_id JOIN old_rows o ON o.id = n.id
  WHERE o.name IS DISTINCT FROM n.name OR o.filename IS DISTINCT FROM n.filename
  ORDER BY s.document_id FOR UPDATE OF s;
  UPDATE document_search s
  SET sender_user_id = n.sender_user_id, state = n.state, created_at = n.created_at,
    text = CASE WHEN o.name IS DISTINCT FROM n.name OR o.filename IS DISTINCT FROM n.filename
      THEN document_search_text(n.name, n.filename, n.id) ELSE s.text END
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE s.document_id = n.id
    AND (o.name IS DISTINCT FROM n.name OR o.filename IS DISTINCT FROM n.filename OR o.state IS DISTINCT FROM n.state
      OR o.sender_user_id IS DISTINCT FROM n.sender_user_id OR o.created_at IS DISTINCT FROM n.created_at);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Recipients added, removed, or renamed or readdressed (a signature or a view writes nothing here).
CREATE FUNCTION document_search_recipients() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.document_id) INTO ids FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.document_id) INTO ids FROM old_rows o;
  ELSE
    SELECT array_agg(DISTINCT x.document_id) INTO ids FROM (
      SELECT n.document_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.name IS DISTINCT FROM n.name OR o.email IS DISTINCT FROM n.email OR o.document_id IS DISTINCT FROM n.document_id
      UNION SELECT o.document_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.document_id IS DISTINCT FROM n.document_id
    ) x;
  END IF;
  IF ids IS NULL THEN RETURN NULL; END IF;
  PERFORM 1 FROM document_search WHERE document_id = ANY (ids) ORDER BY document_id FOR UPDATE;
  UPDATE document_search s SET text = document_search_text(d.name, d.filename, d.id)
  FROM documents d WHERE d.id = s.document_id AND s.document_id = ANY (ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "documents_search_insert" AFTER INSERT ON "documents" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION document_search_add();--> statement-breakpoint
CREATE TRIGGER "documents_search_update" AFTER UPDATE ON "documents" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION document_search_follow();--> statement-breakpoint
CREATE TRIGGER "recipients_search_insert" AFTER INSERT ON "recipients" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION document_search_recipients();--> statement-breakpoint
CREATE TRIGGER "recipients_search_update" AFTER UPDATE ON "recipients" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION document_search_recipients();--> statement-breakpoint
CREATE TRIGGER "recipients_search_delete" AFTER DELETE ON "recipients" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION document_search_recipients();--> statement-breakpoint
INSERT INTO document_search (document_id, sender_user_id, state, created_at, text)
SELECT d.id, d.sender_user_id, d.state, d.created_at, document_search_text(d.name, d.filename, d.id) FROM documents d;--> statement-breakpoint
-- (the indexes after the rows: one build instead of 100,000 insertions)
CREATE INDEX "document_search_text_idx" ON "document_search" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "document_search_sender_idx" ON "document_search" USING btree ("sender_user_id","created_at");
