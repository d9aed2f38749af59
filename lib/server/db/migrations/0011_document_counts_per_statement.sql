-- document_counts follows a state or sender change once per statement (migration 0010 did it once per row):
-- a row trigger locks counter rows row after row, in the order the statement updates its documents, so two
-- multi-row updates of one sender's documents in different orders of state (a bulk void, the expiry sweep)
-- could each hold a counter row the other waits for. Now every statement's deltas are summed per (sender,
-- state) and applied by one upsert in (sender, state) order, skipping deltas that cancel out; the deletes'
-- decrement takes the same order. Transition tables cannot go with `UPDATE OF cols`, so the trigger fires
-- on every UPDATE of documents: joined by id (documents never change id), rows whose state and sender stay
-- are left out before anything is grouped or locked, and an update of other columns writes nothing.
DROP TRIGGER "documents_count_update" ON "documents";--> statement-breakpoint
DROP FUNCTION document_counts_move();--> statement-breakpoint
CREATE FUNCTION document_counts_shift() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_counts (sender_user_id, state, n)
  SELECT v.sender_user_id, v.state, sum(v.d)
  FROM old_rows o
  JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES (o.sender_user_id, o.state, -1), (n.sender_user_id, n.state, 1)) AS v(sender_user_id, state, d)
  WHERE o.state IS DISTINCT FROM n.state OR o.sender_user_id IS DISTINCT FROM n.sender_user_id
  GROUP BY v.sender_user_id, v.state
  HAVING sum(v.d) <> 0
  ORDER BY v.sender_user_id, v.state
  ON CONFLICT (sender_user_id, state) DO UPDATE SET n = document_counts.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "documents_count_update" AFTER UPDATE ON "documents" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION document_counts_shift();--> statement-breakpoint
CREATE OR REPLACE FUNCTION document_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_counts (sender_user_id, state, n)
  SELECT sender_user_id, state, -count(*) FROM old_rows GROUP BY sender_user_id, state ORDER BY sender_user_id, state
  ON CONFLICT (sender_user_id, state) DO UPDATE SET n = document_counts.n + excluded.n;
  RETURN NULL;
END $$;
