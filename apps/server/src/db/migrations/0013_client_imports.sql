CREATE TABLE "client_import_records" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"import_id" char(26) NOT NULL,
	"kind" text NOT NULL,
	"entity_id" char(26) NOT NULL,
	"action" text NOT NULL,
	"stamped_at" timestamp with time zone NOT NULL,
	"before" jsonb
);
--> statement-breakpoint
CREATE TABLE "client_imports" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"space_id" char(26) NOT NULL,
	"created_by" char(26),
	"status" text DEFAULT 'draft' NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"file" "bytea" NOT NULL,
	"encoding" text,
	"delimiter" text,
	"sheet" text NOT NULL,
	"header_row" integer DEFAULT 1 NOT NULL,
	"mapping" jsonb NOT NULL,
	"duplicate_policy" text DEFAULT 'skip' NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{"created":0,"updated":0,"skipped":0,"refused":0}'::jsonb NOT NULL,
	"refused_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"undo_kept" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_import_records" ADD CONSTRAINT "client_import_records_import_id_client_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."client_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_imports" ADD CONSTRAINT "client_imports_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_imports" ADD CONSTRAINT "client_imports_created_by_memberships_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_import_records_import_idx" ON "client_import_records" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "client_imports_space_idx" ON "client_imports" USING btree ("space_id","created_at");