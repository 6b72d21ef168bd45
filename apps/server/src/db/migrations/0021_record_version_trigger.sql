-- Hand-written (drizzle-kit cannot declare triggers): optimistic concurrency (issue 16, docs/decisions/023). Every
-- UPDATE of a client, site, intervention, contract or report raises its `version` by one, whatever statement makes it
-- (an edit, a touch of `updated_at` by a child's change, a status computed by another module), so the strong ETag
-- derived from it changes with every change of the record. An edit sent with `If-Match` checks the version in its own
-- conditional UPDATE (`platform/db/versions.ts`).
CREATE OR REPLACE FUNCTION public.bump_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN NEW.version := OLD.version + 1; RETURN NEW; END $$;--> statement-breakpoint
CREATE TRIGGER clients_bump_version BEFORE UPDATE ON "clients" FOR EACH ROW EXECUTE FUNCTION public.bump_version();--> statement-breakpoint
CREATE TRIGGER sites_bump_version BEFORE UPDATE ON "sites" FOR EACH ROW EXECUTE FUNCTION public.bump_version();--> statement-breakpoint
CREATE TRIGGER interventions_bump_version BEFORE UPDATE ON "interventions" FOR EACH ROW EXECUTE FUNCTION public.bump_version();--> statement-breakpoint
CREATE TRIGGER contracts_bump_version BEFORE UPDATE ON "contracts" FOR EACH ROW EXECUTE FUNCTION public.bump_version();--> statement-breakpoint
CREATE TRIGGER reports_bump_version BEFORE UPDATE ON "reports" FOR EACH ROW EXECUTE FUNCTION public.bump_version();
