DROP INDEX "sites_space_priority_idx";--> statement-breakpoint
DROP INDEX "clients_space_updated_idx";--> statement-breakpoint
DROP INDEX "interventions_space_start_idx";--> statement-breakpoint
DROP INDEX "sites_space_name_idx";--> statement-breakpoint
ALTER TABLE "clients" drop column "name_folded";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (fold_name("name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (fold_name("name")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_name_trgm_idx" ON "clients" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_space_priority_name_idx" ON "sites" USING btree ("space_id","priority_sum" DESC NULLS FIRST,lower("name"),"id");--> statement-breakpoint
CREATE INDEX "sites_name_trgm_idx" ON "sites" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_space_updated_idx" ON "clients" USING btree ("space_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "interventions_space_start_idx" ON "interventions" USING btree ("space_id","start_at","id");--> statement-breakpoint
CREATE INDEX "sites_space_name_idx" ON "sites" USING btree ("space_id",lower("name"),"id");