-- ADR 026: every change that ends a session's access notifies the channel `isoptera_sessions`, whoever makes it
-- (a module, a cascade, an operator's SQL); the notification is delivered when the transaction commits. Each instance
-- drops the matching entries of its "session known valid" cache (platform/auth/session-guard.ts).
CREATE FUNCTION "isoptera_notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('isoptera_sessions', TG_ARGV[0] || OLD.id::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_notify_change" AFTER UPDATE OF "revoked_at", "substitute_space_id", "membership_id" ON "sessions"
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.substitute_space_id IS DISTINCT FROM NEW.substitute_space_id OR OLD.membership_id IS DISTINCT FROM NEW.membership_id)
  EXECUTE FUNCTION "isoptera_notify_session_change"('s:');--> statement-breakpoint
CREATE TRIGGER "sessions_notify_delete" AFTER DELETE ON "sessions" FOR EACH ROW
  EXECUTE FUNCTION "isoptera_notify_session_change"('s:');--> statement-breakpoint
CREATE TRIGGER "field_devices_notify_change" AFTER UPDATE OF "revoked_at" ON "field_devices" FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at)
  EXECUTE FUNCTION "isoptera_notify_session_change"('s:');--> statement-breakpoint
CREATE TRIGGER "field_devices_notify_delete" AFTER DELETE ON "field_devices" FOR EACH ROW
  EXECUTE FUNCTION "isoptera_notify_session_change"('s:');--> statement-breakpoint
CREATE TRIGGER "memberships_notify_change" AFTER UPDATE OF "status" ON "memberships" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "isoptera_notify_session_change"('m:');--> statement-breakpoint
CREATE TRIGGER "memberships_notify_delete" AFTER DELETE ON "memberships" FOR EACH ROW
  EXECUTE FUNCTION "isoptera_notify_session_change"('m:');
