CREATE TABLE "document_share_counts" (
	"email" text NOT NULL,
	"sender_user_id" text NOT NULL,
	"state" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "document_share_counts_email_sender_user_id_state_pk" PRIMARY KEY("email","sender_user_id","state")
);
--> statement-breakpoint
-- document_share_counts follows documents.shared_with with the document's sender and state, as
-- document_counts follows documents (migrations 0010, 0011): once per statement, every statement's
-- deltas summed per (e-mail, sender, state) and applied by one upsert in that order (two statements
-- never take two counter rows in opposite orders), deltas that cancel out skipped. An e-mail listed
-- twice in one document counts once, as document_shares holds it once. Updates whose shared_with,
-- state and sender all stay are left out before anything is grouped or locked.
CREATE FUNCTION document_share_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_share_counts (email, sender_user_id, state, n)
  SELECT s.email, s.sender_user_id, s.state, count(*)
  FROM (SELECT DISTINCT e.email, n.id, n.sender_user_id, n.state
        FROM new_rows n CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(n.shared_with) = 'array' THEN n.shared_with ELSE '[]' END) AS e(email)) s
  GROUP BY s.email, s.sender_user_id, s.state
  ORDER BY s.email, s.sender_user_id, s.state
  ON CONFLICT (email, sender_user_id, state) DO UPDATE SET n = document_share_counts.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION document_share_counts_shift() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_share_counts (email, sender_user_id, state, n)
  SELECT v.email, v.sender_user_id, v.state, sum(v.d)
  FROM (
    SELECT DISTINCT e.email, o.id, o.sender_user_id, o.state, -1 AS d
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(o.shared_with) = 'array' THEN o.shared_with ELSE '[]' END) AS e(email)
    WHERE (o.shared_with IS DISTINCT FROM n.shared_with OR o.state IS DISTINCT FROM n.state OR o.sender_user_id IS DISTINCT FROM n.sender_user_id)
    UNION ALL
    SELECT DISTINCT e.email, n.id, n.sender_user_id, n.state, 1 AS d
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(n.shared_with) = 'array' THEN n.shared_with ELSE '[]' END) AS e(email)
    WHERE (o.shared_with IS DISTINCT FROM n.shared_with OR o.state IS DISTINCT FROM n.state OR o.sender_user_id IS DISTINCT FROM n.sender_user_id)
  ) v
  GROUP BY v.email, v.sender_user_id, v.state
  HAVING sum(v.d) <> 0
  ORDER BY v.email, v.sender_user_id, v.state
  ON CONFLICT (email, sender_user_id, state) DO UPDATE SET n = document_share_counts.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION document_share_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_share_counts (email, sender_user_id, state, n)
  SELECT s.email, s.sender_user_id, s.state, -count(*)
  FROM (SELECT DISTINCT e.email, o.id, o.sender_user_id, o.state
        FROM old_rows o CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(o.shared_with) = 'array' THEN o.shared_with ELSE '[]' END) AS e(email)) s
  GROUP BY s.email, s.sender_user_id, s.state
  ORDER BY s.email, s.sender_user_id, s.state
  ON CONFLICT (email, sender_user_id, state) DO UPDATE SET n = document_share_counts.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "documents_share_counts_insert" AFTER INSERT ON "documents" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION document_share_counts_add();--> statement-breakpoint
CREATE TRIGGER "documents_share_counts_update" AFTER UPDATE ON "documents" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION document_share_counts_shift();--> statement-breakpoint
CREATE TRIGGER "documents_share_counts_delete" AFTER DELETE ON "documents" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION document_share_counts_remove();--> statement-breakpoint
INSERT INTO document_share_counts (email, sender_user_id, state, n)
SELECT s.email, s.sender_user_id, s.state, count(*)
FROM (SELECT DISTINCT e.email, d.id, d.sender_user_id, d.state
      FROM documents d CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(d.shared_with) = 'array' THEN d.shared_with ELSE '[]' END) AS e(email)) s
GROUP BY s.email, s.sender_user_id, s.state;
