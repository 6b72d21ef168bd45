CREATE TABLE "contract_documents" (
	"contract_id" char(26) PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_visits" (
	"contract_id" char(26) NOT NULL,
	"due_date" date NOT NULL,
	"intervention_id" char(26),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_visits_contract_id_due_date_pk" PRIMARY KEY("contract_id","due_date")
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "visit_rule" jsonb;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "visit_window_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "preferred_technician_id" char(26);--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "billing_period" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "auto_renewal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "notice_period_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "warranty_years" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "terminated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_visits" ADD CONSTRAINT "contract_visits_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_visits" ADD CONSTRAINT "contract_visits_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_visits_intervention_idx" ON "contract_visits" USING btree ("intervention_id") WHERE "contract_visits"."intervention_id" is not null;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_preferred_technician_id_memberships_id_fk" FOREIGN KEY ("preferred_technician_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_site_idx" ON "contracts" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "contracts_space_end_idx" ON "contracts" USING btree ("space_id","ended_at","id");