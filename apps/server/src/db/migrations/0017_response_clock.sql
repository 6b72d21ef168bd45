CREATE TABLE "alert_response_targets" (
	"space_id" char(26) NOT NULL,
	"alert_type" text NOT NULL,
	"hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_response_targets_pkey" PRIMARY KEY("space_id","alert_type"),
	CONSTRAINT "alert_response_targets_hours_check" CHECK ("alert_response_targets"."hours" between 1 and 8760)
);
--> statement-breakpoint
CREATE TABLE "alert_visit_proposals" (
	"alert_id" char(26) PRIMARY KEY NOT NULL,
	"space_id" char(26) NOT NULL,
	"site_id" char(26) NOT NULL,
	"referent_id" char(26),
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"intervention_id" char(26),
	"dismiss_reason" text,
	"dismiss_note" text,
	"decided_by_id" char(26),
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_visit_proposals_status_check" CHECK ("alert_visit_proposals"."status" in ('proposed', 'accepted', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "overdue_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_response_targets" ADD CONSTRAINT "alert_response_targets_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_visit_proposals" ADD CONSTRAINT "alert_visit_proposals_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_visit_proposals" ADD CONSTRAINT "alert_visit_proposals_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_visit_proposals" ADD CONSTRAINT "alert_visit_proposals_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_visit_proposals" ADD CONSTRAINT "alert_visit_proposals_referent_id_memberships_id_fk" FOREIGN KEY ("referent_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_visit_proposals" ADD CONSTRAINT "alert_visit_proposals_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_visit_proposals" ADD CONSTRAINT "alert_visit_proposals_decided_by_id_memberships_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_visit_proposals_space_status_idx" ON "alert_visit_proposals" USING btree ("space_id","status");--> statement-breakpoint
CREATE INDEX "alert_visit_proposals_intervention_idx" ON "alert_visit_proposals" USING btree ("intervention_id");--> statement-breakpoint
CREATE INDEX "reports_site_checked_in_idx" ON "reports" USING btree ("site_id","checked_in_at") WHERE "reports"."checked_in_at" is not null;