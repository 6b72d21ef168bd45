CREATE TABLE "automatic_report_settings" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"space_id" char(26) NOT NULL,
	"site_id" char(26),
	"frequency" text NOT NULL,
	"weekday" smallint NOT NULL,
	"month_day" smallint,
	"hour" smallint NOT NULL,
	"delivery" text NOT NULL,
	"primary_contact" boolean DEFAULT true NOT NULL,
	"recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"all_clear" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "automatic_kind" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "automatic_data" jsonb;--> statement-breakpoint
ALTER TABLE "automatic_report_settings" ADD CONSTRAINT "automatic_report_settings_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_report_settings" ADD CONSTRAINT "automatic_report_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automatic_report_settings_space_unique" ON "automatic_report_settings" USING btree ("space_id") WHERE "automatic_report_settings"."site_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "automatic_report_settings_site_unique" ON "automatic_report_settings" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_automatic_period_unique" ON "reports" USING btree ("site_id","type","automatic_kind","period_start","period_end") WHERE "reports"."period_start" is not null;