-- Every uplink rewrites the status of its stations (battery, signal, state, last_update_at). While last_update_at was
-- indexed, each of those updates inserted a new entry into all six indexes of equipment (no HOT update possible);
-- no query reads that index (the silence checks use coalesce(last_update_at, …)). Without it, and with room left on
-- each page, a status update stays on its page and touches no index (docs/decisions/025).
DROP INDEX "equipment_space_last_update_idx";--> statement-breakpoint
ALTER TABLE "equipment" SET (fillfactor = 80);
