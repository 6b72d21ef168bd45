CREATE TABLE "field_devices" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"account_id" char(26) NOT NULL,
	"membership_id" char(26) NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "field_idempotency_keys" (
	"membership_id" char(26) NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_idempotency_keys_membership_id_key_pk" PRIMARY KEY("membership_id","key")
);
--> statement-breakpoint
CREATE TABLE "field_refresh_tokens" (
	"id" char(26) PRIMARY KEY NOT NULL,
	"device_id" char(26) NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_refresh_tokens_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "report_product_uses" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "check_in_position" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "checked_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "check_out_position" jsonb;--> statement-breakpoint
ALTER TABLE "field_devices" ADD CONSTRAINT "field_devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_devices" ADD CONSTRAINT "field_devices_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_idempotency_keys" ADD CONSTRAINT "field_idempotency_keys_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_refresh_tokens" ADD CONSTRAINT "field_refresh_tokens_device_id_field_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."field_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_devices_account_idx" ON "field_devices" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "field_idempotency_created_idx" ON "field_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "field_refresh_tokens_device_idx" ON "field_refresh_tokens" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_product_uses_client_id_unique" ON "report_product_uses" USING btree ("report_id","client_id");