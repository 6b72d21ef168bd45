CREATE TABLE "products" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"space_id" char(26) NOT NULL,
	"name" text NOT NULL,
	"name_folded" text GENERATED ALWAYS AS (fold_name("name")) STORED NOT NULL,
	"active_ingredients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"registration_number" text,
	"register" text,
	"unit" text NOT NULL,
	"is_bait" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_deliveries" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"report_id" char(26) NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_membership_id" char(26),
	"by_name" text,
	"recipients" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_interveners" (
	"report_id" char(26) NOT NULL,
	"membership_id" char(26),
	"name" text NOT NULL,
	"licence_number" text,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_photos" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"report_id" char(26) NOT NULL,
	"station_check_id" char(26),
	"kind" text NOT NULL,
	"file" "bytea" NOT NULL,
	"taken_at" timestamp with time zone,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_product_uses" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"report_id" char(26) NOT NULL,
	"product_id" char(26) NOT NULL,
	"product_name" text NOT NULL,
	"active_ingredients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"registration_number" text,
	"register" text,
	"quantity" numeric(14, 3) NOT NULL,
	"unit" text NOT NULL,
	"concentration" text,
	"method" text,
	"area_treated" text,
	"target_species" text[] DEFAULT '{}'::text[] NOT NULL,
	"applicator_membership_id" char(26),
	"applicator_name" text,
	"applicator_licence_number" text,
	"lot" text,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_station_checks" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"report_id" char(26) NOT NULL,
	"equipment_id" char(26),
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"trap_type" text,
	"latitude" numeric(12, 9),
	"longitude" numeric(12, 9),
	"result" text NOT NULL,
	"action" text NOT NULL,
	"bait_consumed" text,
	"termite_activity" smallint,
	"reading_measured_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"space_id" char(26) NOT NULL,
	"site_id" char(26) NOT NULL,
	"client_id" char(26) NOT NULL,
	"intervention_id" char(26),
	"type" text NOT NULL,
	"status" text DEFAULT 'to_process' NOT NULL,
	"visit_started_at" timestamp with time zone NOT NULL,
	"visit_ended_at" timestamp with time zone NOT NULL,
	"summary" text,
	"recommendations" text,
	"conducive_conditions" text,
	"customer_absent" boolean DEFAULT false NOT NULL,
	"customer_signature_name" text,
	"customer_signed_at" timestamp with time zone,
	"customer_signature" "bytea",
	"technician_membership_id" char(26),
	"technician_name" text,
	"technician_signature" "bytea",
	"language" text NOT NULL,
	"site_status_before" text,
	"discard_reason" text,
	"discarded_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"pdf" "bytea",
	"pdf_sha256" text,
	"created_by_id" char(26),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "licence_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_by_membership_id_memberships_id_fk" FOREIGN KEY ("by_membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_interveners" ADD CONSTRAINT "report_interveners_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_interveners" ADD CONSTRAINT "report_interveners_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_photos" ADD CONSTRAINT "report_photos_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_photos" ADD CONSTRAINT "report_photos_station_check_id_report_station_checks_id_fk" FOREIGN KEY ("station_check_id") REFERENCES "public"."report_station_checks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_product_uses" ADD CONSTRAINT "report_product_uses_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_product_uses" ADD CONSTRAINT "report_product_uses_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_product_uses" ADD CONSTRAINT "report_product_uses_applicator_membership_id_memberships_id_fk" FOREIGN KEY ("applicator_membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_station_checks" ADD CONSTRAINT "report_station_checks_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_station_checks" ADD CONSTRAINT "report_station_checks_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_technician_membership_id_memberships_id_fk" FOREIGN KEY ("technician_membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_created_by_id_memberships_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_space_name_idx" ON "products" USING btree ("space_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "report_deliveries_report_idx" ON "report_deliveries" USING btree ("report_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_interveners_position_unique" ON "report_interveners" USING btree ("report_id","position");--> statement-breakpoint
CREATE INDEX "report_interveners_member_idx" ON "report_interveners" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "report_photos_report_idx" ON "report_photos" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_photos_client_id_unique" ON "report_photos" USING btree ("report_id","client_id");--> statement-breakpoint
CREATE INDEX "report_product_uses_report_idx" ON "report_product_uses" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "report_product_uses_product_idx" ON "report_product_uses" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_station_checks_station_unique" ON "report_station_checks" USING btree ("report_id","equipment_id");--> statement-breakpoint
CREATE INDEX "report_station_checks_equipment_idx" ON "report_station_checks" USING btree ("equipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_intervention_unique" ON "reports" USING btree ("intervention_id");--> statement-breakpoint
CREATE INDEX "reports_space_status_visit_idx" ON "reports" USING btree ("space_id","status","visit_ended_at","id");--> statement-breakpoint
CREATE INDEX "reports_space_processed_idx" ON "reports" USING btree ("space_id","processed_at","id") WHERE "reports"."processed_at" is not null;--> statement-breakpoint
CREATE INDEX "reports_site_idx" ON "reports" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "reports_client_idx" ON "reports" USING btree ("client_id");