CREATE TABLE "document_list_versions" (
	"sender_user_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"bumped_by" "xid8" NOT NULL
);
--> statement-breakpoint
-- document_list_versions: what a cached document answer is checked against (lib/server/answer-cache).
-- Every committed change to a document, its recipients, audit entries or field values raises its
-- sender's version, as does a change of the sender's name or e-mail (shown in every answer). The
-- triggers are deferred: they run at commit, so the sender's row is locked only while the transaction
-- commits (an immediate trigger would hold it from the first write on, and every other transaction on
-- the same sender's documents would queue behind it), and a transaction raises each sender once
-- (bumped_by). A change and its new version become visible together, so a reader that reads the
-- version before the data can never keep stale data under a new version.
-- The price: commits touching one sender's documents take that sender's row one after the other
-- (for the moment of the commit only). A transaction touching several senders' documents (the
-- expiry sweep) raises them in the order of its changes; two such transactions committing at the
-- same moment in opposite orders would deadlock, and PostgreSQL would abort one (the sweep is a
-- job, retried).
-- The embedded database (PGlite, one process, lib/server/db/embedded-changes.ts) also says so by NOTIFY
-- after the commit, so its answers need no read at all; on PostgreSQL the setting is off.
CREATE FUNCTION document_list_versions_raise(sender text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO document_list_versions AS v (sender_user_id, version, bumped_by) VALUES (sender, 1, pg_current_xact_id())
  ON CONFLICT (sender_user_id) DO UPDATE SET version = v.version + 1, bumped_by = excluded.bumped_by
  WHERE v.bumped_by <> excluded.bumped_by;
  SELECT pg_notify('document_list_versions', '') WHERE current_setting('signing.list_versions_notify', true) = 'on';
$$;--> statement-breakpoint
CREATE FUNCTION document_list_versions_of_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A document moved to another sender raises both, the lesser id first.
  IF TG_OP = 'UPDATE' AND NEW.sender_user_id IS DISTINCT FROM OLD.sender_user_id THEN
    PERFORM document_list_versions_raise(s) FROM unnest(ARRAY[OLD.sender_user_id, NEW.sender_user_id]) AS s ORDER BY s;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM document_list_versions_raise(OLD.sender_user_id);
  ELSE
    PERFORM document_list_versions_raise(NEW.sender_user_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION document_list_versions_of_part() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- At commit the document may be gone (deleted with its parts): its own trigger raised its sender.
  PERFORM document_list_versions_raise(d.sender_user_id) FROM documents d
  WHERE d.id IN (CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.document_id END, CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.document_id END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION document_list_versions_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM document_list_versions_raise(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "documents_list_versions" AFTER INSERT OR UPDATE OR DELETE ON "documents"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_list_versions_of_document();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "recipients_list_versions" AFTER INSERT OR UPDATE OR DELETE ON "recipients"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_list_versions_of_part();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audits_list_versions" AFTER INSERT OR UPDATE OR DELETE ON "audits"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_list_versions_of_part();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "field_values_list_versions" AFTER INSERT OR UPDATE OR DELETE ON "field_values"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_list_versions_of_part();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_list_versions" AFTER UPDATE OF "name", "email" ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION document_list_versions_of_user();
