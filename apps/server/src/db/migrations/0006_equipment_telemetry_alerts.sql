CREATE TABLE "alert_settings" (
	"space_id" char(26) PRIMARY KEY NOT NULL,
	"termite_activity_threshold" smallint NOT NULL,
	"colony_station_count" smallint NOT NULL,
	"bait_consumption_threshold" smallint NOT NULL,
	"bait_consumption_days" smallint NOT NULL,
	"weak_signal_dbm" smallint NOT NULL,
	"expected_uplink_hours" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"space_id" char(26) NOT NULL,
	"site_id" char(26) NOT NULL,
	"equipment_id" char(26),
	"type" text NOT NULL,
	"priority" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"acknowledged_by" char(26),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"space_id" char(26) NOT NULL,
	"site_id" char(26) NOT NULL,
	"gateway_id" char(26),
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"serial_number" text NOT NULL,
	"trap_type" text,
	"treatment_type" text,
	"state" smallint DEFAULT 0 NOT NULL,
	"masonry" smallint,
	"installed_at" timestamp with time zone,
	"firmware_version" text,
	"latitude" numeric(12, 9),
	"longitude" numeric(12, 9),
	"signal_level" smallint,
	"battery_level" text,
	"battery_percent" smallint,
	"last_update_at" timestamp with time zone,
	"alert_since" timestamp with time zone,
	"credential_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_pictures" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"space_id" char(26) NOT NULL,
	"equipment_id" char(26) NOT NULL,
	"file" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"equipment_id" char(26) NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"termite_activity" smallint NOT NULL,
	"bait_consumption" smallint NOT NULL,
	"battery_level" text NOT NULL,
	"battery_percent" smallint,
	"signal_level" smallint NOT NULL,
	"state" smallint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "readings_pkey" PRIMARY KEY("equipment_id","measured_at")
);
--> statement-breakpoint
CREATE TABLE "sync_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"space_id" char(26) NOT NULL,
	"site_id" char(26),
	"gateway_id" char(26),
	"transport" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_memberships_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_gateway_id_equipment_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."equipment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_pictures" ADD CONSTRAINT "equipment_pictures_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_pictures" ADD CONSTRAINT "equipment_pictures_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_logs" ADD CONSTRAINT "sync_logs_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_logs" ADD CONSTRAINT "sync_logs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_logs" ADD CONSTRAINT "sync_logs_gateway_id_equipment_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."equipment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_unique" ON "alerts" USING btree ("site_id",coalesce("equipment_id", ''),"type") WHERE "alerts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_site_opened_idx" ON "alerts" USING btree ("site_id","opened_at");--> statement-breakpoint
CREATE INDEX "alerts_equipment_idx" ON "alerts" USING btree ("equipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_serial_unique" ON "equipment" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "equipment_site_idx" ON "equipment" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "equipment_space_last_update_idx" ON "equipment" USING btree ("space_id","last_update_at");--> statement-breakpoint
CREATE INDEX "equipment_pictures_equipment_idx" ON "equipment_pictures" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "sync_logs_site_received_idx" ON "sync_logs" USING btree ("site_id","received_at");