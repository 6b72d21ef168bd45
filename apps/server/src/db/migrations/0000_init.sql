CREATE TABLE "accounts" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT 'fr' NOT NULL,
	"timezone" text DEFAULT 'Europe/Paris' NOT NULL,
	"mail_notification" boolean DEFAULT true NOT NULL,
	"avatar" text,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"account_id" char(26) NOT NULL,
	"space_id" char(26) NOT NULL,
	"space_type" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"disabled_at" timestamp with time zone,
	"last_invited_at" timestamp with time zone,
	"color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"session_id" char(26) NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"account_id" char(26) NOT NULL,
	"membership_id" char(26) NOT NULL,
	"substitute_space_id" char(26),
	"remember_me" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_contacts" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"client_id" char(26) NOT NULL,
	"contact_id" char(26) NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"space_id" char(26) NOT NULL,
	"name" text NOT NULL,
	"company" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"space_id" char(26) NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"title" text NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intervention_interveners" (
	"intervention_id" char(26) NOT NULL,
	"membership_id" char(26) NOT NULL,
	CONSTRAINT "intervention_interveners_intervention_id_membership_id_pk" PRIMARY KEY("intervention_id","membership_id")
);
--> statement-breakpoint
CREATE TABLE "interventions" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"space_id" char(26) NOT NULL,
	"client_id" char(26) NOT NULL,
	"site_id" char(26) NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"send_mail" boolean DEFAULT true NOT NULL,
	"created_by_id" char(26),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"space_id" char(26) NOT NULL,
	"client_id" char(26) NOT NULL,
	"site_id" char(26),
	"reference" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_contacts" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"site_id" char(26) NOT NULL,
	"contact_id" char(26) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"space_id" char(26) NOT NULL,
	"client_id" char(26) NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"address_label" text NOT NULL,
	"street" text,
	"postal_code" text,
	"city" text,
	"country" text,
	"latitude" numeric(12, 9),
	"longitude" numeric(12, 9),
	"area" numeric(12, 2) NOT NULL,
	"referent_id" char(26),
	"notes" text,
	"work_type" text DEFAULT 'TYPE_UNKNOWN' NOT NULL,
	"building_type" text DEFAULT 'TYPE_NONE' NOT NULL,
	"termite_species" text DEFAULT 'undefined' NOT NULL,
	"treatment_type" text DEFAULT 'TYPE_PREVENTION' NOT NULL,
	"estimated_box_number" integer DEFAULT 0 NOT NULL,
	"estimated_igs_number" integer DEFAULT 0 NOT NULL,
	"estimated_ags_number" integer DEFAULT 0 NOT NULL,
	"desired_installation_date" date,
	"status" text DEFAULT 'STATUS_TO_ESTIMATE' NOT NULL,
	"priority_sum" integer DEFAULT 0 NOT NULL,
	"main_alert_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spaces" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"address_label" text,
	"street" text,
	"postal_code" text,
	"city" text,
	"country" text,
	"latitude" text,
	"longitude" text,
	"logo" text,
	"erp_client_id" text,
	"erp_order_id" text,
	"dealer_id" char(26),
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spaces_type_check" CHECK ("spaces"."type" in ('admin', 'dealer', 'pco'))
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_substitute_space_id_spaces_id_fk" FOREIGN KEY ("substitute_space_id") REFERENCES "public"."spaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intervention_interveners" ADD CONSTRAINT "intervention_interveners_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intervention_interveners" ADD CONSTRAINT "intervention_interveners_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_created_by_id_memberships_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_contacts" ADD CONSTRAINT "site_contacts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_contacts" ADD CONSTRAINT "site_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_referent_id_memberships_id_fk" FOREIGN KEY ("referent_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_dealer_id_spaces_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."spaces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_unique" ON "accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_account_space_type_unique" ON "memberships" USING btree ("account_id","space_type");--> statement-breakpoint
CREATE INDEX "memberships_space_idx" ON "memberships" USING btree ("space_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_unique" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_contacts_pair_unique" ON "client_contacts" USING btree ("client_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_contacts_primary_unique" ON "client_contacts" USING btree ("client_id") WHERE "client_contacts"."is_primary";--> statement-breakpoint
CREATE INDEX "client_contacts_contact_idx" ON "client_contacts" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "clients_space_name_idx" ON "clients" USING btree ("space_id","name");--> statement-breakpoint
CREATE INDEX "clients_space_updated_idx" ON "clients" USING btree ("space_id","updated_at");--> statement-breakpoint
CREATE INDEX "clients_name_trgm_idx" ON "clients" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "contacts_space_idx" ON "contacts" USING btree ("space_id");--> statement-breakpoint
CREATE INDEX "intervention_interveners_member_idx" ON "intervention_interveners" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "interventions_space_start_idx" ON "interventions" USING btree ("space_id","start_at");--> statement-breakpoint
CREATE INDEX "interventions_site_idx" ON "interventions" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "interventions_client_idx" ON "interventions" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "contracts_client_idx" ON "contracts" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_contacts_site_unique" ON "site_contacts" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "site_contacts_contact_idx" ON "site_contacts" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "sites_space_name_idx" ON "sites" USING btree ("space_id","name");--> statement-breakpoint
CREATE INDEX "sites_space_priority_idx" ON "sites" USING btree ("space_id","priority_sum");--> statement-breakpoint
CREATE INDEX "sites_client_idx" ON "sites" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "sites_referent_idx" ON "sites" USING btree ("referent_id");--> statement-breakpoint
CREATE INDEX "spaces_dealer_idx" ON "spaces" USING btree ("dealer_id");