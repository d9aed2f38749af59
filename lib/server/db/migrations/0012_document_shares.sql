CREATE TABLE "document_shares" (
	"email" text NOT NULL,
	"document_id" text NOT NULL,
	"sender_user_id" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_shares_email_document_id_pk" PRIMARY KEY("email","document_id")
);
--> statement-breakpoint
ALTER TABLE "document_shares" ADD CONSTRAINT "document_shares_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_shares_walk_idx" ON "document_shares" USING btree ("email","created_at","document_id","state","sender_user_id");--> statement-breakpoint
CREATE INDEX "document_shares_document_idx" ON "document_shares" USING btree ("document_id");--> statement-breakpoint
-- document_shares follows documents.shared_with (the list's shared side, list-documents.ts), with the
-- document's state, sender and creation time: once per statement through transition tables, as
-- document_counts is (migration 0011), so bulk writes stay bulk. An update's rows whose shared_with,
-- state, sender and created_at all stay are left out first, so most updates write nothing here. The
-- documents' own rows are locked by the statement, so two statements never rewrite one document's
-- shares at once; a document's deletion takes its shares with it (the foreign key).
CREATE FUNCTION document_shares_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_shares (email, document_id, sender_user_id, state, created_at)
  SELECT DISTINCT e.email, n.id, n.sender_user_id, n.state, n.created_at
  FROM new_rows n CROSS JOIN LATERAL jsonb_array_elements_text(n.shared_with) AS e(email)
  WHERE jsonb_typeof(n.shared_with) = 'array' AND n.shared_with <> '[]'::jsonb
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION document_shares_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM document_shares s USING old_rows o JOIN new_rows n ON n.id = o.id
  WHERE s.document_id = o.id AND o.shared_with <> '[]'::jsonb
    AND (o.shared_with IS DISTINCT FROM n.shared_with OR o.state IS DISTINCT FROM n.state
      OR o.sender_user_id IS DISTINCT FROM n.sender_user_id OR o.created_at IS DISTINCT FROM n.created_at);
  INSERT INTO document_shares (email, document_id, sender_user_id, state, created_at)
  SELECT DISTINCT e.email, n.id, n.sender_user_id, n.state, n.created_at
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL jsonb_array_elements_text(n.shared_with) AS e(email)
  WHERE jsonb_typeof(n.shared_with) = 'array' AND n.shared_with <> '[]'::jsonb
    AND (o.shared_with IS DISTINCT FROM n.shared_with OR o.state IS DISTINCT FROM n.state
      OR o.sender_user_id IS DISTINCT FROM n.sender_user_id OR o.created_at IS DISTINCT FROM n.created_at)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "documents_shares_insert" AFTER INSERT ON "documents" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION document_shares_add();--> statement-breakpoint
CREATE TRIGGER "documents_shares_update" AFTER UPDATE ON "documents" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION document_shares_follow();--> statement-breakpoint
INSERT INTO document_shares (email, document_id, sender_user_id, state, created_at)
SELECT DISTINCT e.email, d.id, d.sender_user_id, d.state, d.created_at
FROM documents d CROSS JOIN LATERAL jsonb_array_elements_text(d.shared_with) AS e(email)
WHERE jsonb_typeof(d.shared_with) = 'array' AND d.shared_with <> '[]'::jsonb;
